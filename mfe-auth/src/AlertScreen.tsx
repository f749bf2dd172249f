import { Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { NS } from './i18n';
import type { AlertState } from './SignIn';
import { sameOriginPath } from './signInRequest';

/**
 * /alert: the message from navigation state with an accept button that goes to the state's
 * page (or /Login). Without a message there is nothing to show: back to /Login.
 */
export function AlertScreen() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const state = useLocation().state as Partial<AlertState> | null;
  const message = typeof state?.message === 'string' ? state.message : '';
  if (!message) return <Navigate to="/Login" replace />;
  const page = typeof state?.page === 'string' && state.page !== '' ? state.page : '/Login';

  const accept = () => {
    const path = sameOriginPath(page);
    const forward = state?.messageType ? { messageType: state.messageType, user: state.user } : undefined;
    if (path) navigate(path, { replace: true, state: forward });
    else window.location.assign(page);
  };

  return (
    <Box display="flex" minH="100vh" alignItems="center" justifyContent="center" p="4">
      <Card.Root as="section" aria-labelledby="alert-title" w="full" maxW="md">
        <Card.Body>
          <Stack gap="5">
            <Heading as="h1" id="alert-title" size="lg">
              {t('screens.alert')}
            </Heading>
            <Text role="status">{message}</Text>
            <Button colorPalette="brand" alignSelf="flex-end" onClick={accept}>
              {t('alert.accept')}
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
