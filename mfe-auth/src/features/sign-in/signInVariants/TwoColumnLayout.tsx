import { Box, Stack } from '@chakra-ui/react';
import { useProfileInMode } from '@suite/shared';
import { BrandLogo } from '../../../components/BrandLogo';
import { PublicPage } from '../../../components/PublicPage';
import { SIGN_IN_TITLE_ID, type SignInLayoutProps } from './layoutTypes';
import { VersionLabel } from './VersionLabel';

/** Two-column sign-in: the brand panel (white logo on the primary colour) beside the form and its version label. */
export function TwoColumnLayout({ variant, form }: SignInLayoutProps) {
  const { palette } = useProfileInMode();
  return (
    <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} minH="100vh" data-sign-in-variant={variant}>
      <Box bg={palette.primary.dark} display="flex" alignItems="center" justifyContent="center" p="8" minH={{ base: '32', md: 'auto' }}>
        <BrandLogo slot="white" />
      </Box>
      <PublicPage>
        <Box as="section" aria-labelledby={SIGN_IN_TITLE_ID} w="full" maxW="sm">
          <Stack gap="5">
            {form}
            <VersionLabel />
          </Stack>
        </Box>
      </PublicPage>
    </Box>
  );
}
