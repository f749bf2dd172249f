import { chakra } from '@chakra-ui/react';

/**
 * A styled native <select>: keyboard and screen-reader behaviour come from the browser, and no
 * Chakra select machine joins the shared Chakra entry (which every route, /login included, loads).
 */
export const NativeSelect = chakra('select', {
  base: {
    height: '10',
    px: '3',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l2',
    bg: 'white',
    fontSize: 'sm',
    cursor: 'pointer',
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  },
});
