import { PATHS, apiErrorMessage, emailSentRoute, type ResetPasswordResult } from '@suite/shared';
import type { NavigateFunction } from 'react-router-dom';
import type { AlertState, CheckEmailState } from './navigation';
import { requestPasswordReset } from './passwordRequests';

/** Session storage key of the accounts found for an e-mail (/selectaccounts). */
export const RESET_ACCOUNTS_KEY = 'resetAccounts';

/**
 * Sends the reset e-mail of one account and moves to the e-mail-sent screen the application
 * uses (/check-email or /alert, shared rule). Returns the error message when the call fails.
 */
export async function sendResetAndContinue(
  navigate: NavigateFunction,
  user: string,
  extra: { isByUser?: boolean; isInvalidLinkScreen?: boolean } = {},
): Promise<string | null> {
  let result: ResetPasswordResult;
  try {
    const reply = await requestPasswordReset(user, extra);
    result = reply.result;
  } catch (error) {
    return apiErrorMessage(error);
  }
  try {
    sessionStorage.removeItem(RESET_ACCOUNTS_KEY);
  } catch {
    /* storage unavailable */
  }
  if (emailSentRoute() === PATHS.checkEmail) {
    const state: CheckEmailState = { maskedEmail: result.maskedEmail ?? '', user, message: result.information };
    navigate(PATHS.checkEmail, { state });
  } else {
    const state: AlertState = { message: result.information || result.maskedEmail, page: PATHS.login };
    navigate(PATHS.alert, { state });
  }
  return null;
}
