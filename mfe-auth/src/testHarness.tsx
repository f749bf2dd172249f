/** Test helpers of this remote's screens (jest only). */
import {
  AppProviders,
  DEFAULT_PROFILE,
  DialogHost,
  ProfileProvider,
  closeAllDialogs,
  resetRuntimeConfig,
  sessionStore,
  setPageProfile,
  setRuntimeConfig,
  type PortalProfile,
} from '@suite/shared';
import { Where, mockApi as mockApiOnFetch, type ApiRoutes } from '@suite/shared/testing';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import App from './App';

export interface Call {
  path: string;
  body: Record<string, unknown>;
}

/**
 * Fakes the API: `routes` maps an API path (after /api/) to an answer; application data answers
 * defaults. Returns the calls made (path after /api/ and JSON body).
 */
export function mockApi(routes: ApiRoutes, appData: Record<string, unknown> | true = true): Call[] {
  return mockApiOnFetch(routes, { appData, record: ({ path, body }) => ({ path: path.replace(/^\/api\//, ''), body }) });
}

/** Renders the remote at `path` with navigation `state`, the page's `profile`, the dialog host and the location probe. */
export function renderAt(path: string, state?: unknown, profile: PortalProfile = DEFAULT_PROFILE) {
  return render(
    <AppProviders>
      <ProfileProvider profile={profile}>
        <MemoryRouter
          initialEntries={[{ pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }]}
        >
          <Routes>
            <Route path="*" element={<App />} />
          </Routes>
          <Where state />
          <DialogHost />
        </MemoryRouter>
      </ProfileProvider>
    </AppProviders>,
  );
}

/** Common per-test set-up: clean storage and session, payload key 'k', application `appName` with the page profile `profile` (default otherwise). */
export function resetWorld(appName = 'ibuhoo', profile: Partial<PortalProfile> = {}) {
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.signOut();
  closeAllDialogs();
  resetRuntimeConfig();
  setRuntimeConfig({ payloadKey: 'k', appName, tenant: '' });
  setPageProfile({ ...DEFAULT_PROFILE, app: appName, ...profile });
}
