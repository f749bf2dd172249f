import { DialogHost, closeAllDialogs, sessionStore, type PrivilegeRecord, type RoleAdminRecord } from '@suite/shared';
import { Where, jwt, mockApi, renderRemoteAt, type ApiCall, type ApiRoutes } from '@suite/shared/testing';
import { act, configure } from '@testing-library/react';
import App from './App';

// whole screens on a shared, busy machine: allow for slow renders
configure({ asyncUtilTimeout: 5_000 });
jest.setTimeout(30_000);

/** Test helpers of the roles and privileges sections: a fake API on `fetch` and the remote as the host mounts it. */

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

export const written = { information: 'ok', informationCode: 'A10', id: 1 };

/** Answers fetch from `routes`; unknown calls get a 404. Returns the calls made (paths in lower case). */
export function serve(routes: ApiRoutes): ApiCall[] {
  return mockApi(routes, { record: (call) => ({ ...call, path: call.path.toLowerCase() }) });
}

/** The calls to one path (lower case). */
export const callsTo = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path.toLowerCase());

/** The remote at `path`, as the host mounts it, signed in, with the page's DialogHost. */
export function renderAt(path: string) {
  window.sessionStorage.clear(); // the lists remember their query for the tab
  sessionStore.signOut();
  sessionStore.signIn({ token: jwt({ given_name: 'Admin', exp: Math.floor(Date.now() / 1000) + 600 }) });
  return renderRemoteAt(
    App,
    path,
    <>
      <Where />
      <DialogHost />
    </>,
  );
}

/** Closes what a test left open. */
export function cleanUpDialogs() {
  act(() => closeAllDialogs());
}
