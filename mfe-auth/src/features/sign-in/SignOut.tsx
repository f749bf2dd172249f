import { Center, Text } from '@chakra-ui/react';
import { PATHS, apiClient, useSession } from '@suite/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NS } from '../../i18n';
import type { SignedOutState } from '../../navigation';
import { sameOriginPath } from '../../goToApplication';

/**
 * /logout (docs/product/sessions.md, Sign-out): 'Signing out ...' while PUT /api/login/RevokeToken revokes the
 * refresh token (UserName, Quantity 1, AppName, RefreshToken); then the stored tokens and
 * session data are cleared and the browser goes to the reply's `result.information`, where the
 * sign-in screen shows 'Sesión finalizada exitosamente'.
 */
export function SignOut() {
  const { t } = useTranslation(NS);
  const { signOut } = useSession();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      // a failed revocation still ends the session here
      const revoked = await apiClient.revokeSession();
      const target = typeof revoked?.information === 'string' && revoked.information !== '' ? revoked.information : PATHS.login;
      signOut();
      const state: SignedOutState = { message: t('signOut.done') };
      const path = sameOriginPath(target);
      if (path) navigate(path, { replace: true, state });
      else window.location.assign(target);
    })();
  }, [signOut, navigate, t]);

  return (
    <Center minH="50vh" role="status">
      <Text>{t('signOut.progress')}</Text>
    </Center>
  );
}
