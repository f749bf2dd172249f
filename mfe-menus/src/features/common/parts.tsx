import { chakra } from '@chakra-ui/react';

/** A small label next to an item (section, inactive). */
export const Tag = chakra('span', {
  base: { display: 'inline-block', px: '1.5', py: '0.5', borderRadius: 'sm', fontSize: 'xs', bg: 'gray.100', color: 'gray.700' },
});
