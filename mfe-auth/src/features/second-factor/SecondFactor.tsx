import { Box, Button, Field, Input, Stack, Text, chakra } from '@chakra-ui/react';
import {
  ApiError,
  INFORMATION_CODES,
  PATHS,
  apiErrorMessage,
  call,
  secondFactorApi,
  useLocalize,
  useProfileInMode,
  useSession,
  type LoginResult,
  type TotpSetup,
} from '@suite/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { BackToSignInLink } from '../../components/BackToSignInLink';
import { FormError } from '../../components/FormError';
import { PublicCard } from '../../components/PublicCard';
import { continueAfterSignIn } from '../../goToApplication';
import { NS } from '../../i18n';
import type { SecondFactorState } from '../../navigation';

const CODE = /^\d{6}$/;
const RECOVERY = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;

/**
 * /verify (docs/adr/0037-second-factors.md): the second step of a sign-in whose application asks
 * for one — the code of the person's authenticator app, or one of their recovery codes. When the
 * application requires a second factor and the person has none, an authenticator is set up first
 * (its QR code and its 'Clave'), confirmed by its first code; the recovery codes it comes with are
 * shown once before the person goes on.
 */
export function SecondFactor() {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const { colors } = useProfileInMode();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const state = useLocation().state as SecondFactorState | null;
  const step = state?.step;
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [done, setDone] = useState<LoginResult | null>(null);
  const asked = useRef(false);

  // a person without a factor, where the application requires one: their authenticator's secret first
  useEffect(() => {
    if (!step?.enrol || asked.current) return;
    asked.current = true;
    // named in the page's language; renamed on /security at will
    call(secondFactorApi.enrolTotp, { body: { challenge: step.challenge, name: t('secondFactor.defaultName') } }).then(
      setSetup,
      (e: unknown) => {
        setExpired(true);
        setError(apiErrorMessage(e));
      },
    );
  }, [step, t]);

  if (!step) return <Navigate to={PATHS.login} replace />;

  const valid = recovery ? RECOVERY.test(value.trim()) : CODE.test(value.trim());
  const fieldError = touched && !valid ? (recovery ? t('secondFactor.recoveryFormat') : t('secondFactor.codeFormat')) : undefined;

  const finish = async (result: LoginResult) => {
    signIn({ token: result.token ?? '', refreshToken: result.refreshToken ?? '' });
    await continueAfterSignIn(navigate, result.urlApp);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = value.trim();
      const result = await call(secondFactorApi.verify, {
        body: recovery ? { challenge: step.challenge, recoveryCode: answer } : { challenge: step.challenge, code: answer },
      });
      if (result.recoveryCodes?.length) setDone(result);
      else await finish(result);
    } catch (e) {
      const code = e instanceof ApiError ? e.envelope?.result?.informationCode : undefined;
      // a lock or an expired step ends this step: the person starts the sign-in again
      if (code === INFORMATION_CODES.temporaryLock || code === INFORMATION_CODES.blocked || code === INFORMATION_CODES.badRequest)
        setExpired(true);
      setError(apiErrorMessage(e));
      setValue('');
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <PublicCard title={t('secondFactor.codesTitle')} logo="signIn">
        <Text>{t('secondFactor.codesIntro')}</Text>
        <chakra.ul
          aria-label={t('secondFactor.codesTitle')}
          listStyle="none"
          ps="0"
          m="0"
          display="grid"
          gridTemplateColumns="1fr 1fr"
          gap="2"
        >
          {done.recoveryCodes?.map((code) => (
            <chakra.li key={code} fontFamily="mono" fontSize="md">
              {code}
            </chakra.li>
          ))}
        </chakra.ul>
        <Button colorPalette="brand" onClick={() => void finish(done)}>
          {t('secondFactor.codesSaved')}
        </Button>
      </PublicCard>
    );
  }

  const enrolling = step.enrol;
  return (
    <PublicCard title={enrolling ? t('secondFactor.enrolTitle') : t('secondFactor.title')} logo="signIn">
      <FormError message={error} />
      {expired ? (
        <BackToSignInLink />
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)}>
          <Stack gap="4">
            {enrolling ? (
              setup ? (
                <>
                  <Text>{t('secondFactor.enrolIntro')}</Text>
                  <chakra.img src={setup.qr} alt={t('secondFactor.qrAlt')} boxSize="48" alignSelf="center" />
                  <Box>
                    <Text id="totp-key-label" fontWeight="semibold">
                      {t('secondFactor.key')}
                    </Text>
                    <chakra.code aria-labelledby="totp-key-label" fontSize="md" wordBreak="break-all">
                      {setup.secret}
                    </chakra.code>
                  </Box>
                </>
              ) : (
                <Text role="status">{t('secondFactor.preparing')}</Text>
              )
            ) : (
              <Text>{recovery ? t('secondFactor.recoveryIntro') : t('secondFactor.intro')}</Text>
            )}
            <Field.Root invalid={Boolean(fieldError)} required>
              <Field.Label>{recovery ? t('secondFactor.recoveryCode') : t('secondFactor.code')}</Field.Label>
              <Input
                key={recovery ? 'recovery' : 'code'}
                inputMode={recovery ? 'text' : 'numeric'}
                autoComplete="one-time-code"
                maxLength={recovery ? 11 : 6}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                onBlur={() => setTouched(true)}
              />
              <Field.ErrorText>{localized(fieldError ?? '')}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={busy} disabled={enrolling && !setup}>
              {t('secondFactor.verify')}
            </Button>
            {step.methods.includes('recovery') && !enrolling ? (
              <Button
                variant="plain"
                alignSelf="center"
                textDecoration="underline"
                color={colors.link}
                onClick={() => {
                  setRecovery(!recovery);
                  setValue('');
                  setTouched(false);
                  setError(null);
                }}
              >
                {recovery ? t('secondFactor.useCode') : t('secondFactor.useRecovery')}
              </Button>
            ) : null}
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
