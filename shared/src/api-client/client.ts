import ky, { type AfterResponseHook, type KyInstance, type Options } from 'ky';
import type { Envelope } from '../contracts/envelope';
import { endpointPath, type Endpoint } from '../contracts/endpoint';
import { INFORMATION_CODES, MESSAGES } from '../contracts/messages';
import { sessionsApi } from '../contracts/sessions-api';
import type { RefreshTokenRequest, RefreshTokenResult, RevokeTokenRequest, RevokeTokenResult } from '../contracts/tokens';
import { PATHS } from '../federation/remotes';
import { localizeText, pageLanguage } from '../i18n';
import { getRuntimeConfig } from '../runtime-config';
import { PasskeyError } from './passkeys';
import { sessionStore, type SessionStore } from '../session/store';
import { emitApiEvent } from './events';
import { navigateTo, pageReload } from './navigation';

/** Where the client sends the browser when the session cannot go on (docs/product/sessions.md, Refresh). */
export const SIGN_IN_ROUTE = PATHS.login;

/**
 * Sends a page whose session closed to the sign-in, unless it is on the sign-in already: there
 * its address stays as it is (an application's OpenID request rides in its query).
 */
export function navigateToSignIn(): void {
  if (typeof window !== 'undefined' && window.location.pathname.toLowerCase() === SIGN_IN_ROUTE.toLowerCase()) return;
  navigateTo(SIGN_IN_ROUTE, { replace: true });
}
/** Where accepting the privileges dialog leads (docs/product/console.md, Permissions and the 403 answer). */
export const HOME_ROUTE = PATHS.users;

/** Error replies keep the envelope: `result.information` is the message to show. */
export type ErrorEnvelope = Envelope<{ information?: string; informationCode?: string; [field: string]: unknown }>;

/**
 * A failed API call. `status` is null when no response arrived (network down, timeout);
 * `envelope` is the parsed error reply when the server sent one.
 */
export class ApiError extends Error {
  readonly status: number | null;
  readonly envelope: ErrorEnvelope | null;

  constructor(message: string, status: number | null, envelope: ErrorEnvelope | null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.envelope = envelope;
  }

  get noResponse(): boolean {
    return this.status === null;
  }

  get informationCode(): string | undefined {
    return this.envelope?.result?.informationCode;
  }
}

/**
 * The text to show for a failed call: the server's `result.information` when present and the
 * status is not a server failure, otherwise the generic 'Error al realizar la petición.'
 * (docs/product/sign-in.md, Outcomes; docs/product/console.md, Dialogs).
 */
export function apiErrorMessage(error: unknown): string {
  if (error instanceof PasskeyError) return localizeText(error.message);
  if (error instanceof ApiError && error.status !== null && error.status < 500) {
    const information = error.envelope?.result?.information;
    if (typeof information === 'string' && information.trim() !== '') return localizeText(information);
  }
  return localizeText(MESSAGES.noResponse);
}

export interface RequestOptions extends Omit<Options, 'method' | 'json' | 'prefixUrl'> {
  /**
   * Send the Authorization header and apply the session rules (default true): a 401 refreshes
   * the token once and retries, a 403 opens the privileges dialog. Sign-in and public calls pass false.
   */
  auth?: boolean;
}

/**
 * Response handlers run after every reply, in order; one may return a new Response (for example
 * the retried request after refreshing the token on a 401) to replace the reply. The 401 refresh
 * and the 403 privileges dialog plug in here.
 */
export type ResponseHandler = AfterResponseHook;

function apiPrefix(): string {
  const base = getRuntimeConfig().apiBase || '/api';
  if (typeof window === 'undefined' || /^[a-z]+:\/\//i.test(base)) return base;
  return new URL(base, window.location.origin).href;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<Envelope<T>>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
  delete<T>(path: string, options?: RequestOptions): Promise<Envelope<T>>;
  /**
   * A request whose reply is not the envelope (a file, e.g. a CSV export), under the same session
   * rules: resolves the Response of a success, unread; a refusal rejects with an ApiError as above.
   */
  raw(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<Response>;
  /** Adds a response handler; returns a function that removes it. */
  onResponse(handler: ResponseHandler): () => void;
  /** The underlying ky instance (prefix, auth header and handlers applied). */
  readonly http: KyInstance;
  /**
   * Renews the access token with the stored refresh token (sessionsApi.refreshToken).
   * Concurrent callers share one request. Resolves true when a new token is stored; on
   * failure the session is closed (R101 first shows the refresh-revoked dialog) and the page
   * goes to /Login.
   */
  refreshSession(): Promise<boolean>;
  /**
   * Revokes the stored refresh token on the server (sessionsApi.revokeToken: UserName,
   * Quantity 1, AppName, RefreshToken). Resolves the reply's `result`, or null without a stored
   * refresh token or when the call fails; the stored session is left for the caller to clear.
   */
  revokeSession(): Promise<RevokeTokenResult | null>;
  /** The privileges dialog, then the home page: what a 403 reply shows (docs/product/console.md, Permissions and the 403 answer). */
  forbidden(): void;
}

/**
 * An endpoint's path under the API's prefix. Refresh and revoke are sent with it outside the
 * session rules (call() applies them): a 401 of theirs must not start another refresh.
 */
function prefixedPath(e: Endpoint): string {
  return endpointPath(e.path).replace(/^\/api\//, '');
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return Boolean(body && typeof body === 'object' && 'result' in body);
}

/** Builds a client; the page uses the single `apiClient` below. */
export function createApiClient(store: SessionStore = sessionStore): ApiClient {
  const handlers: ResponseHandler[] = [];

  const http = ky.create({
    retry: 0,
    timeout: 30_000,
    throwHttpErrors: false,
    hooks: {
      beforeRequest: [
        (request) => {
          // the API answers `information` in this language (a call may still name its own)
          if (!request.headers.has('Accept-Language')) request.headers.set('Accept-Language', pageLanguage());
        },
        (request, options) => {
          if (options.context.auth === false) return;
          const authorization = store.authorization();
          if (authorization && !request.headers.has('Authorization')) request.headers.set('Authorization', authorization);
        },
      ],
      afterResponse: [
        async (request, options, response, state) => {
          let current = response;
          for (const handler of [...handlers]) {
            const replaced = await handler(request, options, current, state);
            if (replaced instanceof Response) current = replaced;
          }
          return current === response ? undefined : current;
        },
      ],
    },
  });

  async function request(method: string, path: string, body: unknown, options: RequestOptions, auth: boolean): Promise<Response> {
    const { context, ...rest } = options;
    try {
      return await http(path.replace(/^\/+/, ''), {
        ...rest,
        method,
        prefixUrl: apiPrefix(),
        context: { ...context, auth },
        ...(body === undefined ? {} : { json: body }),
      });
    } catch (cause) {
      throw new ApiError(localizeText(MESSAGES.noResponse), null, null, { cause });
    }
  }

  async function parse<T>(response: Response): Promise<Envelope<T>> {
    let parsed: unknown = null;
    try {
      parsed = await response.json();
    } catch {
      parsed = null;
    }
    if (!response.ok) {
      const envelope = isEnvelope(parsed) ? (parsed as ErrorEnvelope) : null;
      const error = new ApiError(MESSAGES.noResponse, response.status, envelope);
      error.message = apiErrorMessage(error);
      throw error;
    }
    if (!isEnvelope(parsed)) throw new ApiError(localizeText(MESSAGES.noResponse), response.status, null);
    return parsed as Envelope<T>;
  }

  let refreshing: Promise<boolean> | null = null;

  function closeSession(): void {
    store.signOut();
    navigateToSignIn();
  }

  /**
   * The refresh token this page revoked itself (its sign-out). A call still on its way is then
   * answered 401: no news to the person, who is signing out — no refresh, no dialog, and no second
   * trip to the sign-in screen once the sign-out has cleared the session (it shows its own message).
   */
  let revokedHere: string | null = null;
  const endedHere = (refreshToken: string | null) => revokedHere !== null && (refreshToken === null || refreshToken === revokedHere);

  async function revokeSession(): Promise<RevokeTokenResult | null> {
    const { refreshToken, user } = store.getState();
    if (!refreshToken || !user?.userName) return null;
    revokedHere = refreshToken;
    const body: RevokeTokenRequest = {
      UserName: user.userName,
      Quantity: 1,
      AppName: getRuntimeConfig().appName,
      RefreshToken: refreshToken,
    };
    const { revokeToken } = sessionsApi;
    // every call but sign-in and reset carries the Authorization header (docs/product/sessions.md),
    // this one too, without the session rules: the revocation is the end of the session
    const authorization = store.authorization();
    const options: RequestOptions = authorization ? { headers: { Authorization: authorization } } : {};
    try {
      const reply = await parse<RevokeTokenResult>(await request(revokeToken.method, prefixedPath(revokeToken), body, options, false));
      return reply.result ?? null;
    } catch {
      return null;
    }
  }

  /**
   * Whether another tab of the page renewed the session while this refresh was on its way: local
   * storage then holds a newer pair, which is the session's (the API refuses the older token as
   * superseded and keeps the session, docs/security/sessions-and-tokens.md).
   */
  function renewedElsewhere(sent: string): boolean {
    store.reload();
    const { token, refreshToken } = store.getState();
    return Boolean(token && refreshToken && refreshToken !== sent);
  }

  async function refreshOnce(): Promise<boolean> {
    const { refreshToken, user } = store.getState();
    if (endedHere(refreshToken)) return false;
    if (!refreshToken || !user?.userName) {
      closeSession();
      return false;
    }
    const body: RefreshTokenRequest = { RefreshToken: refreshToken, UserName: user.userName, Appname: getRuntimeConfig().appName };
    const { refreshToken: refresh } = sessionsApi;
    let response: Response;
    try {
      response = await request(refresh.method, prefixedPath(refresh), body, {}, false);
    } catch {
      if (renewedElsewhere(refreshToken)) return true;
      closeSession();
      return false;
    }
    try {
      const reply = await parse<RefreshTokenResult>(response);
      if (!reply.result?.token) throw new ApiError(MESSAGES.noResponse, response.status, null);
      store.signIn({ token: reply.result.token, refreshToken: reply.result.refreshToken });
      return true;
    } catch (error) {
      if (renewedElsewhere(refreshToken)) return true;
      // revoked by this page's sign-out while the refresh was on its way
      if (endedHere(refreshToken)) return false;
      if (error instanceof ApiError && error.status === 401 && error.informationCode === INFORMATION_CODES.refreshRevoked) {
        await emitApiEvent('refreshRevoked');
      } else {
        // any other refusal: the refresh token is revoked on the server too before the session closes
        await revokeSession();
      }
      closeSession();
      return false;
    }
  }

  function refreshSession(): Promise<boolean> {
    refreshing ??= refreshOnce().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  let forbiddenOpen: Promise<void> | null = null;

  function forbidden(): void {
    if (forbiddenOpen) return;
    forbiddenOpen = emitApiEvent('forbidden').then(() => {
      forbiddenOpen = null;
      const here = typeof window !== 'undefined' ? window.location.pathname.toLowerCase().replace(/\/+$/, '') : '';
      if (here === HOME_ROUTE) pageReload.reload();
      else navigateTo(HOME_ROUTE);
    });
  }

  /** A request with the session rules: a 401 refreshes the token once and retries, a 403 opens the privileges dialog. */
  async function exchange(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<Response> {
    const { auth = true, ...rest } = options;
    const sentWith = store.authorization();
    let response = await request(method, path, body, rest, auth);
    if (auth && response.status === 401) {
      // another call may have renewed the token while this one was on its way
      const renewed = store.authorization() !== sentWith && store.authorization() !== null ? true : await refreshSession();
      if (renewed) response = await request(method, path, body, rest, auth);
    } else if (auth && response.status === 403) {
      forbidden();
    }
    return response;
  }

  async function send<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<Envelope<T>> {
    return parse<T>(await exchange(method, path, body, options));
  }

  async function raw(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
    const response = await exchange(method, path, body, options);
    // a refusal still comes in the envelope: parse throws its ApiError, with the server's message
    if (!response.ok) await parse(response);
    return response;
  }

  return {
    get: (path, options) => send('GET', path, undefined, options),
    post: (path, body, options) => send('POST', path, body, options),
    put: (path, body, options) => send('PUT', path, body, options),
    patch: (path, body, options) => send('PATCH', path, body, options),
    delete: (path, options) => send('DELETE', path, undefined, options),
    raw,
    onResponse(handler) {
      handlers.push(handler);
      return () => {
        const index = handlers.indexOf(handler);
        if (index >= 0) handlers.splice(index, 1);
      };
    },
    http,
    refreshSession,
    revokeSession,
    forbidden,
  };
}

/** The page's one API client: prefix from the runtime config, Authorization from the session. */
export const apiClient: ApiClient = createApiClient();
