import { PATHS, call, getRuntimeConfig, remoteForPath, sectionForPath, sectionsOpenTo } from '@suite/shared';
import { MENU_LOCATION, MENU_SECTION, menusApi, type MenuItem, type MenuLocation, type SuiteItem } from '@suite/shared/console';

/**
 * The shell's menus as data (docs/product/menus.md; docs/product/portal.md, The authenticated shell): the caller's menus of the
 * page's application (menusApi.menuByUser), one call per location, and what the shell
 * makes of an item. The API leaves out inactive items and those the caller's privileges do not
 * open; the shell only decides where a link goes.
 */

/** What a location's call gave: its items, or that it failed (the shell then falls back). */
export type Loaded<T> = { status: 'loading' } | { status: 'ready'; items: T[] } | { status: 'failed' };

export interface ShellMenus {
  lateral: Loaded<MenuItem>;
  top: Loaded<MenuItem>;
  user: Loaded<MenuItem>;
  suite: Loaded<SuiteItem>;
}

export const LOADING_MENUS: ShellMenus = {
  lateral: { status: 'loading' },
  top: { status: 'loading' },
  user: { status: 'loading' },
  suite: { status: 'loading' },
};

/** One location's menu as the caller gets it; an application without one there has none. */
async function fetchLocation<T>(appName: string, location: MenuLocation): Promise<Loaded<T>> {
  try {
    const { records } = await call(menusApi.menuByUser, { headers: { idmenulocation: String(location), appname: appName } });
    const lists: unknown[] = records.map((record) => JSON.parse(record.menujson));
    if (!lists.every(Array.isArray)) return { status: 'failed' };
    return { status: 'ready', items: (lists as T[][]).flat() };
  } catch {
    return { status: 'failed' };
  }
}

/** The four menus of the page's application (its name as the page learnt it), in parallel. */
export async function fetchShellMenus(appName = getRuntimeConfig().appName): Promise<ShellMenus> {
  const [lateral, top, user, suite] = await Promise.all([
    fetchLocation<MenuItem>(appName, MENU_LOCATION.lateral),
    fetchLocation<MenuItem>(appName, MENU_LOCATION.top),
    fetchLocation<MenuItem>(appName, MENU_LOCATION.user),
    fetchLocation<SuiteItem>(appName, MENU_LOCATION.suite),
  ]);
  return { lateral, top, user, suite };
}

/**
 * Named functions a menu item may call (isFunction): the shell's actions, by the name an
 * administrator types. An item naming another function has nothing to do here and is not shown.
 */
export const SHELL_FUNCTIONS: Readonly<Record<string, string>> = {
  logout: PATHS.logout,
};

/** Where an item leads: a route of this shell (navigated inside it), or an address opened as a link. */
export type MenuTarget = { kind: 'route'; to: string } | { kind: 'external'; href: string };

/**
 * A URL that names a route of the suite's shell (a path, or an address of this origin) navigates
 * inside it; anything else (another application, another origin, a path the shell does not route)
 * is a link. A function item leads where its shell function does.
 */
export function targetOf(item: Pick<MenuItem, 'url' | 'isFunction' | 'functionName'>, origin: string): MenuTarget | null {
  if (item.isFunction) {
    const to = SHELL_FUNCTIONS[item.functionName];
    return to ? { kind: 'route', to } : null;
  }
  const url = item.url.trim();
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(parsed.protocol)) return null;
  if (parsed.origin === origin && remoteForPath(parsed.pathname))
    return { kind: 'route', to: `${parsed.pathname}${parsed.search}${parsed.hash}` };
  return { kind: 'external', href: parsed.href };
}

/** An item as the shell draws it: its target resolved, its visible children. */
export interface ShownItem {
  key: string;
  name: string;
  description: string;
  iconName: string;
  isPersonalizedIcon: boolean;
  section?: number;
  target: MenuTarget | null;
  children: ShownItem[];
}

/**
 * The items the shell shows: those with somewhere to go or something under them. A route to a
 * console section the user's privileges do not open is left out, as the drawer always has: the
 * API would only answer it with the privileges dialog.
 */
export function shownItems(items: readonly MenuItem[], privileges: readonly string[], origin: string): ShownItem[] {
  return items.flatMap((item) => {
    let target = targetOf(item, origin);
    if (target?.kind === 'route') {
      const required = sectionForPath(target.to)?.privilege;
      if (required && !privileges.includes(required)) target = null;
    }
    const children = shownItems(item.children ?? [], privileges, origin);
    if (!target && children.length === 0) return [];
    const { key, name, description, iconName, isPersonalizedIcon, section } = item;
    return [{ key, name, description, iconName, isPersonalizedIcon, section, target, children }];
  });
}

/**
 * The drawer when its menu cannot be read: the console sections the user's privileges open, as
 * the route map lists them (names are translation keys, `label` set), so the shell is never blank.
 */
export function fallbackDrawer(privileges: readonly string[]): (ShownItem & { label: string })[] {
  return sectionsOpenTo(privileges).map((section) => ({
    key: section.path,
    name: section.label,
    label: section.label,
    description: '',
    iconName: section.icon,
    isPersonalizedIcon: false,
    target: { kind: 'route', to: section.path },
    children: [],
  }));
}

/** The shell's label key of a place it names itself: a console section, or the sign-out. */
function ownLabelKey(target: MenuTarget | null): string | undefined {
  if (target?.kind !== 'route') return undefined;
  if (target.to.toLowerCase() === PATHS.logout.toLowerCase()) return 'shell.signOut';
  return sectionForPath(target.to)?.label;
}

/**
 * A menu item has one name (docs/product/menus.md, Fields). A name that is still the shell's own Spanish name
 * of the place it leads to (as the seed writes the console's drawer) is shown in the page's
 * language; a name an administrator chose is shown as saved. `seeded` gives the Spanish text of a
 * label key, `current` the page language's.
 */
export function inPageLanguage(
  items: readonly ShownItem[],
  seeded: (key: string) => string,
  current: (key: string) => string,
): ShownItem[] {
  return items.map((item) => {
    const key = ownLabelKey(item.target);
    const name = key && item.name === seeded(key) ? current(key) : item.name;
    return { ...item, name, children: inPageLanguage(item.children, seeded, current) };
  });
}

/** Whether some item of the list leads to the sign-out. */
export function leadsToSignOut(items: readonly ShownItem[]): boolean {
  return items.some(
    (item) =>
      (item.target?.kind === 'route' && item.target.to.toLowerCase() === PATHS.logout.toLowerCase()) || leadsToSignOut(item.children),
  );
}

/** The user menu's two parts (location 3): the application's items, then the user's. */
export function userMenuSections(items: readonly ShownItem[]): { section: number; items: ShownItem[] }[] {
  return [MENU_SECTION.application, MENU_SECTION.user]
    .map((section) => ({ section, items: items.filter((item) => (item.section ?? MENU_SECTION.user) === section) }))
    .filter((part) => part.items.length > 0);
}

/** The tiles of the suite grid with an address to open (the API already left out inactive ones). */
export function suiteTiles(items: readonly SuiteItem[], origin: string): (SuiteItem & { target: MenuTarget })[] {
  return items.flatMap((item) => {
    const target = targetOf({ url: item.urlApplication || item.urlLanding, isFunction: false, functionName: '' }, origin);
    return target ? [{ ...item, target }] : [];
  });
}
