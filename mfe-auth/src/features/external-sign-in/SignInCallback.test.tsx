import { DEFAULT_PROFILE, INFORMATION_CODES, pageLocation, sessionStore, setRuntimeConfig } from '@suite/shared';
import { jwt, reply } from '@suite/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt, resetWorld } from '../../testHarness';

beforeEach(() => resetWorld('firmaya', { externalSignIn: true, signInVariant: 'classic' }));
afterEach(() => jest.restoreAllMocks());

const token = jwt({ unique_name: 'cert.jwalker', exp: Math.floor(Date.now() / 1000) + 3600 });
const location = () => screen.getByRole('status', { name: 'location' });

describe('/signin-credential/callback', () => {
  it('without a code: the apology card, whose Entendido replaces the route with /Login', async () => {
    const user = userEvent.setup();
    const calls = mockApi({});
    renderAt('/signin-credential/callback');
    expect(await screen.findByRole('heading', { name: '¡Lo sentimos!' })).toBeInTheDocument();
    expect(screen.getByText('No fue posible verificar tu credencial, por favor intenta más tarde.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Entendido' }));
    expect(location()).toHaveTextContent('/Login');
    expect(calls.some((c) => c.path.includes('generate-token-oidc'))).toBe(false);
  });

  it('exchanges the code on the server once, keeps the session and goes on to the application', async () => {
    const assign = jest.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    const calls = mockApi({
      'login/generate-token-oidc': () =>
        reply(200, {
          statusCode: 200,
          result: { information: 'ok', informationCode: 'A10', token, refreshToken: 'r', urlApp: 'https://firmaya.suite.example/?code=x' },
        }),
    });
    renderAt('/signin-credential/callback?code=abc&state=st&iss=http%3A%2F%2F127.0.0.1%3A8081');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://firmaya.suite.example/?code=x'));
    const exchanges = calls.filter((c) => c.path === 'login/generate-token-oidc');
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0].body).toEqual({
      code: 'abc',
      state: 'st',
      iss: 'http://127.0.0.1:8081',
      appName: 'firmaya',
      tenant: 'bmscol',
      tenantLanguage: 'ES',
    });
    expect(sessionStore.getState().token).toBe(`Bearer ${token}`);
  });

  it('where the application asks for a second factor the provider did not vouch for, goes on to the second step', async () => {
    const user = userEvent.setup();
    const challenge = 'c'.repeat(43);
    const assign = jest.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    const calls = mockApi({
      'login/generate-token-oidc': () =>
        reply(200, {
          statusCode: 200,
          result: {
            information: 'Verifica que eres tú con tu segundo factor.',
            informationCode: INFORMATION_CODES.secondFactorRequired,
            secondFactor: { challenge, methods: ['totp'], enrol: false },
          },
        }),
      'Login/SecondFactor': () =>
        reply(200, {
          statusCode: 200,
          result: { information: 'ok', informationCode: 'A10', token, refreshToken: 'r', urlApp: 'https://firmaya.suite.example/?code=x' },
        }),
    });
    renderAt('/signin-credential/callback?code=abc&state=st');
    expect(await screen.findByRole('heading', { name: 'Verificación en dos pasos' })).toBeInTheDocument();
    expect(sessionStore.isAuthenticated()).toBe(false);
    await user.type(screen.getByLabelText(/Código de verificación/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://firmaya.suite.example/?code=x'));
    expect(calls.find((c) => c.path === 'Login/SecondFactor')?.body).toEqual({ challenge, code: '123456' });
  });

  it('a refused exchange shows the apology card', async () => {
    mockApi({ 'login/generate-token-oidc': () => reply(403, { statusCode: 403, result: { information: 'no', informationCode: 'R403' } }) });
    renderAt('/signin-credential/callback?code=abc&state=st');
    expect(await screen.findByRole('heading', { name: '¡Lo sentimos!' })).toBeInTheDocument();
  });
});

describe('the identity-provider button', () => {
  it('shows on a sign-in whose profile offers it and sends the browser to the provider', async () => {
    const user = userEvent.setup();
    setRuntimeConfig({ payloadKey: 'k', appName: 'firmaya', tenant: '' });
    const assign = jest.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    const calls = mockApi({
      'login/connect-ciam-oidc': () => reply(200, { statusCode: 200, result: { url: 'http://127.0.0.1:8081/auth?x=1' } }),
    });
    renderAt('/login', undefined, { ...DEFAULT_PROFILE, app: 'firmaya', externalSignIn: true });
    await user.click(await screen.findByRole('button', { name: 'Ingresar con proveedor de identidad' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:8081/auth?x=1'));
    expect(calls.find((c) => c.path === 'login/connect-ciam-oidc')).toBeDefined();
  });

  it('is absent where the profile does not offer it', () => {
    mockApi({});
    renderAt('/login', undefined, { ...DEFAULT_PROFILE, app: 'ibuhoo', externalSignIn: false });
    expect(screen.queryByRole('button', { name: 'Ingresar con proveedor de identidad' })).not.toBeInTheDocument();
  });
});
