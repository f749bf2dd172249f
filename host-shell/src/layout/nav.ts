/** Links of the side drawer: the administration sections (console spec §2). */
export const NAV_ITEMS = [
  { to: '/users', label: 'shell.nav.users' },
  { to: '/roles', label: 'shell.nav.roles' },
  { to: '/privileges', label: 'shell.nav.privileges' },
  { to: '/apps', label: 'shell.nav.apps' },
  { to: '/menuSettings', label: 'shell.nav.menus' },
  { to: '/notifications', label: 'shell.nav.notifications' },
] as const;

/** Width of the permanent side drawer (portal spec §9). */
export const DRAWER_WIDTH = '220px';
