import { Button, Field, Heading, Input, InputGroup, Link, Stack, Text } from '@chakra-ui/react';
import { MESSAGES, PATHS, USER_NAME_MAX, fetchFreeTrial, useProfileInMode, useSession, type FreeTrialResult } from '@suite/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { continueAfterSignIn, rememberProviderRequest } from '../../goToApplication';
import { RevealPasswordButton } from '../../components/RevealPasswordButton';
import { NS } from '../../i18n';
import { requestSignIn } from '../../signInRequest';
import { lazyScreen } from '../../lazyScreen';
import { useCaptcha } from '../../components/captcha';
import { useSignInParameters } from '../../signInParameters';
import { useSignInFields } from './signInFields';
import { ExternalSignInButton } from './ExternalSignInButton';
import { PasskeySignInButton } from './PasskeySignInButton';
import { inputColorsOf, submitColorsOf } from './signInColors';
import { useSignInOutcome } from './signInOutcome';
import { SignInNotice } from './SignInNotice';
import { SignInOutcomeView } from './SignInOutcomeView';
import { SIGN_IN_TITLE_ID, revealModeFor, signInLayoutFor } from './signInVariants';

/** The certificate sign-in (docs/product/sign-in.md, Screens): its own chunk, so /login of other applications does not carry it. */
export const CertificateSignInForm = lazyScreen(() => import('./CertificateSignInForm').then((m) => m.CertificateSignInForm));

/** Sign-in (docs/product/sign-in.md, Screens): the profile's variant chooses the layout and the form. */
export function SignIn() {
  const { signInVariant } = useProfileInMode();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();
  // opened for an application's OpenID request: the sign-in ends back there (goToApplication.ts);
  // a person already signed in here goes back at once. When that hand-over is refused (the session
  // kept here ended meanwhile, say), the person signs in on this page for the same request.
  useEffect(() => {
    if (rememberProviderRequest(search) && isAuthenticated)
      continueAfterSignIn(navigate, undefined).catch(() => rememberProviderRequest(search));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival only: a sign-in on this page hands over itself
  }, [search]);
  const Layout = signInLayoutFor(signInVariant);
  return <Layout variant={signInVariant} form={signInVariant === 'certificate' ? <CertificateSignInForm /> : <SignInForm />} />;
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
          <Input
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={USER_NAME_MAX}
            {...inputColors}
            {...fields.bind('user')}
          />
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
            <Input
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              {...inputColors}
              {...fields.bind('password')}
            />
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

        <PasskeySignInButton enabled={Boolean(parameters.passkeySignIn)} submit={submit} />

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
