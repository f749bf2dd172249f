import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { PATHS, useProfileInMode } from '@suite/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { BrandLogo } from '../../components/BrandLogo';
import { NS } from '../../i18n';
import type { AlertState } from '../../navigation';
import { PublicPage } from '../../components/PublicPage';
import { openAddress } from '../../goToApplication';

/**
 * /alert: the message from navigation state with an accept button that goes to the state's
 * page (or /Login); with `redirectSeconds` it also goes there by itself after that countdown
 * (password created/updated). Without a message there is nothing to show: back to /Login.
 */
export function AlertScreen() {
  const state = useLocation().state as Partial<AlertState> | null;
  const message = typeof state?.message === 'string' ? state.message : '';
  if (!message) return <Navigate to={PATHS.login} replace />;
  return <AlertCard message={message} state={state ?? {}} />;
}

function AlertCard({ message, state }: { message: string; state: Partial<AlertState> }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const page = typeof state.page === 'string' && state.page !== '' ? state.page : PATHS.login;
  const redirectSeconds = typeof state.redirectSeconds === 'number' && state.redirectSeconds > 0 ? Math.floor(state.redirectSeconds) : 0;
  const [left, setLeft] = useState(redirectSeconds);
  const { logos, colors } = useProfileInMode();
  // A password created or updated (the alerts that go on by themselves) shows the success image.
  const image = redirectSeconds > 0 ? logos.successAlert : colors.alert.image;

  const accept = () => {
    const forward = state.messageType ? { messageType: state.messageType, user: state.user } : undefined;
    openAddress(navigate, page, forward);
  };

  useEffect(() => {
    if (redirectSeconds <= 0) return undefined;
    const timer = setInterval(() => setLeft((current) => Math.max(0, current - 1)), 1000);
    return () => clearInterval(timer);
  }, [redirectSeconds]);

  useEffect(() => {
    if (redirectSeconds > 0 && left === 0) accept();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- accept() reads only values fixed for this alert
  }, [left, redirectSeconds]);

  return (
    <PublicPage>
      <Card.Root as="section" aria-labelledby="alert-title" w="full" maxW="md">
        <Card.Body>
          <Stack gap="5">
            <BrandLogo src={image} />
            <Heading as="h1" id="alert-title" size="lg">
              {t('screens.alert')}
            </Heading>
            <Text role="status" color={colors.alert.text}>
              {message}
            </Text>
            {redirectSeconds > 0 ? (
              <Text color="fg.muted" aria-live="polite">
                {t('alert.redirecting', { count: left })}
              </Text>
            ) : null}
            <Button colorPalette="brand" alignSelf="flex-end" onClick={accept}>
              {t('alert.accept')}
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </PublicPage>
  );
}
