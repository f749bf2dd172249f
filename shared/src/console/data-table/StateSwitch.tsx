import { chakra } from '@chakra-ui/react';

export interface StateSwitchProps {
  checked: boolean;
  /** Accessible name (e.g. 'Cambiar estado de jdoe'). */
  label: string;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

const Track = chakra('button', {
  base: {
    position: 'relative',
    display: 'inline-flex',
    flexShrink: 0,
    alignItems: 'center',
    width: '9',
    height: '5',
    p: '0.5',
    borderRadius: 'full',
    bg: 'gray.300',
    cursor: 'pointer',
    transition: 'background 0.15s',
    '&[aria-checked=true]': { bg: 'colorPalette.solid' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  },
});

const Thumb = chakra('span', {
  base: {
    width: '4',
    height: '4',
    borderRadius: 'full',
    bg: 'white',
    boxShadow: 'sm',
    transition: 'transform 0.15s',
    transform: 'translateX(0)',
    '[aria-checked=true] > &': { transform: 'translateX(1rem)' },
  },
});

/**
 * An on/off switch (role="switch"; Space and Enter toggle, being a button). Drawn here rather
 * than taken from Chakra so its state machine does not join the Chakra entry every route loads.
 */
export function StateSwitch({ checked, label, onChange, disabled }: StateSwitchProps) {
  return (
    <Track
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      colorPalette="brand"
      disabled={disabled}
      onClick={(event) => {
        event.stopPropagation();
        onChange(!checked);
      }}
    >
      <Thumb />
    </Track>
  );
}
