import { act, configure } from '@testing-library/react';
import type { ComponentType } from 'react';
import { sessionStore } from '../session/store';
import { DialogHost, closeAllDialogs } from '../ui/dialogs';
import { jwt, mockApi, type ApiCall, type ApiRoutes } from './api';
import { Where } from './Where';
import { renderRemoteAt } from './kit';

/** What a create or modify of the console answers unless a test gives its own. */
export const WRITTEN = { information: 'ok', informationCode: 'A10', id: 1 };

/** Answers fetch from `routes`; unknown calls get a 404. Returns the calls made (paths in lower case). */
export function serve(routes: ApiRoutes): ApiCall[] {
  return mockApi(routes, { record: (call) => ({ ...call, path: call.path.toLowerCase() }) });
}

/** The calls to one path (lower case). */
export const callsTo = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path.toLowerCase());

/** Closes what a test left open. */
export function cleanUpDialogs() {
  act(() => closeAllDialogs());
}

/**
 * The test kit of a console remote's screens: `renderAt(path)` mounts the remote's App as the host
 * does, signed in, with the page's DialogHost and the location (Where) beside it. Whole screens on
 * a shared, busy machine: slow renders are allowed for.
 */
export function consoleRemoteKit(App: ComponentType) {
  configure({ asyncUtilTimeout: 5_000 });
  jest.setTimeout(30_000);
  return {
    renderAt(path: string) {
      window.sessionStorage.clear(); // lists remember their query for the tab
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
    },
  };
}
