import { consoleKeys, type PrivilegeRecord } from '@suite/shared/console';

/** Keys of what the privileges section reads (ADR 0009). */
export const privilegeKeys = {
  /** Every privilege (the list, and the card's record and name check). */
  all: consoleKeys.list('privileges', 'all'),
  /** The applications holding one privilege. */
  applications: (id: string) => consoleKeys.of('applications', 'privileges', id),
  /** The roles granting one privilege. */
  grants: (id: string) => consoleKeys.of('roles', 'privileges', id),
  /** The applications a privilege may be given. */
  assignable: consoleKeys.list('applications', 'assignable'),
};

/** POST /api/privilege/modify repeats the whole privilege: the stored one with `changes` over it. */
export function privilegeModifyBody(record: PrivilegeRecord, changes: Partial<Pick<PrivilegeRecord, 'idstate' | 'licence'>> = {}) {
  const { id, name, description, idstate, licence, isAuditable, application } = { ...record, ...changes };
  return { id, name, description, idstate, licence, isAuditable, application: [...application] };
}
