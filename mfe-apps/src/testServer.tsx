import { DialogHost, amountTimeComb, closeAllDialogs, sessionStore, type ApplicationAdminRecord } from '@suite/shared';
import { Where, jwt, mockApi, renderRemoteAt, type ApiCall, type ApiRoutes } from '@suite/shared/testing';
import { act, configure } from '@testing-library/react';
import App from './App';

// whole screens on a shared, busy machine: allow for slow renders
configure({ asyncUtilTimeout: 5_000 });
jest.setTimeout(30_000);

/** Test helpers of the applications section: a fake API on `fetch` and the remote as the host mounts it. */

export const application = (id: number, name: string, overrides: Partial<ApplicationAdminRecord> = {}): ApplicationAdminRecord => ({
  id,
  name,
  title: name,
  urlApp: `https://${name.toLowerCase()}.example.com`,
  urlAssignPassword: `https://${name.toLowerCase()}.example.com/password`,
  landing: `https://${name.toLowerCase()}.example.com/home`,
  description: '',
  typeApplication: false,
  isVisible: true,
  idState: 0,
  modifiedOn: '2026-01-01T10:00:00Z',
  amountTime: 60,
  timeUnit: 1,
  amountTimeComb: amountTimeComb(60, 1),
  refreshTokenExpirationAmountTime: 1,
  refreshTokenExpirationTimeUnit: 3,
  userActivateTokenTime: 1,
  userActivateTokenTimeUnit: 3,
  assignPasswordTokenTime: 1,
  assignPasswordTokenTimeUnit: 3,
  maxRefreshTokens: -1,
  maxRefreshTokensByUser: 0,
  isConcurrentSession: false,
  maxConcurrentTokens: 1,
  maxConcurrentTokensByUser: -1,
  numberPasswordChanges: -1,
  passwordExpiration: -1,
  passwordTypeExpiration: 3,
  mechanismAfterSetPass: 1,
  version: '1',
  count: 0,
  rolCount: 0,
  rolCountUnique: 0,
  ...overrides,
});

export const written = { information: 'ok', informationCode: 'A10', id: 1 };

/** Answers fetch from `routes`; unknown calls get a 404. Returns the calls made (paths in lower case). */
export function serve(routes: ApiRoutes): ApiCall[] {
  return mockApi(routes, { record: (call) => ({ ...call, path: call.path.toLowerCase() }) });
}

/** The calls to one path (lower case). */
export const callsTo = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path.toLowerCase());

/** The remote at `path`, as the host mounts it, signed in, with the page's DialogHost. */
export function renderAt(path: string) {
  window.sessionStorage.clear(); // the list remembers its query for the tab
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
