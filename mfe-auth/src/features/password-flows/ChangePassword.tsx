import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import {
  ApiError,
  INFORMATION_CODES,
  LANGUAGES,
  MECHANISM_AFTER_SET_PASS,
  PASSWORD_MESSAGES,
  PATHS,
  USER_NAME_MAX,
  apiErrorMessage,
  changeLanguage,
  loadPayloadCipher,
  loadedPayloadCipher,
  getRuntimeConfig,
  isStrongPassword,
  showDialog,
  useSession,
  type AssignPasswordResult,
  type Language,
  type PasswordLinkPayload,
  type PayloadCipher,
  useLocalize,
} from '@suite/shared';
import { es } from '@suite/shared';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { FormError } from '../../components/FormError';
import { BackToSignInLink } from '../../components/BackToSignInLink';
import { NS } from '../../i18n';
import {
  ACTIVATION_TIME_EXPIRED,
  INVALID_LINK,
  PASSWORD_EXPIRED,
  type AlertState,
  type AvailableAppsState,
  type ExpiredPasswordState,
  type ResendEmailState,
} from '../../navigation';
import { PasswordInput, PasswordRules } from '../../components/PasswordFields';
import { PublicCard } from '../../components/PublicCard';
import { requestAssignPassword, requestChangePassword } from '../../passwordRequests';
import { useCaptcha } from '../../components/captcha';
import { useSignInParameters } from '../../signInParameters';
import { goToApplication } from '../../goToApplication';
import { requestSignIn } from '../../signInRequest';

/** Texts of an unusable link (docs/product/passwords.md, Links). */
export const LINK_MESSAGES = es.link;

/** Seconds the 'password created/updated' alert waits before going to sign-in by itself. */
export const PASSWORD_SET_REDIRECT_SECONDS = 5;

type LinkReading = { ok: true; payload: PasswordLinkPayload } | { ok: false; message: string };

/** The payload of `/changepassword?<encodeURIComponent(cipher)>`, or the message of an unusable link. */
export function readPasswordLink(search: string, key: string, decrypt: PayloadCipher['decryptPayload']): LinkReading {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  if (raw.trim() === '') return { ok: false, message: LINK_MESSAGES.invalid };
  try {
    const plain = decrypt(decodeURIComponent(raw), key);
    if (!plain) return { ok: false, message: LINK_MESSAGES.undecodable };
    const parsed = JSON.parse(plain) as Partial<PasswordLinkPayload>;
    if (typeof parsed.user !== 'string' || parsed.user === '' || typeof parsed.token !== 'string' || parsed.token === '') {
      return { ok: false, message: LINK_MESSAGES.undecodable };
    }
    return {
      ok: true,
      payload: {
        user: parsed.user,
        token: parsed.token,
        tenantLanguage: parsed.tenantLanguage,
        isUserActivation: parsed.isUserActivation === true,
      },
    };
  } catch {
    return { ok: false, message: LINK_MESSAGES.undecodable };
  }
}

/** Shared rules of both forms: the message to show for new/confirm, or null when they can be sent. */
function newPasswordProblem(newPassword: string, confirm: string): string | null {
  if (!isStrongPassword(newPassword)) return PASSWORD_MESSAGES.weak;
  if (newPassword !== confirm) return PASSWORD_MESSAGES.mismatch;
  return null;
}

/** The live messages under the new/confirm fields. */
function liveMessages(newPassword: string, confirm: string) {
  return {
    weak: newPassword !== '' && !isStrongPassword(newPassword) ? PASSWORD_MESSAGES.weak : undefined,
    mismatch: confirm !== '' && newPassword !== confirm ? PASSWORD_MESSAGES.mismatch : undefined,
  };
}

/**
 * /changepassword (docs/product/passwords.md, Links and Expired password): from an activation/reset link, or — reached from the
 * expired-password alert — the change form with the current password.
 */
export function ChangePassword() {
  const location = useLocation();
  const state = location.state as Partial<ExpiredPasswordState> | null;
  if (location.search.replace(/^\?/, '') === '' && state?.messageType === PASSWORD_EXPIRED)
    return <ExpiredPasswordForm initialUser={state.user ?? ''} />;
  return <LinkPasswordForm />;
}

/** The payload cipher, null until its chunk has loaded (the screen's loader fetches both together). */
function usePayloadCipher(): PayloadCipher | null {
  const [cipher, setCipher] = useState(loadedPayloadCipher);
  useEffect(() => {
    if (!cipher) void loadPayloadCipher().then(setCipher);
  }, [cipher]);
  return cipher;
}

function LinkPasswordForm() {
  const { search } = useLocation();
  const cipher = usePayloadCipher();
  const reading = useMemo(
    () => (cipher ? readPasswordLink(search, getRuntimeConfig().payloadKey, cipher.decryptPayload) : null),
    [cipher, search],
  );
  return reading ? <LinkPasswordFormOf reading={reading} /> : null;
}

function LinkPasswordFormOf({ reading }: { reading: LinkReading }) {
  const { t, i18n } = useTranslation(NS);
  const localized = useLocalize();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const { newPassword, setNewPassword, confirm, setConfirm, error, busy, live, onSubmit } = useNewPasswordForm(
    async (password) => {
      if (!reading.ok) return;
      const { user, token, isUserActivation } = reading.payload;
      const reply = await requestAssignPassword({ user, token, password, isUserActivation });
      await afterAssigned(reply.result);
    },
    (failure) => describeRefusal(failure),
  );

  useEffect(() => {
    if (reading.ok) return;
    const alert: AlertState = { message: localized(reading.message), page: PATHS.login };
    navigate(PATHS.alertForBrokenLink, { replace: true, state: alert });
  }, [reading, navigate, localized]);

  // The link's tenant language, once per link (not on every language change, which renews `t` and `i18n`).
  useEffect(() => {
    const language = reading.ok ? reading.payload.tenantLanguage?.toLowerCase() : undefined;
    if (language && (LANGUAGES as readonly string[]).includes(language) && i18n.language !== language)
      void changeLanguage(language as Language);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link, whatever the language becomes later
  }, [reading]);

  if (!reading.ok) return null;
  const { user, isUserActivation } = reading.payload;

  const afterAssigned = async (result: AssignPasswordResult) => {
    const message = result.information || (isUserActivation ? t('password.created') : t('password.updated'));
    if (Array.isArray(result.apps) && result.apps.length > 0) {
      const next: AvailableAppsState = {
        message,
        apps: result.apps,
        mechanismAfterSetPass: result.mechanismAfterSetPass,
        userData: { appName: getRuntimeConfig().appName, user, password: newPassword },
      };
      navigate(PATHS.availableApps, { replace: true, state: next });
      return;
    }
    if (result.mechanismAfterSetPass === MECHANISM_AFTER_SET_PASS.applicationLogin) {
      // Screen 8 'password created/updated': the alert, then sign-in (by itself after the countdown).
      const alert: AlertState = { message, page: PATHS.login, redirectSeconds: PASSWORD_SET_REDIRECT_SECONDS };
      navigate(PATHS.alert, { replace: true, state: alert });
      return;
    }
    await showDialog({ message });
    try {
      const reply = await requestSignIn(user, newPassword);
      const { token: access, refreshToken, urlApp } = reply.result;
      if (!access) throw new Error('no token');
      signIn({ token: access, refreshToken });
      goToApplication(navigate, urlApp);
    } catch {
      navigate(PATHS.login, { replace: true });
    }
  };

  const describeRefusal = (failure: unknown): boolean => {
    const result = failure instanceof ApiError ? failure.envelope?.result : undefined;
    const code = result?.informationCode;
    // An activation link that is no longer valid: a new activation e-mail (the refusal names the user and e-mail).
    // An expired one (R32) is the 'activation time expired' state, not a broken link.
    if (isUserActivation && result && typeof result.email === 'string' && typeof result.user === 'string' && result.email && result.user) {
      const messageType = code === INFORMATION_CODES.linkExpired ? ACTIVATION_TIME_EXPIRED : INVALID_LINK;
      const next: ResendEmailState = { messageType, email: result.email, user: result.user, message: result.information };
      navigate(PATHS.resendEmail, { replace: true, state: next });
      return true;
    }
    // A used or expired reset link: the invalid-link screen asks for the e-mail to restart the reset.
    if (!isUserActivation && (code === INFORMATION_CODES.invalidLink || code === INFORMATION_CODES.linkExpired)) {
      navigate(PATHS.invalidLink, { replace: true, state: { message: result?.information } });
      return true;
    }
    return false;
  };

  return (
    <PublicCard title={isUserActivation ? t('password.createTitle') : t('password.changeTitle')} logo="changePassword">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="4">
          <Text>
            {t('password.userLabel')} <Text as="strong">{user}</Text>
          </Text>
          <FormError message={error && localized(error)} />
          <NewPasswordPair newPassword={newPassword} confirm={confirm} onNew={setNewPassword} onConfirm={setConfirm} live={live} />
          <PasswordFormActions disabled={newPassword === '' || confirm === ''} busy={busy} />
        </Stack>
      </form>
    </PublicCard>
  );
}

function NewPasswordPair({
  newPassword,
  confirm,
  onNew,
  onConfirm,
  live,
}: {
  newPassword: string;
  confirm: string;
  onNew: (value: string) => void;
  onConfirm: (value: string) => void;
  live: { weak?: string; mismatch?: string };
}) {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  return (
    <>
      <PasswordInput
        label={t('password.new')}
        showLabel={t('password.showNew')}
        hideLabel={t('password.hideNew')}
        error={localized(live.weak)}
        inputProps={{ autoComplete: 'new-password', value: newPassword, onChange: (event) => onNew(event.target.value) }}
      />
      <PasswordRules password={newPassword} />
      <PasswordInput
        label={t('password.confirm')}
        showLabel={t('password.showConfirm')}
        hideLabel={t('password.hideConfirm')}
        error={localized(live.mismatch)}
        inputProps={{ autoComplete: 'new-password', value: confirm, onChange: (event) => onConfirm(event.target.value) }}
      />
    </>
  );
}

/** Submit and back-to-sign-in of a new-password form; submit stays disabled while a field is empty or a request runs. */
function PasswordFormActions({ disabled, busy }: { disabled: boolean; busy: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <Button type="submit" colorPalette="brand" disabled={disabled || busy} loading={busy} aria-busy={busy}>
        {t('password.submit')}
      </Button>
      <BackToSignInLink />
    </>
  );
}

/**
 * State and submit rules of every form that sets a new password: the pair must pass the password
 * rules and match before `submit` runs; a refusal shows the server's message unless `handled`
 * took care of it (e.g. by navigating away).
 */
function useNewPasswordForm(submit: (newPassword: string) => Promise<void>, handled: (failure: unknown) => boolean = () => false) {
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(newPassword, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await submit(newPassword);
    } catch (failure) {
      if (handled(failure)) return;
      setError(apiErrorMessage(failure));
      setBusy(false);
    }
  };

  return { newPassword, setNewPassword, confirm, setConfirm, error, busy, live: liveMessages(newPassword, confirm), onSubmit };
}

/** The expired-password change (R18): user, current password, new password and confirmation → ChangePassword. */
function ExpiredPasswordForm({ initialUser }: { initialUser: string }) {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const navigate = useNavigate();
  const [user, setUser] = useState(initialUser);
  const [current, setCurrent] = useState('');
  // the current password is tried as a sign-in tries it: behind the captcha when the application asks for it
  const captcha = useCaptcha(Boolean(useSignInParameters().captchaApply));
  const { newPassword, setNewPassword, confirm, setConfirm, error, busy, live, onSubmit } = useNewPasswordForm(
    async (password) => {
      await requestChangePassword(user.trim(), current, password, captcha.token);
      navigate(PATHS.login, { replace: true, state: { message: t('password.updated') } });
    },
    () => {
      captcha.reset(); // the attempt spent the solution
      return false;
    },
  );
  const empty = user.trim() === '' || current === '' || newPassword === '' || confirm === '';

  return (
    <PublicCard title={t('password.expiredTitle')} logo="expireTime">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="4">
          <Text color="fg.muted">{t('password.expiredIntro')}</Text>
          <FormError message={error && localized(error)} />
          <Field.Root>
            <Field.Label>{t('signIn.user')}</Field.Label>
            <Input
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={USER_NAME_MAX}
              value={user}
              onChange={(event) => setUser(event.target.value)}
            />
          </Field.Root>
          <PasswordInput
            label={t('password.current')}
            showLabel={t('password.showCurrent')}
            hideLabel={t('password.hideCurrent')}
            inputProps={{ autoComplete: 'current-password', value: current, onChange: (event) => setCurrent(event.target.value) }}
          />
          <NewPasswordPair newPassword={newPassword} confirm={confirm} onNew={setNewPassword} onConfirm={setConfirm} live={live} />
          {captcha.field(!empty)}
          <PasswordFormActions disabled={empty || !captcha.solved} busy={busy} />
        </Stack>
      </form>
    </PublicCard>
  );
}
