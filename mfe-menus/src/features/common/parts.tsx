import { chakra } from '@chakra-ui/react';

/** A multi-line text field styled like the kit's inputs (Chakra's Textarea is not in the shared entry). */
export const TextArea = chakra('textarea', {
  base: {
    width: 'full',
    px: '3',
    py: '2',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l2',
    fontSize: 'sm',
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' },
  },
});

/** A small label next to an item (section, inactive). */
export const Tag = chakra('span', {
  base: { display: 'inline-block', px: '1.5', py: '0.5', borderRadius: 'sm', fontSize: 'xs', bg: 'gray.100', color: 'gray.700' },
});
