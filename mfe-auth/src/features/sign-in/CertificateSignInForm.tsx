import { Button, Field, chakra, Heading, IconButton, Input, InputGroup, Link, Stack, Text } from '@chakra-ui/react';
import { MESSAGES, PATHS, useLocalize, useProfileInMode, type DocumentTypeRecord } from '@suite/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EyeIcon } from '../../components/EyeIcon';
import { fetchDocumentTypes, requestCertificateSignIn } from '../../certificateRequests';
import { documentNumberError } from '../../certificateRules';
import { NS } from '../../i18n';
import { inputColorsOf, submitColorsOf } from './signInColors';
import { useSignInOutcome } from './signInOutcome';
import { SignInNotice } from './SignInNotice';
import { SignInOutcomeView } from './SignInOutcomeView';
import { useSignInParameters } from '../../signInParameters';
import { useCaptcha } from '../../components/captcha';
import { SIGN_IN_TITLE_ID } from './signInVariants';
import { ExternalSignInButton } from './ExternalSignInButton';

/** The certificate sign-in waits this long before following urlApp (docs/product/sign-in.md, Outcomes). */
export const CERTIFICATE_REDIRECT_MS = 2000;

/**
 * The certificate sign-in (docs/product/sign-in.md, Screens): document type, document number, certificate
 * password, Ingresar (enabled once all are valid), 'Olvidé mi contraseña'. The reply is handled as
 * the user-name sign-in's, its redirect delayed 2 s.
 */
export function CertificateSignInForm() {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const { colors } = useProfileInMode();
  const parameters = useSignInParameters();
  const { outcome, submit } = useSignInOutcome(parameters.supportContact, CERTIFICATE_REDIRECT_MS);
  const captcha = useCaptcha(Boolean(parameters.captchaApply));
  const [types, setTypes] = useState<DocumentTypeRecord[]>([]);
  const [typeId, setTypeId] = useState('');
  const typeSelectId = useId();
  const [number, setNumber] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ type: false, number: false, password: false });
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetchDocumentTypes().then(
      (found) => live && setTypes(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const type = types.find((d) => String(d.documentTypeId) === typeId);
  const numberError = documentNumberError(type, number);
  const errors = {
    type: type ? null : MESSAGES.required,
    number: number.trim() === '' ? MESSAGES.required : numberError,
    password: password ? null : MESSAGES.required,
  };
  const valid = !errors.type && !errors.number && !errors.password;
  const inputColors = inputColorsOf(colors);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched({ type: true, number: true, password: true });
    if (!valid || !type || !captcha.solved) return;
    setBusy(true);
    await submit(() => requestCertificateSignIn(type.documentTypeId, number.trim(), password, captcha.token), number.trim());
    setBusy(false);
    captcha.reset();
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="5">
        <Stack gap="1">
          <Heading as="h1" id={SIGN_IN_TITLE_ID} size="xl">
            {t('signIn.title')}
          </Heading>
          <Text color="inherit">{t('certificate.subtitle')}</Text>
        </Stack>
        <SignInNotice hidden={Boolean(outcome)} />
        <SignInOutcomeView outcome={outcome} />

        <Field.Root invalid={touched.type && Boolean(errors.type)} id={typeSelectId}>
          <Field.Label color={colors.input.label}>{t('certificate.documentType')}</Field.Label>
          <chakra.select
            id={typeSelectId}
            w="full"
            h="10"
            px="3"
            borderWidth="1px"
            borderRadius="l2"
            {...inputColors}
            value={typeId}
            onChange={(e) => setTypeId(e.target.value)}
            onBlur={() => setTouched((s) => ({ ...s, type: true }))}
          >
            <option value="">{t('certificate.choose')}</option>
            {types.map((d) => (
              <option key={d.documentTypeId} value={String(d.documentTypeId)}>
                {d.documentTypeAllowed} - {d.documentTypeDescription}
              </option>
            ))}
          </chakra.select>
          <Field.ErrorText>{localized(errors.type ?? '')}</Field.ErrorText>
        </Field.Root>

        <Field.Root invalid={touched.number && Boolean(errors.number)}>
          <Field.Label color={colors.input.label}>{t('certificate.documentNumber')}</Field.Label>
          <Input
            inputMode={type?.alphanumeric ? 'text' : 'numeric'}
            maxLength={15}
            autoComplete="username"
            {...inputColors}
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            onBlur={() => setTouched((s) => ({ ...s, number: true }))}
          />
          <Field.ErrorText>{localized(errors.number ?? '')}</Field.ErrorText>
        </Field.Root>

        <Field.Root invalid={touched.password && Boolean(errors.password)}>
          <Field.Label color={colors.input.label}>{t('certificate.password')}</Field.Label>
          <InputGroup
            endElement={
              <IconButton
                aria-label={showPassword ? t('signIn.hidePassword') : t('signIn.showPassword')}
                aria-pressed={showPassword}
                variant="ghost"
                size="sm"
                me="-2"
                color="inherit"
                onClick={() => setShowPassword((shown) => !shown)}
              >
                <EyeIcon open={showPassword} />
              </IconButton>
            }
          >
            <Input
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              {...inputColors}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onBlur={() => setTouched((s) => ({ ...s, password: true }))}
            />
          </InputGroup>
          <Field.ErrorText>{localized(errors.password ?? '')}</Field.ErrorText>
        </Field.Root>

        {captcha.field(valid)}

        <Button
          type="submit"
          colorPalette="brand"
          {...submitColorsOf(colors)}
          disabled={!valid || !captcha.solved || busy}
          loading={busy}
          loadingText={t('signIn.submit')}
          aria-busy={busy}
        >
          {t('signIn.submit')}
        </Button>

        <ExternalSignInButton />

        <Link asChild alignSelf="center" color={colors.forgotPassword}>
          <RouterLink to={PATHS.resetPasswordCertificate}>{t('certificate.forgot')}</RouterLink>
        </Link>
      </Stack>
    </form>
  );
}
