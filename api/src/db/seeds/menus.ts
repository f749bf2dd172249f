import { sql, type Transaction } from 'kysely';
import {
  FALLBACK_APP,
  MENU_ICON_SIZE_DEFAULT,
  MENU_LOCATION,
  MENU_SECTION,
  numberRowsFor,
  type MenuItem,
  type MenuLocation,
  type SuiteItem,
} from '@suite/shared/contracts';
import { CONSOLE_SECTIONS, PATHS, type ConsoleSection } from '@suite/shared/federation';
import type { DB } from '../schema';
import { BRANDS, BRAND_FILES, brandUrl } from './profiles';

/**
 * The menus seeded once per application and location (existing menus are never overwritten, so
 * what an administrator saves survives restarts): the console's (ibuhoo) drawer as the shell has
 * always drawn it — its sections in order, each behind the privilege that opens it — and its user
 * menu's sign-out; and for every visible application a suite grid of the others.
 */

/**
 * A section's seeded drawer entry: its Spanish title from the route map (the shell shows the
 * page's language while the name is left as seeded) and a stable ten-character key ('Seed' + the
 * label's name, e.g. SeedUsers0).
 */
function drawerEntry(section: ConsoleSection): { name: string; key: string } {
  const nav = section.label.replace(/^shell\.nav\./, '');
  return { name: section.titles.es, key: `Seed${nav[0].toUpperCase()}${nav.slice(1)}`.slice(0, 10).padEnd(10, '0') };
}

function item(
  fields: Pick<MenuItem, 'key' | 'name' | 'url' | 'privilege' | 'iconName'> & Partial<MenuItem>,
  location: MenuLocation,
): MenuItem {
  return {
    isFunction: false,
    functionName: '',
    description: '',
    isActivate: true,
    sizeIcon: MENU_ICON_SIZE_DEFAULT,
    isPersonalizedIcon: false,
    menuLocation: location,
    application: FALLBACK_APP,
    children: [],
    ...fields,
  };
}

/** A section's drawer item as seeded: behind the privilege that opens it, with its icon. */
function sectionItem(section: ConsoleSection): MenuItem {
  const entry = drawerEntry(section);
  return item(
    { key: entry.key, name: entry.name, url: section.path, privilege: section.privilege, iconName: section.icon },
    MENU_LOCATION.lateral,
  );
}

export function consoleMenus(): Partial<Record<MenuLocation, MenuItem[]>> {
  const drawer = CONSOLE_SECTIONS.map(sectionItem);
  const user = [
    item(
      { key: 'SeedSecuri', name: 'Seguridad', url: PATHS.security, privilege: '', iconName: 'shield-check', section: MENU_SECTION.user },
      MENU_LOCATION.user,
    ),
    item(
      { key: 'SeedLogout', name: 'Cerrar sesión', url: PATHS.logout, privilege: '', iconName: 'log-out', section: MENU_SECTION.user },
      MENU_LOCATION.user,
    ),
  ];
  return { [MENU_LOCATION.lateral]: drawer, [MENU_LOCATION.user]: user };
}

interface SuiteApplication {
  id: number;
  name: string;
  title: string;
  url_app: string;
  landing: string;
  description: string;
}

/** A tile per other visible application; logos from its brand (the console's when it has none). */
export function suiteGrid(self: SuiteApplication, all: readonly SuiteApplication[]): SuiteItem[] {
  return all
    .filter((app) => app.id !== self.id)
    .map((app, i) => {
      const brand = BRANDS[app.name.toLowerCase()] ?? BRANDS[FALLBACK_APP];
      return {
        key: `Suite${String(i).padStart(5, '0')}`,
        name: app.title,
        urlLanding: app.landing || app.url_app,
        urlApplication: app.url_app,
        description: app.description,
        isActivate: true,
        iconName: brandUrl(brand, BRAND_FILES.logo),
        iconNameDark: brandUrl(brand, BRAND_FILES.white),
      };
    });
}

/** Whether an item of the menu, or of its children, leads to `path`. */
function leadsTo(items: readonly MenuItem[], path: string): boolean {
  return items.some((i) => i.url.toLowerCase() === path.toLowerCase() || leadsTo(i.children ?? [], path));
}

/**
 * A console section a release adds (its privilege `created` by this start) gets its entry at the
 * end of the console's saved drawer, as a new privilege reaches the Administrador role
 * (docs/adr/0038): an upgraded console shows it where a new one does. Only on the start that
 * created the privilege, so an entry an administrator removed stays removed.
 */
export async function offerNewSections(trx: Transaction<DB>, created: readonly string[]): Promise<void> {
  const names = new Set(created.map((n) => n.toUpperCase()));
  const sections = CONSOLE_SECTIONS.filter((section) => names.has(section.privilege.toUpperCase()));
  if (!sections.length) return;
  const saved = await trx
    .selectFrom('menus as m')
    .innerJoin('applications as a', 'a.id', 'm.application_id')
    .select(['m.application_id', 'm.menujson'])
    .where(sql<boolean>`lower(a.name) = ${FALLBACK_APP}`)
    .where('m.idmenulocation', '=', MENU_LOCATION.lateral)
    .forUpdate()
    .executeTakeFirst();
  if (!saved) return;
  const drawer = (saved.menujson ?? []) as MenuItem[];
  const added = sections.filter((section) => !leadsTo(drawer, section.path)).map(sectionItem);
  if (!added.length) return;
  await trx
    .updateTable('menus')
    .set({ menujson: JSON.stringify([...drawer, ...added]) })
    .where('application_id', '=', saved.application_id)
    .where('idmenulocation', '=', MENU_LOCATION.lateral)
    .execute();
}

export async function seedMenus(trx: Transaction<DB>): Promise<void> {
  const apps = await trx
    .selectFrom('applications')
    .select(['id', 'name', 'title', 'url_app', 'landing', 'description'])
    .where('is_visible', '=', true)
    .orderBy('id')
    .execute();
  const rows: { application_id: number; idmenulocation: number; number_rows: number; menujson: string }[] = [];
  for (const app of apps) {
    const menus: Partial<Record<MenuLocation, unknown[]>> = app.name.toLowerCase() === FALLBACK_APP ? consoleMenus() : {};
    menus[MENU_LOCATION.suite] = suiteGrid(app, apps);
    for (const [location, items] of Object.entries(menus)) {
      rows.push({
        application_id: app.id,
        idmenulocation: Number(location),
        number_rows: numberRowsFor(Number(location) as MenuLocation),
        menujson: JSON.stringify(items),
      });
    }
  }
  if (!rows.length) return;
  await trx
    .insertInto('menus')
    .values(rows)
    .onConflict((oc) => oc.columns(['application_id', 'idmenulocation']).doNothing())
    .execute();
}
