import { SessionStore, createApiClient, resetRuntimeConfig, setNavigator, setRuntimeConfig, validateStoredSession } from '@suite/shared';
import { jwt, reply } from '@suite/shared/testing';

const inMinutes = (m: number) => Math.floor(Date.now() / 1000) + m * 60;

let navigate: jest.Mock;
let restore: () => void;

beforeEach(() => {
  localStorage.clear();
  resetRuntimeConfig();
  setRuntimeConfig({ appName: 'ibuhoo' });
  navigate = jest.fn();
  restore = setNavigator(navigate);
});

afterEach(() => restore());

describe('token validation on load', () => {
  it('sends user, token, option 1 and currentApp; a valid token keeps the session', async () => {
    const store = new SessionStore();
    store.signIn({ token: jwt({ unique_name: 'ada', exp: inMinutes(10) }), refreshToken: 'r1' });
    const fetch = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(reply(200, { statusCode: 200, result: { information: 'Token válido', informationCode: 'A10' } }));
    await expect(validateStoredSession(createApiClient(store), store)).resolves.toBe(true);
    const request = fetch.mock.calls[0][0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/login/TokenValidation');
    expect(request.headers.get('user')).toBe('ada');
    expect(request.headers.get('token')).toBe(store.getState().token);
    expect(request.headers.get('token')).toMatch(/^Bearer /);
    expect(request.headers.get('option')).toBe('1');
    expect(request.headers.get('currentApp')).toBe('ibuhoo');
    expect(request.headers.get('Authorization')).toBe(store.getState().token);
    expect(store.isAuthenticated()).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a refused token clears local storage and goes to /Login', async () => {
    const store = new SessionStore();
    store.signIn({ token: jwt({ unique_name: 'ada', exp: inMinutes(10) }), refreshToken: 'r1' });
    localStorage.setItem('something', 'else');
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(reply(401, { statusCode: 401, result: { information: 'no', informationCode: 'R401' } }));
    await expect(validateStoredSession(createApiClient(store), store)).resolves.toBe(false);
    expect(localStorage.length).toBe(0);
    expect(store.isAuthenticated()).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/Login', { replace: true });
  });

  it('a refused token on the sign-in page leaves its address as it is (an application’s OpenID request rides in it)', async () => {
    const store = new SessionStore();
    store.signIn({ token: jwt({ unique_name: 'ada', exp: inMinutes(10) }), refreshToken: 'r1' });
    window.history.replaceState(null, '', '/Login?interaction=Qp3x-WgcjAq6J1ICSkAgd');
    try {
      jest
        .spyOn(globalThis, 'fetch')
        .mockResolvedValue(reply(401, { statusCode: 401, result: { information: 'no', informationCode: 'R401' } }));
      await expect(validateStoredSession(createApiClient(store), store)).resolves.toBe(false);
      expect(store.isAuthenticated()).toBe(false);
      expect(navigate).not.toHaveBeenCalled();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('a refused token with another option: the session closes and the alert screen shows why, leading to /Login', async () => {
    const store = new SessionStore();
    store.signIn({ token: jwt({ unique_name: 'ada', exp: inMinutes(10) }), refreshToken: 'r1' });
    localStorage.setItem('bms_lang', 'en');
    const fetch = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(reply(401, { statusCode: 401, result: { information: 'El token no es válido.', informationCode: 'R401' } }));
    await expect(validateStoredSession(createApiClient(store), store, '2')).resolves.toBe(false);
    expect((fetch.mock.calls[0][0] as Request).headers.get('option')).toBe('2');
    expect(store.isAuthenticated()).toBe(false);
    expect(localStorage.getItem('bms_lang')).toBe('en');
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/alert', { replace: true, state: { message: 'El token no es válido.', page: '/Login' } });
  });

  it('an expired token is renewed with the refresh token before it is validated', async () => {
    const store = new SessionStore();
    store.signIn({ token: jwt({ unique_name: 'ada', exp: inMinutes(-1) }), refreshToken: 'r1' });
    expect(store.isAuthenticated()).toBe(true);
    const fresh = jwt({ unique_name: 'ada', exp: inMinutes(10) });
    const paths: string[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const path = new URL((input as Request).url).pathname;
      paths.push(path);
      if (path === '/api/Login/RefreshToken') return reply(200, { statusCode: 200, result: { token: fresh, refreshToken: 'r2' } });
      return reply(200, { statusCode: 200, result: { information: 'Token válido', informationCode: 'A10' } });
    });
    await expect(validateStoredSession(createApiClient(store), store)).resolves.toBe(true);
    expect(paths).toEqual(['/api/Login/RefreshToken', '/api/login/TokenValidation']);
    expect(store.getState().token).toBe(`Bearer ${fresh}`);
    expect(store.getState().refreshToken).toBe('r2');
  });

  it('does nothing without a session', async () => {
    const store = new SessionStore();
    const fetch = jest.spyOn(globalThis, 'fetch');
    await expect(validateStoredSession(createApiClient(store), store)).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});
