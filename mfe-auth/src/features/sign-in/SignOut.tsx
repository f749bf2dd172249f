import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { PATHS, apiClient, useProfileInMode, useSession } from '@suite/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BrandLogo } from '../../components/BrandLogo';
import { PublicPage } from '../../components/PublicPage';
import { NS } from '../../i18n';
import type { SignedOutState } from '../../navigation';
import { openAddress } from '../../goToApplication';

/**
 * The sign-out itself (docs/product/sessions.md, Sign-out), once: PUT /api/login/RevokeToken revokes the
 * refresh token (UserName, Quantity 1, AppName, RefreshToken); then the stored tokens and session
 * data are cleared and the browser goes to the reply's `result.information`, where the sign-in
 * screen shows 'Sesión finalizada exitosamente'. A failed revocation still ends the session here.
 */
function useSignOutOnce(): void {
  const { t } = useTranslation(NS);
  const { signOut } = useSession();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const revoked = await apiClient.revokeSession();
      const target = typeof revoked?.information === 'string' && revoked.information !== '' ? revoked.information : PATHS.login;
      signOut();
      const state: SignedOutState = { message: t('signOut.done') };
      openAddress(navigate, target, state);
    })();
  }, [signOut, navigate, t]);
}

/** /logout: 'Signing out ...' while the session ends. */
export function SignOut() {
  const { t } = useTranslation(NS);
  useSignOutOnce();
  return (
    <Center minH="50vh" role="status">
      <Text>{t('signOut.progress')}</Text>
    </Center>
  );
}

/**
 * /logout-credential, the sign-out of the applications that sign in with a credential (firmaya's
 * certificate; docs/product/portal.md, Routes): the same sign-out, shown in the application's own
 * look — its background, sign-in logo and loading colour — as its sign-in screen is, since the
 * person is on that application's pages rather than the console's.
 */
export function CredentialSignOut() {
  const { t } = useTranslation(NS);
  const { colors } = useProfileInMode();
  useSignOutOnce();
  return (
    <PublicPage data-screen="logout-credential">
      <Stack align="center" gap="4" role="status" aria-live="polite">
        <BrandLogo slot="signIn" />
        <Spinner size="lg" color={colors.loading} />
        <Text>{t('signOut.progress')}</Text>
      </Stack>
    </PublicPage>
  );
}
