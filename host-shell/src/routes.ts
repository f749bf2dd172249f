import { REMOTES, pathMatches, remoteForPath, type RemoteDefinition } from '@suite/shared';

/** Where unauthenticated visitors and unknown paths go (portal spec §2). */
export const SIGN_IN_PATH = '/Login';
/** Landing page after sign-in (portal spec §2). */
export const HOME_PATH = '/users';
/** Transient loading screen (portal spec §2 screen 14). */
export const LOADING_PATH = '/loading';
/** Where the user menu's sign-out goes (revokes the token, then the sign-in screen). */
export const SIGN_OUT_PATH = '/logout';

export const AUTH_REMOTE: RemoteDefinition = REMOTES.find((r) => !r.protected) ?? REMOTES[0];

export type RouteDecision = { redirect: string } | { remote: RemoteDefinition };

/**
 * What the shell shows for a path: a remote, or a redirect. Paths match case-insensitively.
 * - `/` : the sign-in screen, or /users when signed in;
 * - `/home`: /users (a protected path);
 * - public routes: mfe_auth (signed in at /login → /users);
 * - protected routes: their remote, or /Login without a valid session;
 * - anything else: /Login.
 */
export function decideRoute(pathname: string, authenticated: boolean): RouteDecision {
  if (pathname.replace(/\/+$/, '') === '') {
    return authenticated ? { redirect: HOME_PATH } : { remote: AUTH_REMOTE };
  }
  if (pathMatches(pathname, '/home')) return { redirect: authenticated ? HOME_PATH : SIGN_IN_PATH };
  const remote = remoteForPath(pathname);
  if (!remote) return { redirect: SIGN_IN_PATH };
  if (remote.protected && !authenticated) return { redirect: SIGN_IN_PATH };
  if (!remote.protected && authenticated && pathMatches(pathname, '/login')) return { redirect: HOME_PATH };
  return { remote };
}
