import { consoleKeys, type StateDateOrder, APPLICATION_STATE, type ApplicationAdminRecord } from '@suite/shared/console';

/** Keys of what the applications section reads (ADR 0009). */
export const applicationKeys = {
  /** Every application (the list). */
  all: consoleKeys.list('applications', 'all'),
};

/** The list's state switch re-sends the stored application with its state switched (the modify call). */
export function applicationStateBody(record: ApplicationAdminRecord, nextActive: boolean): ApplicationAdminRecord {
  return { ...record, idState: nextActive ? APPLICATION_STATE.active : APPLICATION_STATE.inactive };
}

/** An application's state: 0 active, anything else inactive (docs/product/applications.md). */
export const isActiveApplication = (application: Pick<ApplicationAdminRecord, 'idState'>) =>
  application.idState === APPLICATION_STATE.active;

/** The list's sort menu orders by state and last modification. */
export const APPLICATION_ORDER: StateDateOrder<ApplicationAdminRecord> = {
  isActive: isActiveApplication,
  date: (application) => application.modifiedOn,
};
