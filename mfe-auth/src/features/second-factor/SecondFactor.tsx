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
  type SecondFactorMethod,
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
import { answerStepWithPasskey } from '../../passkeyRequests';

const CODE = /^\d{6}$/;
const RECOVERY = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;

/** The way a second step opens: the person's passkey when they have one, else their authenticator's code. */
const firstMethod = (methods: readonly SecondFactorMethod[]): SecondFactorMethod => (methods.includes('passkey') ? 'passkey' : 'totp');

/**
 * /verify (docs/adr/0037-second-factors.md): the second step of a sign-in whose application asks
 * for one — one of the person's passkeys, the code of their authenticator app, or one of their
 * recovery codes. When the
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
  const [method, setMethod] = useState<SecondFactorMethod>(() => (step && !step.enrol ? firstMethod(step.methods) : 'totp'));
  const recovery = method === 'recovery';
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

  /** Sends an answer of the step: a success goes on (after the recovery codes of a new authenticator), a refusal is shown. */
  const answer = async (send: () => Promise<LoginResult>) => {
    setBusy(true);
    setError(null);
    try {
      const result = await send();
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (method === 'passkey') {
      if (!busy) await answer(() => answerStepWithPasskey(step.challenge));
      return;
    }
    setTouched(true);
    if (!valid || busy) return;
    const typed = value.trim();
    await answer(() =>
      call(secondFactorApi.verify, {
        body: recovery ? { challenge: step.challenge, recoveryCode: typed } : { challenge: step.challenge, code: typed },
      }),
    );
  };

  const switchTo = (next: SecondFactorMethod) => {
    setMethod(next);
    setValue('');
    setTouched(false);
    setError(null);
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
  const otherMethods = step.methods.filter((other) => other !== method);
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
              <Text>{t(`secondFactor.${{ passkey: 'passkeyIntro', recovery: 'recoveryIntro', totp: 'intro' }[method]}`)}</Text>
            )}
            {method === 'passkey' ? null : (
              <Field.Root invalid={Boolean(fieldError)} required>
                <Field.Label>{recovery ? t('secondFactor.recoveryCode') : t('secondFactor.code')}</Field.Label>
                <Input
                  key={method}
                  inputMode={recovery ? 'text' : 'numeric'}
                  autoComplete="one-time-code"
                  maxLength={recovery ? 11 : 6}
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                  onBlur={() => setTouched(true)}
                />
                <Field.ErrorText>{localized(fieldError ?? '')}</Field.ErrorText>
              </Field.Root>
            )}
            <Button type="submit" colorPalette="brand" loading={busy} disabled={enrolling && !setup}>
              {method === 'passkey' ? (error ? t('secondFactor.passkeyAgain') : t('secondFactor.usePasskey')) : t('secondFactor.verify')}
            </Button>
            {enrolling
              ? null
              : otherMethods.map((other) => (
                  <Button
                    key={other}
                    variant="plain"
                    alignSelf="center"
                    textDecoration="underline"
                    color={colors.link}
                    onClick={() => switchTo(other)}
                  >
                    {t(`secondFactor.${{ passkey: 'usePasskey', recovery: 'useRecovery', totp: 'useCode' }[other]}`)}
                  </Button>
                ))}
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
