import { PATHS, pageLocation } from '@suite/shared';

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

/** The in-app path of `url` when it is on this origin, otherwise null. */
export function sameOriginPath(url: string): string | null {
  try {
    const target = new URL(url, window.location.origin);
    return target.origin === window.location.origin ? `${target.pathname}${target.search}${target.hash}` : null;
  } catch {
    return null;
  }
}
