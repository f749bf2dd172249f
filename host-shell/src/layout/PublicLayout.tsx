import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Public screens (sign-in, password flows): the remote owns the whole page. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box as="main" id="main" minH="100vh" bg="gray.50">
      {children}
    </Box>
  );
}
