import { browserOfUserAgent } from '../contracts/user-agent';

/** Session storage key of the tab's sign-in session id (docs/product/sessions.md, What the browser keeps). */
export const SESSION_TAB_KEY = 'idSessionTab';

function randomDigits(length: number): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let digits = String((bytes[0] % 9) + 1);
  for (let i = 1; i < length; i++) digits += String(bytes[i] % 10);
  return digits;
}

/** Random 16-digit id of this browser tab, kept in session storage (docs/product/sessions.md, What the browser keeps). */
export function sessionTabId(): string {
  let id: string | null = null;
  try {
    id = window.sessionStorage.getItem(SESSION_TAB_KEY);
  } catch {
    id = null;
  }
  if (id && /^\d{16}$/.test(id)) return id;
  id = randomDigits(16);
  try {
    window.sessionStorage.setItem(SESSION_TAB_KEY, id);
  } catch {
    /* private mode: the id lives for this call only */
  }
  return id;
}

/** Browser name sent with a sign-in (the login request's `Browser`). */
export function browserName(userAgent: string = typeof navigator !== 'undefined' ? navigator.userAgent : ''): string {
  return browserOfUserAgent(userAgent);
}
