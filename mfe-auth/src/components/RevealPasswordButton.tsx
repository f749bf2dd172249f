import { IconButton } from '@chakra-ui/react';
import { useRef, type KeyboardEvent } from 'react';
import { EyeIcon } from './EyeIcon';

/** How a password field reveals its value: a show/hide toggle, or only while the button is held. */
export type RevealMode = 'toggle' | 'hold';

const HOLD_KEYS = new Set([' ', 'Enter']);

/**
 * The eye button of a password field. `toggle`: each press shows or hides, named by `showLabel` /
 * `hideLabel`. `hold`: the value shows while the pointer or Space/Enter is held down and hides on
 * release, leaving or losing focus; named by `holdLabel`. Both say their state with aria-pressed.
 * A click with no hold before it (a screen reader's activation) toggles, so the value stays reachable.
 */
export function RevealPasswordButton({
  mode,
  shown,
  onShownChange,
  showLabel,
  hideLabel,
  holdLabel,
}: {
  mode: RevealMode;
  shown: boolean;
  onShownChange: (shown: boolean) => void;
  showLabel: string;
  hideLabel: string;
  holdLabel: string;
}) {
  const held = useRef(false);
  const common = { 'aria-pressed': shown, variant: 'ghost', size: 'sm', me: '-2', color: 'inherit' } as const;

  if (mode === 'toggle') {
    return (
      <IconButton aria-label={shown ? hideLabel : showLabel} {...common} onClick={() => onShownChange(!shown)}>
        <EyeIcon open={shown} />
      </IconButton>
    );
  }

  const press = () => {
    held.current = true;
    onShownChange(true);
  };
  const release = () => onShownChange(false);
  return (
    <IconButton
      aria-label={holdLabel}
      {...common}
      onPointerDown={(event) => {
        // keeps the pointer's release on this button even when it moves away while held
        event.currentTarget.setPointerCapture?.(event.pointerId);
        press();
      }}
      onPointerUp={release}
      onPointerCancel={release}
      onLostPointerCapture={release}
      onKeyDown={(event: KeyboardEvent) => {
        if (HOLD_KEYS.has(event.key) && !event.repeat) press();
      }}
      onKeyUp={(event: KeyboardEvent) => {
        if (HOLD_KEYS.has(event.key)) release();
      }}
      onBlur={release}
      onClick={() => {
        if (held.current) held.current = false;
        else onShownChange(!shown);
      }}
    >
      <EyeIcon open={shown} />
    </IconButton>
  );
}
