import { consoleRemoteKit } from '@suite/shared/testing';
import App from './App';
import { type PrivilegeRecord, type RoleAdminRecord } from '@suite/shared/console';

/** Test helpers of the roles and privileges sections: the console remote kit, and records as the API answers them. */

export { WRITTEN as written, callsTo, cleanUpDialogs, serve } from '@suite/shared/testing';
export const { renderAt } = consoleRemoteKit(App);

export const privilege = (id: number, name: string, overrides: Partial<PrivilegeRecord> = {}): PrivilegeRecord => ({
  id,
  name,
  description: '',
  idstate: 0,
  licence: false,
  isAuditable: false,
  createdon: '2026-01-01T10:00:00Z',
  sharedApps: 'Consola',
  application: ['ibuhoo'],
  licencesInUse: 0,
  ...overrides,
});

export const role = (id: number, name: string, overrides: Partial<RoleAdminRecord> = {}): RoleAdminRecord => ({
  id,
  name,
  description: '',
  alias: '',
  idstate: 0,
  createdon: '2026-01-01T10:00:00Z',
  sharedApps: 'Consola',
  applications: [],
  ...overrides,
});

/** What GET /api/application/getApplicationsForAssignAccess answers (the API leaves hidden applications out). */
export const APPLICATIONS = [
  { id: 1, name: 'ibuhoo', title: 'Consola' },
  { id: 2, name: 'license', title: 'Licencias' },
];
