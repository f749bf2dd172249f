/**
 * The console's privileges, named once: each administration area has a read and a write
 * privilege (`<AREA>_READ`, `<AREA>_WRITE`). The endpoint declarations, the console's route map
 * and the API's seed all take their names from here, so a misspelt privilege does not compile.
 */
/** Each area, with the Spanish name its seeded privileges' descriptions use ('Consultar usuarios'). */
export const CONSOLE_AREA_NAMES = {
  USERS: 'usuarios',
  ROLES: 'roles',
  PRIVILEGES: 'privilegios',
  APPS: 'aplicaciones',
  MENUS: 'menús',
  NOTIFICATIONS: 'notificaciones',
} as const;
export type ConsoleArea = keyof typeof CONSOLE_AREA_NAMES;
export const CONSOLE_AREAS = Object.keys(CONSOLE_AREA_NAMES) as readonly ConsoleArea[];

/**
 * Areas the console only reads, with no write privilege: their records are written by the suite
 * itself (the audit log: every change and sign-in, docs/product/audit.md).
 */
export const READ_ONLY_AREA_NAMES = {
  AUDIT: 'auditoría',
} as const;
export type ReadOnlyArea = keyof typeof READ_ONLY_AREA_NAMES;
export const READ_ONLY_AREAS = Object.keys(READ_ONLY_AREA_NAMES) as readonly ReadOnlyArea[];

export type PrivilegeName = `${ConsoleArea}_READ` | `${ConsoleArea}_WRITE` | `${ReadOnlyArea}_READ`;

/** Every privilege of the console, reads and writes of each area in turn, then the read-only areas' reads. */
export const PRIVILEGE_NAMES: readonly PrivilegeName[] = [
  ...CONSOLE_AREAS.flatMap((area) => [`${area}_READ` as const, `${area}_WRITE` as const]),
  ...READ_ONLY_AREAS.map((area) => `${area}_READ` as const),
];

/** The console's write privileges: who holds them all is its full administrator. */
export const CONSOLE_WRITE_PRIVILEGES: readonly PrivilegeName[] = CONSOLE_AREAS.map((area) => `${area}_WRITE` as const);

export function isPrivilegeName(value: string): value is PrivilegeName {
  return (PRIVILEGE_NAMES as readonly string[]).includes(value);
}
