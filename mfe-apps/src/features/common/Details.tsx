import { chakra } from '@chakra-ui/react';

/** A part of a tab that opens and closes (a native `<details>`: its summary is a button for the keyboard). */
export const Details = chakra('details', {
  base: { borderWidth: '1px', borderRadius: 'md', p: '3', '& > summary': { cursor: 'pointer', fontWeight: 'semibold' } },
});
