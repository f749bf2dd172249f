import { Box, HStack, Stack } from '@chakra-ui/react';
import { useProfile, type ColorMode } from '@suite/shared';
import { BrandLogo } from '../BrandLogo';
import { PublicPage } from '../PublicPage';
import { SIGN_IN_TITLE_ID, type SignInLayoutProps } from './layoutTypes';
import { TemplateModeScope, useTemplateModeState } from './templateMode';
import { ThemeSwitch } from './ThemeSwitch';
import { VersionLabel } from './VersionLabel';

/** The myself template: dark or light (the profile's colours in that mode), with a switch when the profile offers one. */
export function MyselfLayout(props: SignInLayoutProps) {
  const [mode, setMode] = useTemplateModeState();
  return (
    <TemplateModeScope mode={mode}>
      <MyselfTemplate {...props} mode={mode} onModeChange={setMode} />
    </TemplateModeScope>
  );
}

/**
 * Its root is a Chakra theme scope with the mode's class, so Chakra's own semantic colours
 * (alerts, field errors) follow the mode inside the template only.
 */
function MyselfTemplate({ variant, form, mode, onModeChange }: SignInLayoutProps & { mode: ColorMode; onModeChange: (mode: ColorMode) => void }) {
  const { colors, textColor, colorModeSwitch } = useProfile();
  return (
    <Box
      className={`chakra-theme ${mode}`}
      minH="100vh"
      bg={colors.background}
      color={textColor}
      style={{ colorScheme: mode }}
      data-sign-in-variant={variant}
      data-color-mode={mode}
    >
      <PublicPage
        header={
          colorModeSwitch ? (
            <HStack justify="flex-end" px="4" py="3">
              <ThemeSwitch mode={mode} onChange={onModeChange} color={textColor} />
            </HStack>
          ) : undefined
        }
      >
        <Box as="section" aria-labelledby={SIGN_IN_TITLE_ID} w="full" maxW="sm" bg={colors.surface} borderRadius="l3" boxShadow="lg" p="6">
          <Stack gap="5">
            <BrandLogo slot="signIn" />
            {form}
            <VersionLabel />
          </Stack>
        </Box>
      </PublicPage>
    </Box>
  );
}
