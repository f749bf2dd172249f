import { Box, HStack, Stack } from '@chakra-ui/react';
import { useProfile } from '@suite/shared';
import { BrandLogo } from '../BrandLogo';
import { PublicPage } from '../PublicPage';
import { SIGN_IN_TITLE_ID, type SignInLayoutProps } from './layoutTypes';
import { TEMPLATE_SURFACES, TemplateModeProvider, screenColors, useTemplateModeState } from './templateMode';
import { ThemeSwitch } from './ThemeSwitch';
import { VersionLabel } from './VersionLabel';

/**
 * The myself template: dark or light, with a switch between them. The outer element carries
 * Chakra's `dark`/`light` class and the inner one is a `chakra-theme` scope, so Chakra's own
 * semantic colours (alerts, field errors, inputs) follow the mode inside the template only.
 */
export function MyselfLayout({ variant, form }: SignInLayoutProps) {
  const profile = useProfile();
  const [mode, setMode] = useTemplateModeState();
  const surfaces = TEMPLATE_SURFACES[mode];
  const colors = screenColors(profile, mode);
  return (
    <Box className={mode}>
      <Box className="chakra-theme" minH="100vh" bg={surfaces.page} color={colors.text} style={{ colorScheme: mode }} data-sign-in-variant={variant} data-color-mode={mode}>
        <TemplateModeProvider value={mode}>
          <PublicPage
            header={
              <HStack justify="flex-end" px="4" py="3">
                <ThemeSwitch mode={mode} onChange={setMode} color={colors.text} />
              </HStack>
            }
          >
            <Box as="section" aria-labelledby={SIGN_IN_TITLE_ID} w="full" maxW="sm" bg={colors.panel} borderRadius="l3" boxShadow="lg" p="6">
              <Stack gap="5">
                <BrandLogo slot={mode === 'dark' ? 'white' : 'signIn'} />
                {form}
                <VersionLabel />
              </Stack>
            </Box>
          </PublicPage>
        </TemplateModeProvider>
      </Box>
    </Box>
  );
}
