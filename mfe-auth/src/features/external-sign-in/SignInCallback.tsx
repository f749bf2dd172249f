import { Button, Card, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { INFORMATION_CODES, PATHS, useProfileInMode, useSession } from '@suite/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { BrandLogo } from '../../components/BrandLogo';
import { PublicPage } from '../../components/PublicPage';
import { NS } from '../../i18n';
import type { SecondFactorState } from '../../navigation';
import { exchangeExternalCode } from '../../oidcRequests';
import { continueAfterSignIn } from '../../goToApplication';
import { callbackParameters } from './callbackParameters';

/**
 * /signin-credential/callback (docs/product/sign-in.md, External identity provider): the provider sends the browser back with
 * a code; the API exchanges it and the person goes on to the application — or to the second step
 * first, where the application asks for one and the provider did not say it used one
 * (docs/adr/0037-second-factors.md). No code, a refused
 * exchange or any failure: the apology card, whose Entendido replaces the route with /Login.
 */
export function SignInCallback() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { search } = useLocation();
  const { signIn } = useSession();
  const { colors } = useProfileInMode();
  const callback = callbackParameters(search);
  const [failed, setFailed] = useState(callback === null);
  // the code is single-use: one exchange per visit, even when effects run twice
  const sent = useRef(false);

  useEffect(() => {
    if (!callback || sent.current) return;
    sent.current = true;
    exchangeExternalCode(callback)
      .then(async (reply) => {
        const { token, refreshToken, urlApp, informationCode, secondFactor } = reply.result ?? {};
        if (reply.statusCode === 200 && informationCode === INFORMATION_CODES.secondFactorRequired && secondFactor) {
          const state: SecondFactorState = { step: secondFactor };
          navigate(PATHS.secondFactor, { state, replace: true });
          return;
        }
        if (reply.statusCode !== 200 || !token) {
          setFailed(true);
          return;
        }
        signIn({ token, refreshToken });
        await continueAfterSignIn(navigate, urlApp);
      })
      .catch(() => setFailed(true));
  }, [callback, navigate, signIn]);

  if (!failed) {
    return (
      <PublicPage>
        <Stack align="center" gap="4" role="status" aria-live="polite">
          <Spinner size="lg" color={colors.loading} />
          <Text>{t('external.verifying')}</Text>
        </Stack>
      </PublicPage>
    );
  }
  return (
    <PublicPage>
      <Card.Root as="section" aria-labelledby="callback-title" w="full" maxW="md">
        <Card.Body>
          <Stack gap="4" align="center" textAlign="center">
            <BrandLogo slot="signIn" />
            <Heading as="h1" id="callback-title" size="lg">
              {t('external.sorryTitle')}
            </Heading>
            <Text>{t('external.sorryBody')}</Text>
            <Button
              colorPalette="brand"
              bg={colors.button.active}
              color={colors.button.text}
              onClick={() => navigate(PATHS.login, { replace: true })}
            >
              {t('external.understood')}
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </PublicPage>
  );
}
