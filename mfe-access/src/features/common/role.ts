import { consoleKeys } from '@suite/shared/console';

/** Keys of what the roles section reads (ADR 0009). */
export const roleKeys = {
  /** Every role (the list, and the card's record and name check). */
  all: consoleKeys.list('roles', 'all'),
  /** One role's applications and the privileges it gives in each. */
  applications: (id: string) => consoleKeys.of('applications', 'roles', id),
  /** The active privileges an application holds (what a role may give there). */
  privilegesOf: (application: string) => consoleKeys.of('privileges', 'applications', application),
};
