import { PATHS, PROVIDER_INTERACTION_PARAM, REMOTES, pathMatches, remoteForPath, type RemoteDefinition } from '@suite/shared';

export const AUTH_REMOTE: RemoteDefinition = REMOTES.find((r) => !r.protected) ?? REMOTES[0];

/** Query parameter of the one-time code a sign-in appends to an application's address (GenerateTokens). */
export const EXCHANGE_CODE_PARAM = 'code';

/** The one-time code in a search string, or null. */
export function exchangeCodeOf(search: string): string | null {
  const code = new URLSearchParams(search).get(EXCHANGE_CODE_PARAM);
  return code && code.trim() !== '' ? code : null;
}

export type RouteDecision = { redirect: string } | { remote: RemoteDefinition } | { exchange: string };

/**
 * What the shell shows for a path (docs/product/portal.md, Screens and routes): a remote, or a
 * redirect. Paths match case-insensitively.
 * - `/` : the sign-in screen, or /users (the landing page) when signed in;
 * - `/home`: /users (a protected path);
 * - public routes: mfe_auth (signed in at /login → /users, unless an application's OpenID request
 *   opened it: the sign-in screen hands the session to it);
 * - protected routes with `?code=`: the one-time code is exchanged first (GenerateTokens);
 * - protected routes: their remote, or /Login without a valid session;
 * - anything else: /Login.
 */
export function decideRoute(pathname: string, authenticated: boolean, search = ''): RouteDecision {
  if (pathname.replace(/\/+$/, '') === '') {
    return authenticated ? { redirect: PATHS.users } : { remote: AUTH_REMOTE };
  }
  if (pathMatches(pathname, PATHS.home)) return { redirect: authenticated ? PATHS.users : PATHS.login };
  const remote = remoteForPath(pathname);
  if (!remote) return { redirect: PATHS.login };
  const code = remote.protected ? exchangeCodeOf(search) : null;
  if (code) return { exchange: code };
  if (remote.protected && !authenticated) return { redirect: PATHS.login };
  const forRequest = new URLSearchParams(search).has(PROVIDER_INTERACTION_PARAM);
  if (!remote.protected && authenticated && pathMatches(pathname, PATHS.login) && !forRequest) return { redirect: PATHS.users };
  return { remote };
}
