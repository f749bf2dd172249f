import { chakra } from '@chakra-ui/react';

/**
 * A multi-line text field styled like the kit's inputs. Chakra's Textarea is not in the shared
 * Chakra entry (it is shared by every route, /login included); this plain element needs no more.
 * Label and describe it by hand: Field only wires its own controls.
 */
export const TextArea = chakra('textarea', {
  base: {
    w: 'full',
    px: '3',
    py: '2',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l2',
    fontSize: 'sm',
    bg: 'white',
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  },
});
