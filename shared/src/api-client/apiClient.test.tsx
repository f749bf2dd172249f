import {
  MESSAGES,
  SessionStore,
  closeAllDialogs,
  createApiClient,
  openDialogs,
  pageReload,
  resetRuntimeConfig,
  setNavigator,
  setRuntimeConfig,
} from '..';
import { AppProviders, DialogHost } from '..';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jwt, mockApi, reply } from '../testing';

// one expiry for the whole file: a token built twice must be the same token, whatever second it is
const EXP = Math.floor(Date.now() / 1000) + 600;
const accessToken = (n: number) => jwt({ unique_name: 'ada', given_name: 'Ada', n, exp: EXP });

const ok = (result: unknown) => reply(200, { statusCode: 200, result });
const unauthorized = (code = 'R401') => reply(401, { statusCode: 401, result: { information: 'no', informationCode: code } });

type Handler = (request: Request, body: unknown) => Response | Promise<Response>;

/** The fake API answering every call with `handler`; records path, method, Authorization and body. */
const mockFetch = (handler: Handler) =>
  mockApi(({ request, body }) => handler(request, body), {
    record: ({ path, method, headers, body }) => ({ url: path, method, authorization: headers.get('Authorization'), body }),
  });

let store: SessionStore;
let navigate: jest.Mock;
let restoreNavigator: () => void;

beforeEach(() => {
  localStorage.clear();
  resetRuntimeConfig();
  setRuntimeConfig({ appName: 'ibuhoo' });
  store = new SessionStore();
  store.signIn({ token: accessToken(1), refreshToken: 'refresh-1' });
  navigate = jest.fn();
  restoreNavigator = setNavigator(navigate);
});

afterEach(() => {
  restoreNavigator();
  closeAllDialogs();
});

const isRefresh = (request: Request) => new URL(request.url).pathname === '/api/Login/RefreshToken';

describe('API client: 401', () => {
  it('refreshes the token once, stores the new pair and retries the request once', async () => {
    const client = createApiClient(store);
    const calls = mockFetch((request) => {
      if (isRefresh(request)) return ok({ token: accessToken(2), refreshToken: 'refresh-2' });
      return request.headers.get('Authorization') === `Bearer ${accessToken(2)}` ? ok({ rows: 3 }) : unauthorized();
    });

    const result = await client.get<{ rows: number }>('user/list');

    expect(result.result.rows).toBe(3);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/user/list', 'POST /api/Login/RefreshToken', 'GET /api/user/list']);
    expect(calls[1].body).toEqual({ RefreshToken: 'refresh-1', UserName: 'ada', Appname: 'ibuhoo' });
    expect(calls[1].authorization).toBeNull();
    expect(localStorage.getItem('token')).toBe(`Bearer ${accessToken(2)}`);
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 is the caller’s error', async () => {
    const client = createApiClient(store);
    const calls = mockFetch((request) => (isRefresh(request) ? ok({ token: accessToken(2), refreshToken: 'refresh-2' }) : unauthorized()));
    await expect(client.get('user/list')).rejects.toMatchObject({ status: 401 });
    expect(calls.filter((c) => c.url === '/api/Login/RefreshToken')).toHaveLength(1);
    expect(calls.filter((c) => c.url === '/api/user/list')).toHaveLength(2);
  });

  it('shares one refresh among concurrent 401s', async () => {
    const client = createApiClient(store);
    let answerRefresh: () => void = () => undefined;
    const refreshed = new Promise<void>((resolve) => (answerRefresh = resolve));
    const calls = mockFetch(async (request) => {
      if (isRefresh(request)) {
        await refreshed;
        return ok({ token: accessToken(2), refreshToken: 'refresh-2' });
      }
      return request.headers.get('Authorization') === `Bearer ${accessToken(2)}`
        ? ok({ path: new URL(request.url).pathname })
        : unauthorized();
    });

    const pending = Promise.all([client.get('user/list'), client.get('roles/list'), client.get('apps/list')]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    answerRefresh();
    const results = await pending;

    expect(results.map((r) => (r.result as { path: string }).path)).toEqual(['/api/user/list', '/api/roles/list', '/api/apps/list']);
    expect(calls.filter((c) => c.url === '/api/Login/RefreshToken')).toHaveLength(1);
  });

  it('a refresh refused with a code other than R101 revokes the refresh token, closes the session and rejects', async () => {
    const client = createApiClient(store);
    const calls = mockFetch((request) => {
      if (isRefresh(request)) return unauthorized('R401');
      if (new URL(request.url).pathname === '/api/login/RevokeToken')
        return ok({ information: '/Login', informationCode: 'A10', message: 'ok' });
      return unauthorized();
    });
    await expect(client.get('user/list')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/user/list',
      'POST /api/Login/RefreshToken',
      'PUT /api/login/RevokeToken',
    ]);
    expect(calls[2].body).toEqual({ UserName: 'ada', Quantity: 1, AppName: 'ibuhoo', RefreshToken: 'refresh-1' });
    // it carries the Authorization header, as every call but sign-in and reset does
    expect(calls[2].authorization).toBe(`Bearer ${accessToken(1)}`);
    expect(navigate).toHaveBeenCalledWith('/Login', { replace: true });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(openDialogs()).toHaveLength(0);
  });

  it('a failed revocation after a refused refresh still closes the session and rejects', async () => {
    const client = createApiClient(store);
    const calls = mockFetch((request) => {
      if (isRefresh(request)) return reply(400, { statusCode: 400, result: { information: 'x', informationCode: 'R400' } });
      if (new URL(request.url).pathname === '/api/login/RevokeToken') return reply(500, {});
      return unauthorized();
    });
    await expect(client.get('user/list')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toContain('/api/login/RevokeToken');
    expect(navigate).toHaveBeenCalledWith('/Login', { replace: true });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('R101 on the refresh: the refresh-revoked dialog, then Aceptar closes the session', async () => {
    const client = createApiClient(store);
    const calls = mockFetch((request) => (isRefresh(request) ? unauthorized('R101') : unauthorized()));
    const call = client.get('user/list').catch((error: unknown) => error);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(openDialogs()).toEqual([expect.objectContaining({ message: MESSAGES.refreshRevoked })]);
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).not.toBeNull();

    closeAllDialogs();
    await expect(call).resolves.toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith('/Login', { replace: true });
    expect(localStorage.getItem('token')).toBeNull();
    // the server already revoked it: no RevokeToken call
    expect(calls.map((c) => c.url)).toEqual(['/api/user/list', '/api/Login/RefreshToken']);
  });

  it('R101 on the refresh after another tab renewed the session: its pair is used, nothing closes', async () => {
    const client = createApiClient(store);
    const calls = mockFetch((request) => {
      if (isRefresh(request)) {
        // the other tab's refresh of the same token was answered first and stored its pair
        localStorage.setItem('token', `Bearer ${accessToken(3)}`);
        localStorage.setItem('refreshToken', 'refresh-3');
        return unauthorized('R101');
      }
      return request.headers.get('Authorization') === `Bearer ${accessToken(3)}` ? ok({ path: '/api/user/list' }) : unauthorized();
    });
    await expect(client.get('user/list')).resolves.toMatchObject({ result: { path: '/api/user/list' } });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/user/list', 'POST /api/Login/RefreshToken', 'GET /api/user/list']);
    expect(openDialogs()).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('refreshToken')).toBe('refresh-3');
  });

  it("a call answered 401 while the page signs out: no refresh, no dialog, the sign-out's own navigation", async () => {
    const client = createApiClient(store);
    const calls = mockFetch((request) => {
      if (new URL(request.url).pathname === '/api/login/RevokeToken') return ok({ information: '/Login', informationCode: 'A10' });
      return isRefresh(request) ? unauthorized('R101') : unauthorized();
    });
    await expect(client.revokeSession()).resolves.toMatchObject({ information: '/Login' });
    // a call the page sent before its sign-out, answered after the revocation
    const call = client.get('user/list').catch((error: unknown) => error);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await expect(call).resolves.toMatchObject({ status: 401 });
    expect(openDialogs()).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/login/RevokeToken', 'GET /api/user/list']);
    // and once the sign-out has cleared the session
    store.signOut();
    await expect(client.get('user/list')).rejects.toMatchObject({ status: 401 });
    expect(navigate).not.toHaveBeenCalled();
    expect(calls).toHaveLength(3);
  });

  it('does not refresh for calls made without the session', async () => {
    const client = createApiClient(store);
    const calls = mockFetch(() => unauthorized('R11'));
    await expect(client.post('Login', { user: 'a' }, { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
  });
});

describe('API client: 403 and no response', () => {
  it('opens the privileges dialog; Aceptar goes to /users', async () => {
    const client = createApiClient(store);
    mockFetch(() => reply(403, { statusCode: 403, result: { information: MESSAGES.forbidden, informationCode: 'R403' } }));
    await expect(client.delete('roles/9')).rejects.toMatchObject({ status: 403, message: MESSAGES.forbidden });
    expect(openDialogs()).toEqual([expect.objectContaining({ message: MESSAGES.forbidden })]);
    closeAllDialogs();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigate).toHaveBeenCalledWith('/users', undefined);
  });

  it('the host renders the privileges dialog; its Aceptar button goes to /users', async () => {
    const user = userEvent.setup();
    const client = createApiClient(store);
    mockFetch(() => reply(403, { statusCode: 403, result: { information: 'x', informationCode: 'R403' } }));
    render(
      <AppProviders>
        <DialogHost />
      </AppProviders>,
    );
    await act(async () => {
      await client.get('roles/list').catch(() => null);
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Notificación' });
    expect(dialog).toHaveTextContent(MESSAGES.forbidden);
    expect(screen.getByRole('button', { name: 'Aceptar' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith('/users', undefined);
  });

  it('reloads the page when accepting the privileges dialog on /users', async () => {
    window.history.pushState({}, '', '/users');
    const reload = jest.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const client = createApiClient(store);
    mockFetch(() => reply(403, { statusCode: 403, result: { information: 'x', informationCode: 'R403' } }));
    await Promise.all([client.get('a').catch(() => null), client.get('b').catch(() => null)]);
    expect(openDialogs()).toHaveLength(1);
    closeAllDialogs();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    window.history.pushState({}, '', '/');
  });

  it("answers 'Error al realizar la petición.' when no response arrives", async () => {
    const client = createApiClient(store);
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(client.get('user/list')).rejects.toMatchObject({ status: null, message: 'Error al realizar la petición.' });
  });
});
