/** Test helpers of this remote's screens (jest only). */
import { AppProviders, DEFAULT_PROFILE, DialogHost, ProfileProvider, closeAllDialogs, resetRuntimeConfig, sessionStore, setPageProfile, setRuntimeConfig, type PortalProfile } from '@suite/shared';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import App from './App';

export function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The current location, readable by tests: pathname and JSON of the navigation state. */
function Where() {
  const { pathname, state } = useLocation();
  return (
    <>
      <output aria-label="location">{pathname}</output>
      <output aria-label="state">{JSON.stringify(state ?? null)}</output>
    </>
  );
}

export interface Call {
  path: string;
  body: Record<string, unknown>;
}

/**
 * Mocks fetch: `routes` maps an API path (after /api/) to a reply; application data answers
 * defaults. Returns the calls made (path and JSON body).
 */
export function mockApi(routes: Record<string, (body: Record<string, unknown>) => Response>): Call[] {
  const calls: Call[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    calls.push({ path, body });
    if (path.startsWith('application/')) {
      const defaults: Record<string, unknown> = {
        'application/getVersionApp': { version: '2.0.0' },
        'application/GetParametersApp': { parameters: [] },
        'application/isFreeTrial': { isFreeTrial: false, urlFreeTrial: '', codeFreeTrial: '' },
      };
      return reply(200, { statusCode: 200, result: defaults[path] ?? {} });
    }
    const handler = routes[path];
    return handler ? handler(body) : reply(404, { statusCode: 404, result: { information: 'no mock', informationCode: 'R404' } });
  });
  return calls;
}

/** Renders the remote at `path` with navigation `state`, the page's `profile`, the dialog host and the location probe. */
export function renderAt(path: string, state?: unknown, profile: PortalProfile = DEFAULT_PROFILE) {
  return render(
    <AppProviders>
      <ProfileProvider profile={profile}>
        <MemoryRouter initialEntries={[{ pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }]}>
          <Routes>
            <Route path="*" element={<App />} />
          </Routes>
          <Where />
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
