import { Alert, Button, Text } from '@chakra-ui/react';
import { PATHS, apiErrorMessage, maskEmailKeepStart } from '@suite/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { BackToSignInLink } from '../../components/BackToSignInLink';
import { NS } from '../../i18n';
import { INVALID_LINK, type ResendEmailState } from '../../navigation';
import { PublicCard } from '../../components/PublicCard';
import { requestActivationEmail } from '../../passwordRequests';

/** /resendemail: the activation link is no longer valid; a new activation e-mail can be requested. */
export function ResendEmail() {
  const { t } = useTranslation(NS);
  const state = useLocation().state as Partial<ResendEmailState> | null;
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  if (!state?.user) return <Navigate to={PATHS.login} replace />;
  const user = state.user;

  const resend = async () => {
    setBusy(true);
    try {
      const reply = await requestActivationEmail(user);
      setOutcome({ ok: true, message: reply.statusDetails?.[0]?.description || t('resendEmail.sent') });
    } catch (error) {
      setOutcome({ ok: false, message: apiErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const invalid = state.messageType === INVALID_LINK;
  return (
    <PublicCard
      title={invalid ? t('resendEmail.invalidTitle') : t('resendEmail.expiredTitle')}
      logo={invalid ? 'invalidLink' : 'expireTime'}
    >
      <Text>{state.message || (invalid ? t('resendEmail.body') : t('resendEmail.expiredBody'))}</Text>
      {invalid ? null : <Text>{t('resendEmail.prompt')}</Text>}
      {state.email ? (
        <Text>
          {t('resendEmail.to')} <Text as="strong">{maskEmailKeepStart(state.email)}</Text>
        </Text>
      ) : null}
      {outcome ? (
        <Alert.Root status={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
          <Alert.Indicator />
          <Alert.Title>{outcome.message}</Alert.Title>
        </Alert.Root>
      ) : null}
      <Button colorPalette="brand" disabled={busy || outcome?.ok === true} loading={busy} onClick={() => void resend()}>
        {t('resendEmail.submit')}
      </Button>
      <BackToSignInLink />
    </PublicCard>
  );
}
