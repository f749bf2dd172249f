import { PATHS, PROVIDER_INTERACTION_PARAM, call, isProviderInteractionId, pageLocation, providerApi } from '@suite/shared';

type Navigate = (path: string, options: { replace: boolean; state?: unknown }) => void;

/** Opens `url`: on this origin an in-app navigation by the router (with `state`), elsewhere a page load by the browser. */
export function openAddress(navigate: Navigate, url: string, state?: unknown): void {
  const path = sameOriginPath(url);
  if (path) navigate(path, state === undefined ? { replace: true } : { replace: true, state });
  else pageLocation.assign(url);
}

/** After a sign-in: on to the application's address. */
export function goToApplication(navigate: Navigate, urlApp: string | undefined): void {
  openAddress(navigate, urlApp || PATHS.users);
}

/** Where the sign-in page keeps an application's OpenID request while the person signs in. */
const PROVIDER_REQUEST_KEY = 'suite.provider.interaction';
/** As long as the provider keeps a request waiting. */
const PROVIDER_REQUEST_MS = 10 * 60_000;

/**
 * The sign-in page opened for an application's OpenID request (`?interaction=`): remembered for the
 * rest of the sign-in, which an alert, a password change or the external provider may interrupt.
 * Whether the address carried one.
 */
export function rememberProviderRequest(search: string): boolean {
  const uid = new URLSearchParams(search).get(PROVIDER_INTERACTION_PARAM);
  if (!isProviderInteractionId(uid)) return false;
  sessionStorage.setItem(PROVIDER_REQUEST_KEY, JSON.stringify({ uid, at: Date.now() }));
  return true;
}

function takeProviderRequest(): string | undefined {
  const saved = sessionStorage.getItem(PROVIDER_REQUEST_KEY);
  sessionStorage.removeItem(PROVIDER_REQUEST_KEY);
  try {
    const { uid, at } = JSON.parse(saved ?? 'null') as { uid: string; at: number };
    return Date.now() - at < PROVIDER_REQUEST_MS ? uid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * After a sign-in: back to the application's OpenID request that opened the page, with this
 * session handed over; else on to the application's address. A refused hand-over rejects.
 */
export async function continueAfterSignIn(navigate: Navigate, urlApp: string | undefined): Promise<void> {
  const interaction = takeProviderRequest();
  if (!interaction) return goToApplication(navigate, urlApp);
  const { url } = await call(providerApi.handoff, { body: { interaction } });
  pageLocation.assign(url);
}

/** The in-app path of `url` when it is on this origin, otherwise null. */
export function sameOriginPath(url: string): string | null {
  try {
    const target = new URL(url, window.location.origin);
    return target.origin === window.location.origin ? `${target.pathname}${target.search}${target.hash}` : null;
  } catch {
    return null;
  }
}
