import {
  apiClient,
  apiErrorMessage,
  callWith,
  getRuntimeConfig,
  sessionStore,
  sessionsApi,
  type ApiClient,
  type GenerateTokensRequest,
  type SessionStore,
} from '@suite/shared';
import { EXCHANGE_CODE_PARAM } from '../routes';

/** The search string without the code (what the address keeps after the exchange), '' when nothing is left. */
export function withoutExchangeCode(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(EXCHANGE_CODE_PARAM);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

export type ExchangeOutcome = { ok: true } | { ok: false; message: string };

// The code is single use: a second request for it (a re-render, React's strict mode) must share the first.
const inFlight = new Map<string, Promise<ExchangeOutcome>>();

/**
 * Exchanges the one-time code for this application's tokens (sessionsApi.generateTokens:
 * code, appName) and stores them as the session. A refused code gives the message to show.
 */
export function exchangeSignInCode(
  code: string,
  client: ApiClient = apiClient,
  store: SessionStore = sessionStore,
): Promise<ExchangeOutcome> {
  let pending = inFlight.get(code);
  if (!pending) {
    pending = (async (): Promise<ExchangeOutcome> => {
      const body: GenerateTokensRequest = { code, appName: getRuntimeConfig().appName };
      try {
        const result = await callWith(client, sessionsApi.generateTokens, { body });
        if (!result?.token) return { ok: false, message: apiErrorMessage(null) };
        store.signIn({ token: result.token, refreshToken: result.refreshToken });
        return { ok: true };
      } catch (error) {
        return { ok: false, message: apiErrorMessage(error) };
      }
    })();
    inFlight.set(code, pending);
    // forget it once settled, a little later, so that a strict-mode double effect still finds it
    void pending.then(() => setTimeout(() => inFlight.delete(code), 1000));
  }
  return pending;
}
