import type { PrivilegeName } from '../contracts/privileges';
/**
 * The one map of the suite's routes: every well-known path, which remote owns it, and the
 * console's sections (drawer label and privilege). The API turns the remotes into /remotes.json;
 * the host turns them into routes and its drawer; the remotes route with the same constants.
 * Nothing here is baked into the host build as a URL — the host reads /remotes.json at start.
 * React-free: the API imports it too.
 */

/**
 * Every well-known path, spelled as the product documents it (routes match case-insensitively, but the
 * address bar shows the spelling). Only this module writes them out; everything else uses these.
 */
export const PATHS = {
  root: '/',
  home: '/home',
  loading: '/loading',
  login: '/Login',
  /** The sign-in screen as the loading screen spells it (docs/product/portal.md, Other pieces). */
  loginFromLoading: '/login',
  resetPassword: '/resetpassword',
  resetPasswordCertificate: '/resetpasswordCertificate',
  changePassword: '/changepassword',
  checkEmail: '/check-email',
  alert: '/alert',
  /** The alert as an unusable create/change-password link spells it (docs/product/passwords.md, Links). */
  alertForBrokenLink: '/Alert',
  invalidLink: '/invalid-link',
  resetOtp: '/resetotp',
  availableApps: '/availableapps',
  resendEmail: '/resendemail',
  selectAccounts: '/selectaccounts',
  absent: '/absent',
  logoutCredential: '/logout-credential',
  signInCredentialCallback: '/signin-credential/callback',
  logout: '/logout',
  /** The second step of a sign-in: an authenticator's code or a recovery code (docs/adr/0037-second-factors.md). */
  secondFactor: '/verify',
  /** A person's own second factors (docs/adr/0037-second-factors.md): the user menu's 'Seguridad'. */
  security: '/security',
  users: '/users',
  /** The audit log (docs/product/audit.md): every change and sign-in, read with AUDIT_READ. */
  audit: '/audit',
  roles: '/roles',
  privileges: '/privileges',
  apps: '/apps',
  menuSettings: '/menuSettings',
  notifications: '/notifications',
} as const;

export type WellKnownPath = (typeof PATHS)[keyof typeof PATHS];

/** A section of the administration console: a link of the shell's drawer (docs/product/console.md). */
export interface ConsoleSection {
  path: WellKnownPath;
  /** Translation key of the drawer link (common namespace): `shell.nav.<name>`. */
  label: `shell.nav.${string}`;
  /** The drawer link's text in each language (the shell's `label`; the seeded drawer takes the Spanish). */
  titles: { es: string; en: string; pt: string };
  /** The privilege that opens the section (the API's `<AREA>_READ`). */
  privilege: PrivilegeName;
  /** Its menu icon (a name of the generated icon set): the seeded drawer's, and the shell's fallback. */
  icon: string;
}

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
  routes: readonly WellKnownPath[];
  /** Whether the routes need a session. */
  protected: boolean;
  /** The console sections the remote renders, in drawer order; none for public remotes. */
  sections: readonly ConsoleSection[];
}

/** The portal's public screens (docs/product/portal.md, Screens and routes), all owned by mfe_auth. */
export const PUBLIC_ROUTES = [
  PATHS.login,
  PATHS.resetPassword,
  PATHS.resetPasswordCertificate,
  PATHS.changePassword,
  PATHS.checkEmail,
  PATHS.alert,
  PATHS.invalidLink,
  PATHS.resetOtp,
  PATHS.availableApps,
  PATHS.resendEmail,
  PATHS.selectAccounts,
  PATHS.absent,
  PATHS.logoutCredential,
  PATHS.signInCredentialCallback,
  PATHS.logout,
  PATHS.secondFactor,
] as const;

/** The console's pages of a person's own, open to anyone signed in (no section, no privilege, no drawer link). */
export const PERSONAL_PAGES: readonly WellKnownPath[] = [PATHS.security];

/**
 * A console remote: its routes are its sections' paths, and `pages` of its own that any signed-in
 * person may open (no section, no privilege: the person's own security page).
 */
function consoleRemote(
  remote: Pick<RemoteDefinition, 'name' | 'pkg' | 'slug' | 'devPort'>,
  sections: ConsoleSection[],
  pages: readonly WellKnownPath[] = [],
): RemoteDefinition {
  return { ...remote, routes: [...sections.map((section) => section.path), ...pages], protected: true, sections };
}

export const REMOTES: readonly RemoteDefinition[] = [
  { name: 'mfe_auth', pkg: 'mfe-auth', slug: 'auth', devPort: 3001, routes: PUBLIC_ROUTES, protected: false, sections: [] },
  consoleRemote(
    { name: 'mfe_users', pkg: 'mfe-users', slug: 'users', devPort: 3002 },
    [
      {
        path: PATHS.users,
        label: 'shell.nav.users',
        titles: { es: 'Usuarios', en: 'Users', pt: 'Usuários' },
        privilege: 'USERS_READ',
        icon: 'users',
      },
      {
        path: PATHS.audit,
        label: 'shell.nav.audit',
        titles: { es: 'Auditoría', en: 'Audit log', pt: 'Auditoria' },
        privilege: 'AUDIT_READ',
        icon: 'clipboard-list',
      },
    ],
    PERSONAL_PAGES,
  ),
  consoleRemote({ name: 'mfe_access', pkg: 'mfe-access', slug: 'access', devPort: 3003 }, [
    {
      path: PATHS.roles,
      label: 'shell.nav.roles',
      titles: { es: 'Roles', en: 'Roles', pt: 'Papéis' },
      privilege: 'ROLES_READ',
      icon: 'shield-user',
    },
    {
      path: PATHS.privileges,
      label: 'shell.nav.privileges',
      titles: { es: 'Privilegios', en: 'Privileges', pt: 'Privilégios' },
      privilege: 'PRIVILEGES_READ',
      icon: 'key-round',
    },
  ]),
  consoleRemote({ name: 'mfe_apps', pkg: 'mfe-apps', slug: 'apps', devPort: 3004 }, [
    {
      path: PATHS.apps,
      label: 'shell.nav.apps',
      titles: { es: 'Aplicaciones', en: 'Applications', pt: 'Aplicações' },
      privilege: 'APPS_READ',
      icon: 'layout-grid',
    },
  ]),
  consoleRemote({ name: 'mfe_menus', pkg: 'mfe-menus', slug: 'menus', devPort: 3005 }, [
    {
      path: PATHS.menuSettings,
      label: 'shell.nav.menus',
      titles: { es: 'Ajustes de menú', en: 'Menu settings', pt: 'Configurações de menu' },
      privilege: 'MENUS_READ',
      icon: 'list-tree',
    },
  ]),
  consoleRemote({ name: 'mfe_notifications', pkg: 'mfe-notifications', slug: 'notifications', devPort: 3006 }, [
    {
      path: PATHS.notifications,
      label: 'shell.nav.notifications',
      titles: { es: 'Notificaciones de correo', en: 'E-mail notifications', pt: 'Notificações por e-mail' },
      privilege: 'NOTIFICATIONS_READ',
      icon: 'mail',
    },
  ]),
];

/** The console's sections in drawer order (docs/product/console.md, Sections and routes). */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = REMOTES.flatMap((remote) => remote.sections);

/** The console section a path belongs to (case-insensitively); undefined outside the console. */
export function sectionForPath(pathname: string): ConsoleSection | undefined {
  return CONSOLE_SECTIONS.find((section) => pathMatches(pathname, section.path));
}

/** The sections `privileges` open, in drawer order. */
export function sectionsOpenTo(privileges: readonly string[]): ConsoleSection[] {
  return CONSOLE_SECTIONS.filter((section) => privileges.includes(section.privilege));
}

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

/** Whether `pathname` is `route` or lies under it, compared case-insensitively (docs/product/portal.md, Screens and routes). */
export function pathMatches(pathname: string, route: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const prefix = route.toLowerCase().replace(/\/+$/, '') || '/';
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The remote that owns a path, matched case-insensitively; undefined when none does. */
export function remoteForPath(pathname: string, remotes: readonly RemoteDefinition[] = REMOTES): RemoteDefinition | undefined {
  return remotes.find((remote) => remote.routes.some((route) => pathMatches(pathname, route)));
}
