import { Alert, Box, Button, Card, Field, Heading, IconButton, Input, InputGroup, Link, Stack, Text } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { COMMON_NS, LoginRequestSchema, MESSAGES, apiErrorMessage, getRuntimeConfig, useSession } from '@suite/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import * as v from 'valibot';
import { NS } from './i18n';
import { requestSignIn, sameOriginPath } from './signInRequest';

/** The sign-in form validates the same fields the API does (contracts/login.ts). */
const SignInSchema = v.pick(LoginRequestSchema, ['user', 'password']);
type SignInValues = v.InferInput<typeof SignInSchema>;

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12Z" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <path d="M3 3l18 18" />}
    </svg>
  );
}

/** Classic sign-in (portal spec §2 screen 1): user, password with show toggle, Ingresar. */
export function SignIn() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation(COMMON_NS);
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [showPassword, setShowPassword] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({
    resolver: valibotResolver(SignInSchema),
    mode: 'onTouched',
    defaultValues: { user: '', password: '' },
  });
  const [user, password] = watch(['user', 'password']);
  const filled = Boolean(user?.trim()) && Boolean(password);
  const { version } = getRuntimeConfig();

  const fieldError = (message?: string) => (message === MESSAGES.required || !message ? t('signIn.required') : message);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const reply = await requestSignIn(values.user, values.password);
      const { token, refreshToken, urlApp, information } = reply.result;
      if (reply.statusCode !== 200 || !token) {
        setServerError(information || MESSAGES.noResponse);
        return;
      }
      signIn({ token, refreshToken });
      const target = urlApp || '/users';
      const path = sameOriginPath(target);
      if (path) navigate(path, { replace: true });
      else window.location.assign(target);
    } catch (error) {
      setServerError(apiErrorMessage(error));
    }
  });

  return (
    <Box display="flex" minH="100vh" alignItems="center" justifyContent="center" p="4">
      <Card.Root as="section" aria-labelledby="sign-in-title" w="full" maxW="sm">
        <Card.Body>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="5">
              <Stack gap="1">
                <Heading as="h1" id="sign-in-title" size="xl">
                  {t('signIn.title')}
                </Heading>
                <Text color="fg.muted">{t('signIn.subtitle')}</Text>
              </Stack>

              {serverError ? (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{serverError}</Alert.Title>
                </Alert.Root>
              ) : null}

              <Field.Root invalid={Boolean(errors.user)}>
                <Field.Label>{t('signIn.user')}</Field.Label>
                <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...register('user')} />
                <Field.ErrorText>{fieldError(errors.user?.message)}</Field.ErrorText>
              </Field.Root>

              <Field.Root invalid={Boolean(errors.password)}>
                <Field.Label>{t('signIn.password')}</Field.Label>
                <InputGroup
                  endElement={
                    <IconButton
                      aria-label={showPassword ? t('signIn.hidePassword') : t('signIn.showPassword')}
                      aria-pressed={showPassword}
                      variant="ghost"
                      size="sm"
                      me="-2"
                      onClick={() => setShowPassword((shown) => !shown)}
                    >
                      <EyeIcon open={showPassword} />
                    </IconButton>
                  }
                >
                  <Input type={showPassword ? 'text' : 'password'} autoComplete="current-password" {...register('password')} />
                </InputGroup>
                <Field.ErrorText>{fieldError(errors.password?.message)}</Field.ErrorText>
              </Field.Root>

              <Button type="submit" colorPalette="brand" disabled={!filled || isSubmitting} loading={isSubmitting} loadingText={t('signIn.submit')} aria-busy={isSubmitting}>
                {t('signIn.submit')}
              </Button>

              <Link asChild alignSelf="center" color="brand.main">
                <RouterLink to="/resetpassword">{t('signIn.remember')}</RouterLink>
              </Link>

              {version ? (
                <Text fontSize="xs" color="fg.muted" textAlign="center">
                  {tc('version', { version })}
                </Text>
              ) : null}
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
