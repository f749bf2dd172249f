import { sessionsApi } from '../contracts/sessions-api';
import { getRuntimeConfig } from '../runtime-config';
import { sessionStore, type SessionStore } from '../session/store';
import { PATHS } from '../federation/remotes';
import { callWith } from './call';
import { apiClient, apiErrorMessage, navigateToSignIn, SIGN_IN_ROUTE, type ApiClient } from './client';
import { navigateTo } from './navigation';

/** `option` header of the validation on load: 1 = on failure clear the storage and go to sign-in. */
export const VALIDATION_OPTION = '1';

/**
 * Token validation on load (docs/product/sessions.md, Validation on load;
 * sessionsApi.tokenValidation) with the headers user, token, option and currentApp. An expired
 * access token is renewed first with the refresh token. On failure with option 1 local storage is
 * cleared and the page goes to /Login; with any other option the session is closed and the alert
 * screen shows why, its button leading to /Login. Resolves true when the stored session is valid,
 * false otherwise (also without a session).
 */
export async function validateStoredSession(
  client: ApiClient = apiClient,
  store: SessionStore = sessionStore,
  option: string = VALIDATION_OPTION,
): Promise<boolean> {
  const { token, user } = store.getState();
  if (!token || !user) return false;
  if (store.isExpired() && !(await client.refreshSession())) return false;
  const current = store.getState();
  if (!current.token || !current.user) return false;
  try {
    // the Authorization header too, as every call but sign-in and reset carries it (docs/product/sessions.md);
    // a refusal is handled below, not by the client's session rules
    const authorization = store.authorization();
    await callWith(
      client,
      sessionsApi.tokenValidation,
      { headers: { user: current.user.userName, token: current.token, option, currentApp: getRuntimeConfig().appName } },
      authorization ? { headers: { Authorization: authorization } } : {},
    );
    return true;
  } catch (error) {
    // no answer at all says nothing about the token: keep the session
    if ((error as { status?: number | null }).status === null) return true;
    // the token may have been renewed meanwhile; only a token still in place is cleared
    if (store.getState().token !== current.token) return true;
    if (option !== VALIDATION_OPTION) {
      store.signOut();
      // the alert screen's navigation state (mfe-auth's AlertState): message and the page its button opens
      navigateTo(PATHS.alert, { replace: true, state: { message: apiErrorMessage(error), page: SIGN_IN_ROUTE } });
      return false;
    }
    try {
      window.localStorage.clear();
    } catch {
      /* storage unavailable */
    }
    store.signOut();
    navigateToSignIn();
    return false;
  }
}
