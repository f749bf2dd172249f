import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MaintenanceOverlay } from './MaintenanceOverlay';

/** Public screens (sign-in, password flows): the remote owns the whole page; the maintenance overlay covers it when active. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box as="main" id="main" minH="100vh" bg="bg">
      {children}
      <MaintenanceOverlay />
    </Box>
  );
}
