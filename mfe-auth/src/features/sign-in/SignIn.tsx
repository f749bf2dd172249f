import { Alert, Button, Field, Heading, Input, InputGroup, Link, Stack, Text } from '@chakra-ui/react';
import {
  ApiError,
  INFORMATION_CODES,
  LOGIN_MAX_FAILED_ATTEMPTS,
  MESSAGES,
  PATHS,
  apiErrorMessage,
  fetchFreeTrial,
  useProfileInMode,
  useLocalize,
  useSession,
  type Envelope,
  type FreeTrialResult,
  type LoginResult,
} from '@suite/shared';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { formatCountdown } from '../../components/countdown';
import { RevealPasswordButton } from '../../components/RevealPasswordButton';
import { NS } from '../../i18n';
import { PASSWORD_EXPIRED, type AlertState } from '../../navigation';
import { goToApplication } from '../../goToApplication';
import { requestSignIn } from '../../signInRequest';
import { lazyScreen } from '../../lazyScreen';
import { useCaptcha } from '../../components/captcha';
import { useSignInParameters } from '../../signInParameters';
import { useSignInFields } from './signInFields';
import { ExternalSignInButton } from './ExternalSignInButton';
import { SIGN_IN_TITLE_ID, revealModeFor, signInLayoutFor } from './signInVariants';

/** Contact of the blocked-user message when neither the reply nor the application names one. */
export const DEFAULT_SUPPORT_CONTACT = 'soporte@suite.example';

/** What the error box shows after a refused sign-in (portal spec §4, login outcomes). */
export type SignInOutcome =
  | { kind: 'message'; message: string }
  | { kind: 'attempts'; message: string; left: number }
  | { kind: 'locked'; message: string; seconds: number }
  | { kind: 'blocked'; contact: string };

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

/** The certificate sign-in (portal spec §2 screen 2): its own chunk, so /login of other applications does not carry it. */
export const CertificateSignInForm = lazyScreen(() => import('./CertificateSignInForm').then((m) => m.CertificateSignInForm));

/** Sign-in (portal spec §2 screens 1 and 2): the profile's variant chooses the layout and the form. */
export function SignIn() {
  const { signInVariant } = useProfileInMode();
  const Layout = signInLayoutFor(signInVariant);
  return <Layout variant={signInVariant} form={signInVariant === 'certificate' ? <CertificateSignInForm /> : <SignInForm />} />;
}

/**
 * What every sign-in form does with the reply (portal spec §4, login outcomes): the refusals by
 * their informationCode, shown by <SignInOutcomeView>, and a success's tokens and redirect
 * (`redirectDelayMs` after it: the certificate sign-in waits 2 s).
 */
export function useSignInOutcome(supportContact: string | undefined, redirectDelayMs = 0) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [outcome, setOutcome] = useState<SignInOutcome | null>(null);
  const setServerError = (message: string | null) => setOutcome(message === null ? null : { kind: 'message', message });

  /** A refused sign-in, by its informationCode (portal spec §4). */
  const refused = (result: Partial<LoginResult>, user: string) => {
    const code = result.informationCode;
    const information = typeof result.information === 'string' && result.information.trim() !== '' ? result.information : undefined;
    if (code === INFORMATION_CODES.notActivated) {
      const state: AlertState = { message: information ?? t('signIn.welcomeEmail'), page: PATHS.login };
      navigate(PATHS.alert, { state });
      return;
    }
    if (code === INFORMATION_CODES.passwordExpired) {
      // The alert's accept opens the change-password form (user, current and new password).
      const state: AlertState = { message: t('signIn.passwordExpired'), page: PATHS.changePassword, messageType: PASSWORD_EXPIRED, user };
      navigate(PATHS.alert, { state });
      return;
    }
    if (result.isBlocked || code === INFORMATION_CODES.blocked) {
      setOutcome({ kind: 'blocked', contact: result.messageParameter || supportContact || DEFAULT_SUPPORT_CONTACT });
      return;
    }
    if (code === INFORMATION_CODES.temporaryLock) {
      setOutcome({ kind: 'locked', message: information ?? MESSAGES.temporaryLock, seconds: result.failedLoginInformation?.lockTime ?? 0 });
      return;
    }
    if (code === INFORMATION_CODES.badCredentials && result.failedLoginInformation) {
      const left = LOGIN_MAX_FAILED_ATTEMPTS - (result.failedLoginInformation.failedAttempts ?? 0);
      setOutcome({ kind: 'attempts', message: information ?? MESSAGES.loginFailed, left });
      return;
    }
    setOutcome({ kind: 'message', message: information ?? MESSAGES.noResponse });
  };

  /** Sends a sign-in and handles its reply; `user` is what the R18 alert passes on. */
  const submit = async (send: () => Promise<Envelope<LoginResult>>, user: string): Promise<void> => {
    setServerError(null);
    try {
      const reply = await send();
      const { token, refreshToken, urlApp, information } = reply.result;
      if (reply.statusCode !== 200 || !token) {
        if (reply.result?.informationCode && reply.result.informationCode !== INFORMATION_CODES.success) refused(reply.result, user);
        else setServerError(information || MESSAGES.noResponse);
        return;
      }
      signIn({ token, refreshToken });
      if (redirectDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, redirectDelayMs));
      goToApplication(navigate, urlApp);
    } catch (error) {
      const result = error instanceof ApiError && error.status !== null && error.status < 500 ? error.envelope?.result : undefined;
      if (result?.informationCode) refused(result as Partial<LoginResult>, user);
      else setServerError(apiErrorMessage(error));
    }
  };

  return { outcome, submit };
}

/** The error box of a refused sign-in (portal spec §4). */
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

/** The sign-in form's success notice (after a sign-out: 'Sesión finalizada exitosamente'), hidden by an outcome. */
export function SignInNotice({ hidden }: { hidden: boolean }) {
  const notice = (useLocation().state as { message?: unknown } | null)?.message;
  if (hidden || typeof notice !== 'string' || notice === '') return null;
  return (
    <Alert.Root status="success" role="status">
      <Alert.Indicator />
      <Alert.Title>{notice}</Alert.Title>
    </Alert.Root>
  );
}

/** The profile's input colours, as the sign-in forms' inputs take them. */
export function inputColorsOf(colors: ReturnType<typeof useProfileInMode>['colors']) {
  return { bg: colors.input.background, color: colors.input.text, borderColor: colors.input.border, focusRingColor: colors.input.focus };
}

/** The profile's button colours of the sign-in forms' Ingresar. */
export function submitColorsOf(colors: ReturnType<typeof useProfileInMode>['colors']) {
  return {
    bg: colors.button.active,
    color: colors.button.text,
    _hover: { bg: colors.button.active, opacity: 0.9 },
    _disabled: { bg: colors.button.disabled, color: colors.button.disabledText, opacity: 1, cursor: 'not-allowed' },
  };
}

/** The sign-in form every variant shows: user, password with show toggle, Ingresar, the outcomes of a refused sign-in. */
function SignInForm() {
  const { t } = useTranslation(NS);
  const profile = useProfileInMode();
  const { colors } = profile;
  const [showPassword, setShowPassword] = useState(false);
  const parameters = useSignInParameters();
  const { outcome, submit } = useSignInOutcome(parameters.supportContact);
  const captcha = useCaptcha(Boolean(parameters.captchaApply));
  const [freeTrial, setFreeTrial] = useState<FreeTrialResult | null>(null);
  // The profile decides whether the links show; the application's data gives their addresses.
  const buyUrl = profile.showBuyLink ? parameters.buyUrl : undefined;
  const freeTrialUrl = profile.showFreeTrial ? freeTrial?.urlFreeTrial : undefined;

  useEffect(() => {
    let live = true;
    void fetchFreeTrial().then((found) => live && setFreeTrial(found));
    return () => {
      live = false;
    };
  }, []);

  const fields = useSignInFields();
  const { errors } = fields;
  const [isSubmitting, setSubmitting] = useState(false);
  const filled = Boolean(fields.values.user.trim()) && Boolean(fields.values.password);

  const inputColors = inputColorsOf(colors);

  const fieldError = (message?: string) => (message === MESSAGES.required || !message ? t('signIn.required') : message);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = fields.validated();
    if (!values || !captcha.solved || isSubmitting) return;
    setSubmitting(true);
    try {
      await submit(() => requestSignIn(values.user, values.password, undefined, captcha.token), values.user);
    } finally {
      setSubmitting(false);
      captcha.reset();
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="5">
        <Stack gap="1">
          <Heading as="h1" id={SIGN_IN_TITLE_ID} size="xl">
            {t('signIn.title')}
          </Heading>
          <Text color="inherit">{t('signIn.subtitle')}</Text>
        </Stack>

        <SignInNotice hidden={Boolean(outcome)} />
        <SignInOutcomeView outcome={outcome} />

        <Field.Root invalid={Boolean(errors.user)}>
          <Field.Label color={colors.input.label}>{t('signIn.user')}</Field.Label>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...inputColors} {...fields.bind('user')} />
          <Field.ErrorText>{fieldError(errors.user)}</Field.ErrorText>
        </Field.Root>

        <Field.Root invalid={Boolean(errors.password)}>
          <Field.Label color={colors.input.label}>{t('signIn.password')}</Field.Label>
          <InputGroup
            endElement={
              <RevealPasswordButton
                mode={revealModeFor(profile.signInVariant)}
                shown={showPassword}
                onShownChange={setShowPassword}
                showLabel={t('signIn.showPassword')}
                hideLabel={t('signIn.hidePassword')}
                holdLabel={t('signIn.holdToShowPassword')}
              />
            }
          >
            <Input type={showPassword ? 'text' : 'password'} autoComplete="current-password" {...inputColors} {...fields.bind('password')} />
          </InputGroup>
          <Field.ErrorText>{fieldError(errors.password)}</Field.ErrorText>
        </Field.Root>

        {captcha.field(filled)}

        <Button
          type="submit"
          colorPalette="brand"
          {...submitColorsOf(colors)}
          disabled={!filled || !captcha.solved || isSubmitting}
          loading={isSubmitting}
          loadingText={t('signIn.submit')}
          aria-busy={isSubmitting}
        >
          {t('signIn.submit')}
        </Button>

        <ExternalSignInButton />

        <Link asChild alignSelf="center" color={colors.forgotPassword}>
          <RouterLink to={PATHS.resetPassword}>{t('signIn.remember')}</RouterLink>
        </Link>

        {buyUrl || freeTrialUrl ? (
          <Stack direction="row" justify="center" gap="6">
            {buyUrl ? (
              <Link href={buyUrl} target="_blank" rel="noopener noreferrer" color={colors.link}>
                {t('signIn.buy')}
              </Link>
            ) : null}
            {freeTrialUrl ? (
              <Link href={freeTrialUrl} target="_blank" rel="noopener noreferrer" color={colors.link}>
                {t('signIn.freeTrial')}
              </Link>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </form>
  );
}
