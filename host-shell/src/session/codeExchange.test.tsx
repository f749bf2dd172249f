import { AppProviders, resetRuntimeConfig, sessionStore, setRuntimeConfig } from '@suite/shared';
import { jwt, reply } from '@suite/shared/testing';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { decideRoute, exchangeCodeOf } from '../routes';
import { CodeExchange } from './CodeExchange';
import { withoutExchangeCode } from './codeExchange';

const token = jwt({ identifier: '7', unique_name: 'ada', exp: Math.floor(Date.now() / 1000) + 600 });

function Where() {
  const location = useLocation();
  return (
    <>
      <output aria-label="location">{`${location.pathname}${location.search}`}</output>
      <output aria-label="state">{JSON.stringify(location.state ?? null)}</output>
    </>
  );
}

function renderAt(path: string) {
  const [pathname, query = ''] = path.split('?');
  const code = exchangeCodeOf(`?${query}`);
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[{ pathname, search: query ? `?${query}` : '' }]}>
        <Routes>
          <Route path="*" element={code ? <CodeExchange code={code} /> : <p>page</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </AppProviders>,
  );
}

let bodies: unknown[];
beforeEach(() => {
  localStorage.clear();
  sessionStore.signOut();
  resetRuntimeConfig();
  setRuntimeConfig({ appName: 'colnomina' });
  bodies = [];
});
afterEach(() => jest.restoreAllMocks());

function answer(response: () => Response) {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    expect(new URL(request.url).pathname).toBe('/api/login/GenerateTokens');
    expect(request.method).toBe('POST');
    expect(request.headers.get('Authorization')).toBeNull();
    bodies.push(await request.json());
    return response();
  });
}

describe('a protected path reached with ?code=', () => {
  it('is an exchange, signed in or not; public paths and paths without a code are not', () => {
    expect(decideRoute('/users', false, '?code=abc')).toEqual({ exchange: 'abc' });
    expect(decideRoute('/Roles', true, '?x=1&code=abc')).toEqual({ exchange: 'abc' });
    expect(decideRoute('/users', false, '?code=')).toEqual({ redirect: '/Login' });
    expect(decideRoute('/users', false, '?other=1')).toEqual({ redirect: '/Login' });
    expect(decideRoute('/signin-credential/callback', false, '?code=abc')).toEqual({
      remote: expect.objectContaining({ name: 'mfe_auth' }),
    });
    expect(withoutExchangeCode('?x=1&code=abc')).toBe('?x=1');
    expect(withoutExchangeCode('?code=abc')).toBe('');
  });

  it('exchanges the code once (GenerateTokens: code, appName), stores the session and opens the path without the code', async () => {
    answer(() =>
      reply(200, { statusCode: 200, result: { information: 'ok', informationCode: 'A10', token, refreshToken: 'r9', urlApp: '/users' } }),
    );
    renderAt('/users?tab=2&code=c0de');
    expect(await screen.findByText('/users?tab=2')).toBeInTheDocument();
    expect(bodies).toEqual([{ code: 'c0de', appName: 'colnomina' }]);
    expect(sessionStore.getState()).toMatchObject({ token: `Bearer ${token}`, refreshToken: 'r9' });
    expect(sessionStore.isAuthenticated()).toBe(true);
  });

  it('a refused code leads to /Login with the reason and no session', async () => {
    answer(() =>
      reply(401, { statusCode: 401, result: { information: 'El código no es válido o ya fue utilizado.', informationCode: 'R401' } }),
    );
    renderAt('/users?code=spent');
    expect(await screen.findByText('/Login')).toBeInTheDocument();
    expect(JSON.parse(screen.getByLabelText('state').textContent ?? 'null')).toEqual({
      message: 'El código no es válido o ya fue utilizado.',
    });
    expect(sessionStore.isAuthenticated()).toBe(false);
  });
});
