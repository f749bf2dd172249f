import { PATHS, apiClient, navigateTo, sessionStore, type ApiClient, type SessionStore } from '@suite/shared';

/**
 * Idle time after which a signed-in session is closed and the page shows /absent
 * (docs/product/sessions.md, Inactivity sign-out): 15 minutes, the usual idle limit for a console
 * that administers accounts.
 */
export const INACTIVITY_SIGN_OUT_MS = 15 * 60_000;

/** Local storage key of the last activity, so that activity in another tab of the page counts too. */
export const LAST_ACTIVITY_KEY = 'lastActivity';

/** What counts as the person being there. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/** Activity is written to storage at most this often (pointermove fires many times a second). */
const STORAGE_WRITE_EVERY_MS = 5_000;

export interface InactivityOptions {
  timeoutMs?: number;
  /** Called once when the time has passed without activity in any tab. */
  onIdle: () => void;
  now?: () => number;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

function storedActivity(): number {
  try {
    const value = Number(window.localStorage.getItem(LAST_ACTIVITY_KEY));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

function storeActivity(at: number): void {
  try {
    window.localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  } catch {
    /* storage unavailable: this tab's own activity still counts */
  }
}

/**
 * Calls `onIdle` after `timeoutMs` without activity in this tab or another one of the page.
 * Returns a function that stops watching.
 */
export function watchInactivity({
  timeoutMs = INACTIVITY_SIGN_OUT_MS,
  onIdle,
  now = Date.now,
  target = window,
}: InactivityOptions): () => void {
  let last = now();
  let written = last;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  storeActivity(last);

  const onActivity = () => {
    last = now();
    if (last - written >= STORAGE_WRITE_EVERY_MS) {
      written = last;
      storeActivity(last);
    }
  };

  const check = () => {
    if (stopped) return;
    const latest = Math.max(last, storedActivity());
    const left = latest + timeoutMs - now();
    if (left > 0) {
      timer = setTimeout(check, left);
      return;
    }
    stop();
    onIdle();
  };

  const stop = () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, onActivity);
  };

  for (const event of ACTIVITY_EVENTS) target.addEventListener(event, onActivity, { passive: true, capture: true });
  timer = setTimeout(check, timeoutMs);
  return stop;
}

/** The inactivity sign-out: the refresh token is revoked, the session cleared and the page shows /absent. */
export async function signOutForInactivity(client: ApiClient = apiClient, store: SessionStore = sessionStore): Promise<void> {
  await client.revokeSession();
  store.signOut();
  try {
    window.localStorage.removeItem(LAST_ACTIVITY_KEY);
  } catch {
    /* storage unavailable */
  }
  navigateTo(PATHS.absent, { replace: true });
}
