import { loadPayloadCipher, loadedPayloadCipher, type PayloadCipher } from '../crypto/lazy';
import { getRuntimeConfig } from '../runtime-config';
import { decodeToken, userFromClaims, withBearer, withoutBearer, type SessionUser } from './token';

/** Local storage keys of the session (docs/product/sessions.md, What the browser keeps). */
export const SESSION_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  /** The access token under the payload cipher (docs/product/sessions.md, What the browser keeps), for what reads it encrypted. */
  encryptedToken: 'encryptedToken',
  user: 'userData',
} as const;

export interface SessionState {
  /** Access token with the 'Bearer ' prefix, as stored. */
  token: string | null;
  refreshToken: string | null;
  /** The access token (without the prefix) under the payload cipher; null without a session or a payload key. */
  encryptedToken: string | null;
  user: SessionUser | null;
}

export interface SignInTokens {
  token: string;
  refreshToken?: string | null;
}

type Listener = () => void;

function browserStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/**
 * The session: access token, refresh token and decoded user data in local storage.
 * Works without React (api-client, bootstraps); React reads it through useSession().
 */
export class SessionStore {
  private listeners = new Set<Listener>();
  private snapshot: SessionState | null = null;

  constructor(private readonly storage: () => Storage | null = browserStorage) {}

  getState = (): SessionState => {
    if (!this.snapshot) this.snapshot = this.read();
    return this.snapshot;
  };

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || Object.values<string>(SESSION_KEYS).includes(event.key)) this.changed();
    };
    if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
    return () => {
      this.listeners.delete(listener);
      if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
    };
  };

  /**
   * Stores a sign-in reply: the token gets the 'Bearer ' prefix, its encrypted form is kept beside
   * it, the user data comes from its claims.
   */
  signIn = ({ token, refreshToken }: SignInTokens): SessionState => {
    const claims = decodeToken(token);
    const storage = this.storage();
    storage?.setItem(SESSION_KEYS.token, withBearer(token));
    this.storeEncryptedToken(token);
    if (refreshToken) storage?.setItem(SESSION_KEYS.refreshToken, refreshToken);
    else storage?.removeItem(SESSION_KEYS.refreshToken);
    if (claims) storage?.setItem(SESSION_KEYS.user, JSON.stringify(userFromClaims(claims)));
    else storage?.removeItem(SESSION_KEYS.user);
    this.changed();
    return this.getState();
  };

  /**
   * Keeps the token's encrypted form beside it: at once when the payload cipher is loaded (a
   * sign-in has just encrypted the password), else once it is, if the token is still the stored one.
   */
  private storeEncryptedToken(token: string): void {
    const storage = this.storage();
    const key = getRuntimeConfig().payloadKey;
    storage?.removeItem(SESSION_KEYS.encryptedToken);
    if (!key || !storage) return;
    const write = (cipher: PayloadCipher) => storage.setItem(SESSION_KEYS.encryptedToken, cipher.encryptPayload(withoutBearer(token), key));
    const cipher = loadedPayloadCipher();
    if (cipher) {
      write(cipher);
      return;
    }
    void loadPayloadCipher().then(
      (loaded) => {
        if (storage.getItem(SESSION_KEYS.token) !== withBearer(token)) return;
        write(loaded);
        this.changed();
      },
      () => undefined, // the encrypted copy is for other applications; the session works without it
    );
  }

  /** Clears the session from local storage. */
  signOut = (): void => {
    const storage = this.storage();
    for (const key of Object.values(SESSION_KEYS)) storage?.removeItem(key);
    this.changed();
  };

  /**
   * A stored token whose expiry is still ahead, or an expired one that a stored refresh token
   * can renew (the API client refreshes it on the first 401).
   */
  isAuthenticated = (now: number = Date.now()): boolean => {
    const { token, user, refreshToken } = this.getState();
    return Boolean(token && user && (user.exp * 1000 > now || refreshToken));
  };

  /** Whether the access token's expiry has passed. */
  isExpired = (now: number = Date.now()): boolean => {
    const { user } = this.getState();
    return !user || user.exp * 1000 <= now;
  };

  /** Re-reads local storage (after another part of the page changed it directly). */
  reload = (): void => this.changed();

  /** Value of the Authorization header, or null without a session. */
  authorization = (): string | null => this.getState().token;

  private read(): SessionState {
    const storage = this.storage();
    const token = storage?.getItem(SESSION_KEYS.token) ?? null;
    const refreshToken = storage?.getItem(SESSION_KEYS.refreshToken) ?? null;
    const encryptedToken = token ? (storage?.getItem(SESSION_KEYS.encryptedToken) ?? null) : null;
    let user: SessionUser | null = null;
    const raw = storage?.getItem(SESSION_KEYS.user);
    if (raw) {
      try {
        user = JSON.parse(raw) as SessionUser;
      } catch {
        user = null;
      }
    }
    if (token && !user) {
      const claims = decodeToken(token);
      user = claims ? userFromClaims(claims) : null;
    }
    return { token, refreshToken, encryptedToken, user };
  }

  private changed(): void {
    this.snapshot = null;
    for (const listener of [...this.listeners]) listener();
  }
}

/** The page's one session store. */
export const sessionStore = new SessionStore();

export const isAuthenticated = (now?: number): boolean => sessionStore.isAuthenticated(now);
export const signOut = (): void => sessionStore.signOut();
