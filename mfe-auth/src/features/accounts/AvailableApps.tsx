import { Box, Button, Text } from '@chakra-ui/react';
import { MECHANISM_AFTER_SET_PASS, apiErrorMessage, useSession, type AssignPasswordApp } from '@suite/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { FormError } from '../../components/FormError';
import { BackToSignInLink } from '../../components/BackToSignInLink';
import { NS } from '../../i18n';
import type { AvailableAppsState } from '../../navigation';
import { PublicCard } from '../../components/PublicCard';
import { goToApplication } from '../../goToApplication';
import { requestSignIn } from '../../signInRequest';

/** Opens a URL in a new tab (a seam for tests). */
export const newTab = { open: (url: string): void => void window.open(url, '_blank', 'noopener,noreferrer') };

/** /availableapps (docs/product/portal.md, The app picker): a grid of the user's applications. */
export function AvailableApps() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { signIn } = useSession();
  const state = useLocation().state as Partial<AvailableAppsState> | null;
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const apps = Array.isArray(state?.apps) ? state.apps : [];
  const userData = state?.userData;

  const choose = async (app: AssignPasswordApp) => {
    if (!userData) return;
    if (state?.mechanismAfterSetPass === MECHANISM_AFTER_SET_PASS.applicationLogin) {
      newTab.open(app.landing || app.urlApp);
      return;
    }
    setBusy(app.name);
    setError(null);
    try {
      const reply = await requestSignIn(userData.user, userData.password, app.name);
      const { token, refreshToken, urlApp } = reply.result;
      if (!token) throw new Error(reply.result.information || t('availableApps.noToken'));
      signIn({ token, refreshToken });
      goToApplication(navigate, urlApp || app.urlApp);
    } catch (failure) {
      setError(failure instanceof Error && !('status' in failure) ? failure.message : apiErrorMessage(failure));
      setBusy(null);
    }
  };

  return (
    <PublicCard title={t('availableApps.title')} maxW="2xl">
      {!userData ? (
        <Text role="alert">{t('availableApps.noUser')}</Text>
      ) : (
        <>
          {state?.message ? <Text>{state.message}</Text> : null}
          <FormError message={error} />
          <Box as="ul" display="grid" gridTemplateColumns="repeat(auto-fill, minmax(140px, 1fr))" gap="4" listStyleType="none" p="0" m="0">
            {apps.map((app) => (
              <li key={app.name}>
                <Button
                  variant="outline"
                  w="full"
                  h="auto"
                  py="4"
                  flexDirection="column"
                  gap="2"
                  loading={busy === app.name}
                  disabled={busy !== null}
                  onClick={() => void choose(app)}
                >
                  <Box
                    as="span"
                    aria-hidden="true"
                    display="flex"
                    alignItems="center"
                    justifyContent="center"
                    w="12"
                    h="12"
                    borderRadius="full"
                    bg="brand.main"
                    color="white"
                    fontWeight="bold"
                    fontSize="xl"
                  >
                    {(app.title || app.name).charAt(0).toUpperCase()}
                  </Box>
                  <Text as="span" whiteSpace="normal">
                    {app.title || app.name}
                  </Text>
                </Button>
              </li>
            ))}
          </Box>
        </>
      )}
      <BackToSignInLink />
    </PublicCard>
  );
}
