import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { ApiError, PATHS, apiErrorMessage, useLocalize, useProfileInMode, type UserAccountEntry } from '@suite/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import * as v from 'valibot';
import { FormError } from '../../components/FormError';
import { BackToSignInLink } from '../../components/BackToSignInLink';
import { NS } from '../../i18n';
import type { SelectAccountsState } from '../../navigation';
import { PublicCard } from '../../components/PublicCard';
import { requestUsersForEmail } from '../../passwordRequests';
import { RESET_ACCOUNTS_KEY, sendResetAndContinue } from '../../resetFlow';
import { forgotPasswordLookFor, type ForgotPasswordLook } from './forgotPasswordLook';

type FormValues = v.InferInput<ForgotPasswordLook['schema']>;

/**
 * /resetpassword and /invalid-link (the invalid-link screen asking for an e-mail to restart the
 * reset; docs/product/passwords.md, Reset by e-mail and Links): e-mail → the accounts tied to it → one: reset sent;
 * several: /selectaccounts; none: the message under the field.
 */
export function ResetPassword({ variant = 'reset' }: { variant?: 'reset' | 'invalid-link' }) {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const navigate = useNavigate();
  const notice = (useLocation().state as { message?: unknown } | null)?.message;
  const [serverError, setServerError] = useState<string | null>(null);
  const look = forgotPasswordLookFor(useProfileInMode().signInVariant);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<FormValues>({ resolver: valibotResolver(look.schema), mode: 'onChange', defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    let users: UserAccountEntry[];
    try {
      const reply = await requestUsersForEmail(email);
      users = Array.isArray(reply.result?.users) ? reply.result.users : [];
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        setError('email', { type: 'server', message: apiErrorMessage(error) });
      } else {
        setServerError(apiErrorMessage(error));
      }
      return;
    }
    if (users.length === 0) {
      setError('email', { type: 'server', message: t('reset.noUsers') });
      return;
    }
    if (users.length === 1) {
      const failed = await sendResetAndContinue(
        navigate,
        users[0].username,
        variant === 'invalid-link' ? { isInvalidLinkScreen: true } : {},
      );
      if (failed) setServerError(failed);
      return;
    }
    const state: SelectAccountsState = { email, users };
    try {
      sessionStorage.setItem(RESET_ACCOUNTS_KEY, JSON.stringify(state));
    } catch {
      /* storage unavailable: the navigation state still carries the list */
    }
    navigate(PATHS.selectAccounts, { state });
  });

  return (
    <PublicCard
      title={variant === 'reset' ? t('reset.title') : t('reset.invalidLinkTitle')}
      logo={variant === 'reset' ? 'rememberPassword' : 'invalidLink'}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          {variant === 'invalid-link' && typeof notice === 'string' && notice !== '' ? (
            <Alert.Root status="warning" role="status">
              <Alert.Indicator />
              <Alert.Title>{notice}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Text color="fg.muted">{variant === 'reset' ? t('reset.intro') : t('reset.invalidLinkIntro')}</Text>
          <FormError message={serverError} />
          <Field.Root invalid={Boolean(errors.email)}>
            <Field.Label>{t('reset.email')}</Field.Label>
            <Input type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} maxLength={100} {...register('email')} />
            <Field.ErrorText>{localized(errors.email?.message)}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" disabled={!isValid || isSubmitting} loading={isSubmitting} aria-busy={isSubmitting}>
            {t(look.submitKey)}
          </Button>
          <Button variant="outline" onClick={() => navigate(PATHS.login)}>
            {t('reset.cancel')}
          </Button>
          <BackToSignInLink />
        </Stack>
      </form>
    </PublicCard>
  );
}
