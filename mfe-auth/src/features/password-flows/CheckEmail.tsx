import { Button, Stack, Text } from '@chakra-ui/react';
import { PATHS, apiErrorMessage } from '@suite/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { FormError } from '../../components/FormError';
import { BackToSignInLink } from '../../components/BackToSignInLink';
import { formatCountdown } from '../../components/countdown';
import { NS } from '../../i18n';
import type { CheckEmailState } from '../../navigation';
import { PublicCard } from '../../components/PublicCard';
import { requestPasswordReset } from '../../passwordRequests';

/** Seconds before the reset e-mail may be sent again (docs/product/passwords.md, Limits). */
export const RESEND_SECONDS = 60;

/** The resend states of /check-email (docs/product/passwords.md, Reset by e-mail): 1 time expired (resend allowed), 2 counting, 3 resent (counting again). */
export type ResendPhase = 'expired' | 'counting' | 'resent';
export const RESEND_PHASE_NUMBER: Record<ResendPhase, 1 | 2 | 3> = { expired: 1, counting: 2, resent: 3 };

/**
 * /check-email (docs/product/passwords.md, Reset by e-mail): the masked e-mail and the 60-second resend countdown.
 * (When the alert flow sent the person here the route shows the generic alert instead, App.tsx.)
 */
export function CheckEmail() {
  const state = useLocation().state as Partial<CheckEmailState> | null;
  if (!state || typeof state.maskedEmail !== 'string' || !state.user) return <Navigate to={PATHS.login} replace />;
  return <CheckEmailCard maskedEmail={state.maskedEmail} user={state.user} />;
}

function CheckEmailCard({ maskedEmail, user }: { maskedEmail: string; user: string }) {
  const { t } = useTranslation(NS);
  const [phase, setPhase] = useState<ResendPhase>('counting');
  const [left, setLeft] = useState(RESEND_SECONDS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (phase === 'expired') return undefined;
    const timer = setInterval(() => {
      setLeft((current) => {
        if (current <= 1) {
          clearInterval(timer);
          setPhase('expired');
          return 0;
        }
        return current - 1;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [phase]);

  const resend = async () => {
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(user);
      setLeft(RESEND_SECONDS);
      setPhase('resent');
    } catch (failure) {
      setError(apiErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicCard title={t('checkEmail.title')} logo={phase === 'counting' ? 'checkEmail' : 'checkEmailAgain'}>
      <Text>
        {t('checkEmail.sentTo')}{' '}
        <Text as="strong" data-testid="masked-email">
          {maskedEmail}
        </Text>
      </Text>
      <Text color="fg.muted">{t('checkEmail.instructions')}</Text>
      <FormError message={error} />
      <Stack gap="2" role="status" aria-live="polite" data-phase={RESEND_PHASE_NUMBER[phase]}>
        {phase === 'resent' ? <Text color="green.600">{t('checkEmail.resent')}</Text> : null}
        {phase === 'expired' ? (
          <Text>{t('checkEmail.notReceived')}</Text>
        ) : (
          <Text>
            {t('checkEmail.waitToResend')}{' '}
            <Text as="span" fontWeight="bold" fontVariantNumeric="tabular-nums" data-testid="resend-countdown">
              {formatCountdown(left)}
            </Text>
          </Text>
        )}
      </Stack>
      <Button variant="outline" colorPalette="brand" disabled={phase !== 'expired' || busy} loading={busy} onClick={() => void resend()}>
        {t('checkEmail.resend')}
      </Button>
      <BackToSignInLink />
    </PublicCard>
  );
}
