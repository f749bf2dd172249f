import { DialogHost, closeAllDialogs, sessionStore } from '@suite/shared';
import { type MenuItem, type MenuRecord } from '@suite/shared/console';
import { Where, jwt, mockApi, renderRemoteAt, type ApiCall, type ApiRoutes } from '@suite/shared/testing';
import { act, configure } from '@testing-library/react';
import App from './App';

// whole screens on a shared, busy machine: allow for slow renders
configure({ asyncUtilTimeout: 5_000 });
jest.setTimeout(30_000);

/** Test helpers of menu settings: a fake API on `fetch` and the remote as the host mounts it. */

export const APPLICATIONS = [
  { id: 1, name: 'ibuhoo', title: 'Suite GSE' },
  { id: 2, name: 'firmaya', title: 'Firmaya' },
];

let n = 0;
export const menuItem = (name: string, over: Partial<MenuItem> = {}): MenuItem => ({
  key: `Key${String(++n).padStart(7, '0')}`,
  name,
  privilege: '',
  url: `/${name.toLowerCase()}`,
  isFunction: false,
  functionName: '',
  description: '',
  isActivate: true,
  sizeIcon: '24px',
  iconName: 'users',
  isPersonalizedIcon: false,
  menuLocation: 1,
  application: 'ibuhoo',
  children: [],
  ...over,
});

export const menuRecord = (items: unknown[], over: Partial<MenuRecord> = {}): MenuRecord => ({
  id: 7,
  idapplication: 1,
  application: 'ibuhoo',
  idmenulocation: 1,
  numberRows: 0,
  menujson: JSON.stringify(items),
  version: 3,
  modifiedOn: '2026-01-01T10:00:00Z',
  ...over,
});

/** Answers fetch from `routes`; unknown calls get a 404. Returns the calls made (paths in lower case). */
export function serve(routes: ApiRoutes): ApiCall[] {
  return mockApi(routes, { record: (call) => ({ ...call, path: call.path.toLowerCase() }) });
}

export const callsTo = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path.toLowerCase());

/** The remote at `path`, as the host mounts it, signed in, with the page's DialogHost. */
export function renderAt(path: string) {
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
