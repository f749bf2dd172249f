import {
  ApiError,
  INFORMATION_CODES,
  LOGIN_MAX_FAILED_ATTEMPTS,
  MESSAGES,
  PATHS,
  apiErrorMessage,
  useSession,
  type Envelope,
  type LoginResult,
} from '@suite/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { continueAfterSignIn } from '../../goToApplication';
import { NS } from '../../i18n';
import { PASSWORD_EXPIRED, type AlertState, type SecondFactorState } from '../../navigation';

/** Contact of the blocked-user message when neither the reply nor the application names one. */
export const DEFAULT_SUPPORT_CONTACT = 'soporte@suite.example';

/** What the error box shows after a refused sign-in (docs/product/sign-in.md, Outcomes). */
export type SignInOutcome =
  | { kind: 'message'; message: string }
  | { kind: 'attempts'; message: string; left: number }
  | { kind: 'locked'; message: string; seconds: number }
  | { kind: 'blocked'; contact: string };

/**
 * What every sign-in form does with the reply (docs/product/sign-in.md, Outcomes): the refusals by
 * their informationCode, shown by <SignInOutcomeView>, and a success's tokens and redirect
 * (`redirectDelayMs` after it: the certificate sign-in waits 2 s).
 */
export function useSignInOutcome(supportContact: string | undefined, redirectDelayMs = 0) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [outcome, setOutcome] = useState<SignInOutcome | null>(null);
  const setServerError = (message: string | null) => setOutcome(message === null ? null : { kind: 'message', message });

  /** A refused sign-in, by its informationCode. */
  const refused = (result: Partial<LoginResult>, user: string) => {
    const code = result.informationCode;
    const information = typeof result.information === 'string' && result.information.trim() !== '' ? result.information : undefined;
    if (code === INFORMATION_CODES.secondFactorRequired && result.secondFactor) {
      // the password was right; the application asks for a second factor before any token
      const state: SecondFactorState = { step: result.secondFactor };
      navigate(PATHS.secondFactor, { state });
      return;
    }
    if (code === INFORMATION_CODES.notActivated) {
      const state: AlertState = { message: information ?? t('signIn.welcomeEmail'), page: PATHS.login };
      navigate(PATHS.alert, { state });
      return;
    }
    if (code === INFORMATION_CODES.passwordExpired) {
      // The alert's accept opens the address the reply names (the application's own password page when
      // it has one), else the change-password form (user, current and new password).
      const page = typeof result.urlApp === 'string' && result.urlApp.trim() !== '' ? result.urlApp : PATHS.changePassword;
      const state: AlertState = { message: t('signIn.passwordExpired'), page, messageType: PASSWORD_EXPIRED, user };
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
      await continueAfterSignIn(navigate, urlApp);
    } catch (error) {
      const result = error instanceof ApiError && error.status !== null && error.status < 500 ? error.envelope?.result : undefined;
      if (result?.informationCode) refused(result as Partial<LoginResult>, user);
      else setServerError(apiErrorMessage(error));
    }
  };

  return { outcome, submit };
}
