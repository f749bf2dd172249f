/**
 * The suite's remotes: who owns which routes, where each one's files live.
 * The API turns this into /remotes.json; the host turns it into routes.
 * Nothing here is baked into the host build as a URL — the host reads /remotes.json at start.
 */
export interface RemoteDefinition {
  /** Module Federation container name (a JS identifier). */
  name: string;
  /** Workspace folder of the remote, e.g. `mfe-users`. */
  pkg: string;
  /** URL segment under /mfe/ where the API serves the remote's dist/. */
  slug: string;
  /** Port of the remote's standalone dev server. */
  devPort: number;
  /** Route prefixes (matched case-insensitively) that the host mounts this remote under. */
  routes: string[];
  /** Whether the routes need a session. */
  protected: boolean;
}

export const PUBLIC_ROUTES = [
  '/login',
  '/resetpassword',
  '/resetpasswordCertificate',
  '/changepassword',
  '/check-email',
  '/alert',
  '/invalid-link',
  '/resetotp',
  '/availableapps',
  '/resendemail',
  '/selectaccounts',
  '/absent',
  '/logout-credential',
  '/signin-credential/callback',
  '/logout',
] as const;

export const REMOTES: readonly RemoteDefinition[] = [
  { name: 'mfe_auth', pkg: 'mfe-auth', slug: 'auth', devPort: 3001, routes: [...PUBLIC_ROUTES], protected: false },
  { name: 'mfe_users', pkg: 'mfe-users', slug: 'users', devPort: 3002, routes: ['/users'], protected: true },
  { name: 'mfe_access', pkg: 'mfe-access', slug: 'access', devPort: 3003, routes: ['/roles', '/privileges'], protected: true },
  { name: 'mfe_apps', pkg: 'mfe-apps', slug: 'apps', devPort: 3004, routes: ['/apps'], protected: true },
  { name: 'mfe_menus', pkg: 'mfe-menus', slug: 'menus', devPort: 3005, routes: ['/menuSettings'], protected: true },
  { name: 'mfe_notifications', pkg: 'mfe-notifications', slug: 'notifications', devPort: 3006, routes: ['/notifications'], protected: true },
];

/** The host shell's container name and dev-server port. */
export const HOST = { name: 'host_shell', pkg: 'host-shell', devPort: 3000 } as const;

/** The module every remote exposes. */
export const REMOTE_EXPOSE = './App';

/** Manifest URL of a remote when the API serves it (relative to the page's origin). */
export function manifestPath(remote: Pick<RemoteDefinition, 'slug'>): string {
  return `/mfe/${remote.slug}/mf-manifest.json`;
}

/** The runtime registry served as /remotes.json: remote name → manifest URL. */
export type RemoteRegistry = Record<string, string>;

export function defaultRegistry(): RemoteRegistry {
  return Object.fromEntries(REMOTES.map((r) => [r.name, manifestPath(r)]));
}

/** Whether `pathname` is `route` or lies under it, compared case-insensitively (portal spec §2). */
export function pathMatches(pathname: string, route: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const prefix = route.toLowerCase().replace(/\/+$/, '') || '/';
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The remote that owns a path, matched case-insensitively; undefined when none does. */
export function remoteForPath(pathname: string, remotes: readonly RemoteDefinition[] = REMOTES): RemoteDefinition | undefined {
  return remotes.find((remote) => remote.routes.some((route) => pathMatches(pathname, route)));
}
