import { Box, HStack, Stack } from '@chakra-ui/react';
import { useColorMode, useProfileInMode } from '@suite/shared';
import { BrandLogo } from '../../../components/BrandLogo';
import { PublicPage } from '../../../components/PublicPage';
import { SIGN_IN_TITLE_ID, type SignInLayoutProps } from './layoutTypes';
import { ThemeSwitch } from './ThemeSwitch';
import { VersionLabel } from './VersionLabel';

/**
 * The myself template: dark or light (the profile's colours in that mode), with a switch when the
 * profile offers one. Its root is also a Chakra theme scope with the mode's class, so Chakra's own
 * semantic colours (alerts, field errors) follow the template even where <html> is not marked.
 */
export function MyselfLayout({ variant, form }: SignInLayoutProps) {
  const { colorMode, setColorMode, canSwitch } = useColorMode();
  const { colors, textColor } = useProfileInMode();
  return (
    <Box
      className={`chakra-theme ${colorMode}`}
      minH="100vh"
      bg={colors.background}
      color={textColor}
      style={{ colorScheme: colorMode }}
      data-sign-in-variant={variant}
      data-color-mode={colorMode}
    >
      <PublicPage
        header={
          canSwitch ? (
            <HStack justify="flex-end" px="4" py="3">
              <ThemeSwitch mode={colorMode} onChange={setColorMode} color={textColor} />
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
