import {
  AppProviders,
  DEFAULT_PROFILE,
  changeLanguage,
  phrase,
  resetRuntimeConfig,
  resolveLanguage,
  sessionStore,
  setRuntimeConfig,
} from '@suite/shared';
import { decryptPayload } from '@suite/shared/crypto';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import App from '../../App';
import { jwt, mockApi, reply, type MockApiOptions } from '@suite/shared/testing';

const PAYLOAD_KEY = 'test-payload-key';

/** Application data answers defaults (version 1.2.3); the other calls are recorded as their requests. */
const signInApi: MockApiOptions<Request> = { appData: { getVersionApp: { version: '1.2.3' } }, record: ({ request }) => request };

function renderAt(path: string, state?: unknown) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path, state }]}>
        <Routes>
          <Route path="/users" element={<p>users landing</p>} />
          <Route path="/changepassword" element={<p>change password screen</p>} />
          <Route path="*" element={<App />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

const userField = () => screen.getByLabelText('Usuario', { exact: true });
const passwordField = () => screen.getByLabelText('Contraseña', { exact: true });
const submit = () => screen.getByRole('button', { name: 'Ingresar' });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.signOut();
  resetRuntimeConfig();
  setRuntimeConfig({ payloadKey: PAYLOAD_KEY, appName: 'ibuhoo', tenant: 'bmscol', version: '1.2.3' });
});

afterEach(async () => {
  jest.restoreAllMocks();
  await act(() => changeLanguage('es'));
});

describe('sign-in screen', () => {
  it('renders at /login and /, case-insensitively', async () => {
    for (const path of ['/login', '/LOGIN', '/']) {
      const { unmount } = renderAt(path);
      expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Recordar contraseña' })).toHaveAttribute('href', '/resetpassword');
      expect(await screen.findByText('Versión 1.2.3')).toBeInTheDocument();
      unmount();
    }
  });

  it('enables Ingresar only when both fields are filled', async () => {
    const user = userEvent.setup();
    renderAt('/login');
    expect(submit()).toBeDisabled();
    await user.type(userField(), 'admin');
    expect(submit()).toBeDisabled();
    await user.type(passwordField(), 'secret');
    expect(submit()).toBeEnabled();
    await user.clear(userField());
    expect(submit()).toBeDisabled();
  });

  it('takes a user name of at most 100 characters, as the sign-in call does (docs/product/users.md, Limits)', async () => {
    const user = userEvent.setup();
    renderAt('/login');
    expect(userField()).toHaveAttribute('maxLength', '100');
    await user.click(userField());
    await user.paste('a'.repeat(101));
    expect(userField()).toHaveValue('a'.repeat(100));
    expect(await screen.findByText('Versión 1.2.3')).toBeInTheDocument();
  });

  it("shows 'Campo obligatorio' under an empty field once it was touched", async () => {
    const user = userEvent.setup();
    renderAt('/login');
    expect(screen.queryByText('Campo obligatorio')).not.toBeInTheDocument();
    await user.click(userField());
    await user.tab();
    expect(await screen.findByText('Campo obligatorio')).toBeInTheDocument();
    expect(userField()).toHaveAttribute('aria-invalid', 'true');
    await user.type(userField(), 'admin');
    await waitFor(() => expect(userField()).not.toHaveAttribute('aria-invalid'));
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderAt('/login');
    expect(passwordField()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(passwordField()).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Ocultar contraseña' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(passwordField()).toHaveAttribute('type', 'password');
  });

  it('sends the encrypted password, stores the session with the Bearer prefix and goes to urlApp', async () => {
    const user = userEvent.setup();
    const token = jwt({
      identifier: '1',
      unique_name: 'admin',
      nameid: '1',
      given_name: 'Admin',
      family_name: 'Suite',
      customerName: 'GSE',
      privileges: ['USERS_READ'],
      APPS: ['ibuhoo'],
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const bodies: Record<string, unknown>[] = [];
    const sent = mockApi(async ({ request }) => {
      bodies.push(await request.clone().json());
      return reply(200, {
        statusCode: 200,
        result: { informationCode: 'A10', information: 'Ingreso exitoso', token, refreshToken: 'refresh-1', urlApp: '/users' },
      });
    }, signInApi);
    renderAt('/login?from=mail');

    await user.type(userField(), 'admin');
    await user.type(passwordField(), 'S3cret!');
    await user.click(submit());

    expect(await screen.findByText('users landing')).toBeInTheDocument();
    const [request] = sent;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/Login');
    expect(request.headers.get('tenant')).toBe('bmscol');
    expect(request.headers.get('tenantLanguage')).toBe('ES');
    expect(request.headers.get('Authorization')).toBeNull();
    const body = bodies[0] as Record<string, string>;
    expect(body).toMatchObject({ user: 'admin', appname: 'ibuhoo', ip: '', TypeDeviceId: 2, tokenCaptcha: '', page: '' });
    expect(body.password).not.toBe('S3cret!');
    expect(decryptPayload(body.password, PAYLOAD_KEY)).toBe('S3cret!');
    expect(body.idSessionTab).toMatch(/^\d{16}$/);
    expect(sessionStorage.getItem('idSessionTab')).toBe(body.idSessionTab);
    expect(typeof body.Browser).toBe('string');

    expect(localStorage.getItem('token')).toBe(`Bearer ${token}`);
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({
      userId: '1',
      nameid: '1',
      name: 'admin',
      surname: 'Suite',
      customerName: 'GSE',
      privileges: ['USERS_READ'],
    });
    expect(sessionStore.isAuthenticated()).toBe(true);
  });

  it('shows the server message of a refused sign-in and stays', async () => {
    const user = userEvent.setup();
    mockApi(
      () =>
        reply(401, {
          statusCode: 401,
          result: {
            information: 'Usuario o contraseña incorrectos.',
            informationCode: 'R11',
            failedLoginInformation: { failedAttempts: 1, lockTime: 0 },
          },
        }),
      signInApi,
    );
    renderAt('/login');
    await user.type(userField(), 'admin');
    await user.type(passwordField(), 'wrong');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuario o contraseña incorrectos.');
    expect(screen.queryByText('users landing')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows 'Error al realizar la petición.' when no response arrives", async () => {
    const user = userEvent.setup();
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderAt('/login');
    await user.type(userField(), 'admin');
    await user.type(passwordField(), 'secret');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al realizar la petición.');
  });

  it('in English: asks the API for English and shows its answer; its own fallbacks are English too', async () => {
    const user = userEvent.setup();
    await act(() => changeLanguage('en'));
    // answers as the API does: in the language the request names (tenantLanguage, else Accept-Language)
    const calls = mockApi(
      ({ headers }) => {
        const language = resolveLanguage({ tenantLanguage: headers.get('tenantLanguage'), acceptLanguage: headers.get('accept-language') });
        return reply(401, {
          statusCode: 401,
          result: {
            information: phrase('messages.loginFailed', language),
            informationCode: 'R11',
            failedLoginInformation: { failedAttempts: 1, lockTime: 0 },
          },
        });
      },
      {
        ...signInApi,
        record: ({ headers }) => ({ tenantLanguage: headers.get('tenantLanguage'), acceptLanguage: headers.get('accept-language') }),
      },
    );
    renderAt('/login');
    await user.type(screen.getByLabelText('User', { exact: true }), 'admin');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect user or password.');
    expect(calls.at(-1)).toEqual({ tenantLanguage: 'EN', acceptLanguage: 'en' });

    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The request could not be completed.');
  });

  it('shows a loading state while the sign-in is under way', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    mockApi(() => new Promise<Response>((resolve) => (answer = resolve)), signInApi);
    renderAt('/login');
    await user.type(userField(), 'admin');
    await user.type(passwordField(), 'secret');
    await user.click(submit());
    await waitFor(() => expect(submit()).toHaveAttribute('aria-busy', 'true'));
    expect(submit()).toBeDisabled();
    answer(reply(401, { statusCode: 401, result: { information: 'No', informationCode: 'R11' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No');
  });
});

describe('other public routes', () => {
  it.each([
    ['/resetpassword', 'Restablecer contraseña'],
    ['/ResetPassword', 'Restablecer contraseña'],
    ['/signin-credential/callback', '¡Lo sentimos!'],
    ['/selectaccounts', 'Seleccionar cuenta'],
    ['/invalid-link', 'Enlace no válido'],
    ['/availableapps', 'Aplicaciones disponibles'],
  ])('%s shows its screen', async (path, title) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
  });

  it('/logout ends the session and returns to /Login', async () => {
    sessionStore.signIn({ token: jwt({ given_name: 'a', exp: Math.floor(Date.now() / 1000) + 600 }) });
    renderAt('/logout');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("/logout revokes the refresh token, clears the session and shows 'Sesión finalizada exitosamente'", async () => {
    sessionStore.signIn({
      token: jwt({ unique_name: 'ada', given_name: 'a', exp: Math.floor(Date.now() / 1000) + 600 }),
      refreshToken: 'refresh-9',
    });
    const bodies: unknown[] = [];
    let answer: (response: Response) => void = () => undefined;
    const sent = mockApi(async ({ request }) => {
      bodies.push(await request.clone().json());
      return new Promise<Response>((resolve) => (answer = resolve));
    }, signInApi);
    renderAt('/logout');
    expect(await screen.findByRole('status')).toHaveTextContent('Signing out ...');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].method).toBe('PUT');
    expect(new URL(sent[0].url).pathname).toBe('/api/login/RevokeToken');
    expect(bodies[0]).toEqual({ UserName: 'ada', Quantity: 1, AppName: 'ibuhoo', RefreshToken: 'refresh-9' });
    expect(localStorage.getItem('token')).not.toBeNull();
    answer(
      reply(200, { statusCode: 200, result: { information: '/login', informationCode: 'A10', message: 'Sesión finalizada exitosamente' } }),
    );
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByText('Sesión finalizada exitosamente')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });

  it("/logout-credential signs out in the application's own look (its sign-in logo), then returns to /Login", async () => {
    sessionStore.signIn({
      token: jwt({ unique_name: 'ada', given_name: 'a', exp: Math.floor(Date.now() / 1000) + 600 }),
      refreshToken: 'refresh-7',
    });
    let answer: (response: Response) => void = () => undefined;
    const sent = mockApi(() => new Promise<Response>((resolve) => (answer = resolve)), signInApi);
    const { container } = renderAt('/logout-credential');
    expect(await screen.findByRole('status')).toHaveTextContent('Signing out ...');
    expect(container.querySelector('[data-screen="logout-credential"]')).not.toBeNull();
    expect(container.querySelector('img[data-logo="signIn"]')).toHaveAttribute('src', DEFAULT_PROFILE.logos.signIn);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(new URL(sent[0].url).pathname).toBe('/api/login/RevokeToken');
    answer(
      reply(200, { statusCode: 200, result: { information: '/login', informationCode: 'A10', message: 'Sesión finalizada exitosamente' } }),
    );
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByText('Sesión finalizada exitosamente')).toBeInTheDocument();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('/alert shows the message of its navigation state and Aceptar goes to its page', async () => {
    const user = userEvent.setup();
    renderAt('/alert', { message: 'Su clave se encuentra venciada debe realizar el cambio.', page: '/changepassword' });
    expect(screen.getByText('Su clave se encuentra venciada debe realizar el cambio.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('change password screen')).toBeInTheDocument();
  });

  it('/alert without a message goes to /Login', async () => {
    renderAt('/alert');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });

  it('/absent tells the visitor they have been away and links to /Login', async () => {
    renderAt('/absent');
    expect(await screen.findByRole('heading', { name: 'Has estado ausente' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/Login');
  });
});
