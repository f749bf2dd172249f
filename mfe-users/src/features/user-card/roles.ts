import { type AppRoleCountRecord, type RoleRecord } from '@suite/shared/console';

/**
 * The roles rules of the user card (docs/product/users.md): roles are assigned
 * per application, inactive roles are hidden, the assign-all switch sets every role of the
 * application, and each application shows its counters. Pure functions; the tab's hook keeps
 * the state.
 */

/** Changes made in the card: role name → assigned, per application name. */
export type RoleChanges = ReadonlyMap<string, ReadonlyMap<string, boolean>>;

/** Roles the card offers: active ones only (inactive roles are hidden). */
export const visibleRoles = (roles: readonly RoleRecord[]): RoleRecord[] => roles.filter((role) => role.idstate === 0);

/** Whether a role is assigned, the card's change first. */
export function isAssigned(changes: RoleChanges, application: string, role: RoleRecord): boolean {
  return changes.get(application)?.get(role.name) ?? role.assigned;
}

/** Sets one role, or every given role (assign all), of an application. */
export function assignRoles(changes: RoleChanges, application: string, names: readonly string[], assigned: boolean): RoleChanges {
  const next = new Map(changes);
  const app = new Map(next.get(application) ?? []);
  for (const name of names) app.set(name, assigned);
  next.set(application, app);
  return next;
}

/**
 * The two counters of an application (role count and unique role count): the roles it
 * offers (`rolequantity`) and how many of them the user holds there (`rolequantityUnique`),
 * the latter following the card's changes of the roles loaded so far.
 */
export function roleCounters(
  record: AppRoleCountRecord,
  loaded: readonly RoleRecord[] | undefined,
  changes: RoleChanges,
): { count: number; unique: number } {
  if (!loaded) return { count: record.rolequantity, unique: record.rolequantityUnique };
  const roles = visibleRoles(loaded);
  const delta = roles.reduce((sum, role) => sum + Number(isAssigned(changes, record.appname, role)) - Number(role.assigned), 0);
  return { count: record.rolequantity, unique: Math.max(0, record.rolequantityUnique + delta) };
}

/** Whether any role would be assigned after the changes (at least one role is required). */
export function holdsAnyRole(
  records: readonly AppRoleCountRecord[],
  loaded: ReadonlyMap<string, readonly RoleRecord[]>,
  changes: RoleChanges,
): boolean {
  return records.some((record) => roleCounters(record, loaded.get(record.appname), changes).unique > 0);
}

/** Whether a change differs from what is stored. */
export function hasRoleChanges(loaded: ReadonlyMap<string, readonly RoleRecord[]>, changes: RoleChanges): boolean {
  for (const [application, app] of changes) {
    const roles = loaded.get(application) ?? [];
    for (const [name, assigned] of app) {
      if (roles.find((role) => role.name === name)?.assigned !== assigned) return true;
    }
  }
  return false;
}

/**
 * The `roles` list of the save body for the given applications: each of their active roles with
 * its assigned flag, so roles taken away go as not assigned.
 */
export function rolesPayload(applications: readonly string[], loaded: ReadonlyMap<string, readonly RoleRecord[]>, changes: RoleChanges) {
  return applications.flatMap((application) =>
    visibleRoles(loaded.get(application) ?? []).map((role) => ({
      name: role.name,
      application,
      assigned: isAssigned(changes, application, role),
    })),
  );
}

/**
 * How an application is named in the card: its commercial title, followed by its name when
 * another application shares that title (myselfcert and bemyself are both 'MySelf').
 */
export function applicationLabel(record: AppRoleCountRecord, all: readonly AppRoleCountRecord[]): string {
  const title = record.apptitle || record.appname;
  const shared = all.some((other) => other.appname !== record.appname && (other.apptitle || other.appname) === title);
  return shared ? `${title} (${record.appname})` : title;
}

/** The application the roles tab opens on: the first where the user holds a role, else the first. */
export function initialApplication(records: readonly AppRoleCountRecord[]): string | null {
  return (records.find((record) => record.rolequantityUnique > 0) ?? records[0])?.appname ?? null;
}
