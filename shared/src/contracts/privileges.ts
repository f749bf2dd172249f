/**
 * The console's privileges, named once: each administration area has a read and a write
 * privilege (`<AREA>_READ`, `<AREA>_WRITE`). The endpoint declarations, the console's route map
 * and the API's seed all take their names from here, so a misspelt privilege does not compile.
 */
export const CONSOLE_AREAS = ['USERS', 'ROLES', 'PRIVILEGES', 'APPS', 'MENUS', 'NOTIFICATIONS'] as const;
export type ConsoleArea = (typeof CONSOLE_AREAS)[number];

export type PrivilegeName = `${ConsoleArea}_READ` | `${ConsoleArea}_WRITE`;

/** Every privilege of the console, reads and writes of each area in turn. */
export const PRIVILEGE_NAMES: readonly PrivilegeName[] = CONSOLE_AREAS.flatMap((area) => [`${area}_READ` as const, `${area}_WRITE` as const]);

/** The console's write privileges: who holds them all is its full administrator. */
export const CONSOLE_WRITE_PRIVILEGES: readonly PrivilegeName[] = CONSOLE_AREAS.map((area) => `${area}_WRITE` as const);

export function isPrivilegeName(value: string): value is PrivilegeName {
  return (PRIVILEGE_NAMES as readonly string[]).includes(value);
}
