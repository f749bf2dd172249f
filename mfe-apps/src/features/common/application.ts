import { APPLICATION_STATE, type ApplicationAdminRecord } from '@suite/shared';
import { consoleKeys } from '@suite/shared/console';

/** Keys of what the applications section reads (ADR 0009). */
export const applicationKeys = {
  /** Every application (the list). */
  all: consoleKeys.list('applications', 'all'),
};

/** POST /api/application/modify re-sends the stored application with its state switched. */
export function applicationStateBody(record: ApplicationAdminRecord, nextActive: boolean): ApplicationAdminRecord {
  return { ...record, idState: nextActive ? APPLICATION_STATE.active : APPLICATION_STATE.inactive };
}
