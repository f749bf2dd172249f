import { Alert, Text } from '@chakra-ui/react';
import { useLocalize, useProfileInMode } from '@suite/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../../components/countdown';
import { NS } from '../../i18n';
import type { SignInOutcome } from './signInOutcome';

/** The error box of a refused sign-in (docs/product/sign-in.md, Outcomes). */
export function SignInOutcomeView({ outcome }: { outcome: SignInOutcome | null }) {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  if (outcome?.kind === 'message') {
    return (
      <ErrorBox>
        <Alert.Title>{localized(outcome.message)}</Alert.Title>
      </ErrorBox>
    );
  }
  if (outcome?.kind === 'attempts') {
    return (
      <ErrorBox>
        <Alert.Content>
          <Alert.Title>{localized(outcome.message)}</Alert.Title>
          {outcome.left > 0 ? <Alert.Description>{attemptsText(t, outcome.left)}</Alert.Description> : null}
        </Alert.Content>
      </ErrorBox>
    );
  }
  if (outcome?.kind === 'locked') return <LockCountdown seconds={outcome.seconds} message={localized(outcome.message)} />;
  if (outcome?.kind === 'blocked') {
    return (
      <ErrorBox>
        <Alert.Content>
          <Alert.Title>{t('signIn.blocked')}</Alert.Title>
          <Alert.Description>{t('signIn.blockedContact', { contact: outcome.contact })}</Alert.Description>
        </Alert.Content>
      </ErrorBox>
    );
  }
  return null;
}

/** The R13 countdown: ticks every second from lockTime, then the released text. */
function LockCountdown({ seconds, message }: { seconds: number; message: string }) {
  const { t } = useTranslation(NS);
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return undefined;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = seconds - Math.round((Date.now() - started) / 1000);
      setLeft(remaining);
      if (remaining <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  if (left <= 0) {
    return (
      <Alert.Root status="info" role="alert">
        <Alert.Indicator />
        <Alert.Title>{t('signIn.released')}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <ErrorBox>
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
        <Alert.Description>
          {t('signIn.lockCountdown')}{' '}
          <Text as="span" fontWeight="bold" fontVariantNumeric="tabular-nums" data-testid="lock-countdown">
            {formatCountdown(left)}
          </Text>
        </Alert.Description>
        <Alert.Description>{t('signIn.lockHint')}</Alert.Description>
      </Alert.Content>
    </ErrorBox>
  );
}

/** The error box of a refused sign-in, in the profile's error-box colours. */
function ErrorBox({ children }: { children: ReactNode }) {
  const { colors } = useProfileInMode();
  return (
    <Alert.Root status="error" role="alert" bg={colors.errorBox.background} color={colors.errorBox.text}>
      <Alert.Indicator color="currentColor" />
      {children}
    </Alert.Root>
  );
}

function attemptsText(t: (key: string, options?: Record<string, unknown>) => string, left: number): string {
  if (left === 1) return t('signIn.attemptsOne');
  if (left === 2) return t('signIn.attemptsTwo');
  return t('signIn.attemptsMany', { count: left });
}
