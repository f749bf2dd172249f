import { PATHS, pageLocation } from '@suite/shared';

/** After a sign-in: on to the application's address (an in-app path by the router, another origin by the browser). */
export function goToApplication(navigate: (path: string, options: { replace: boolean }) => void, urlApp: string | undefined): void {
  const target = urlApp || PATHS.users;
  const path = sameOriginPath(target);
  if (path) navigate(path, { replace: true });
  else pageLocation.assign(target);
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
