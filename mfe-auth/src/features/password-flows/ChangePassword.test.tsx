import { changeLanguage, sessionStore } from '@suite/shared';
import { decryptPayload, encryptPayload } from '@suite/shared/crypto';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readPasswordLink } from './ChangePassword';
import { jwt, reply } from '@suite/shared/testing';
import { mockApi, renderAt, resetWorld, type Call } from '../../testHarness';

// the captcha's stand-in (components/__mocks__/AltchaWidget.tsx)
jest.mock('../../components/AltchaWidget');

beforeEach(() => resetWorld('ibuhoo'));
afterEach(async () => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  await changeLanguage('es');
});

const location = () => screen.getByLabelText('location').textContent;
const state = () => JSON.parse(screen.getByLabelText('state').textContent ?? 'null');
const link = (payload: unknown) => `/changepassword?${encodeURIComponent(encryptPayload(JSON.stringify(payload), 'k'))}`;
const STRONG = 'Clave#2024';

const tokenFor = (user: string) => jwt({ unique_name: user, nameid: user, exp: Math.floor(Date.now() / 1000) + 3600 });

async function fill(user: ReturnType<typeof userEvent.setup>, newPassword: string, confirm: string) {
  await user.type(screen.getByLabelText('Nueva contraseña'), newPassword);
  await user.type(screen.getByLabelText('Confirmar contraseña'), confirm);
}

describe('readPasswordLink', () => {
  it('reads the payload and refuses empty or undecodable links', () => {
    const cipher = encodeURIComponent(encryptPayload(JSON.stringify({ user: 'ana', token: 't', isUserActivation: true }), 'k'));
    expect(readPasswordLink(`?${cipher}`, 'k', decryptPayload)).toEqual({
      ok: true,
      payload: { user: 'ana', token: 't', tenantLanguage: undefined, isUserActivation: true },
    });
    expect(readPasswordLink('', 'k', decryptPayload)).toEqual({ ok: false, message: 'El enlace no es válido' });
    expect(readPasswordLink('?garbage', 'k', decryptPayload)).toEqual({ ok: false, message: 'Error al procesar el enlace' });
    expect(readPasswordLink('?%E0%A4%A', 'k', decryptPayload)).toEqual({ ok: false, message: 'Error al procesar el enlace' });
  });
});

describe('/changepassword from a link', () => {
  it.each([
    ['/changepassword', 'El enlace no es válido'],
    ['/changepassword?no-es-un-cifrado', 'Error al procesar el enlace'],
  ])('%s goes to /Alert with %s and return page /Login', async (path, message) => {
    const user = userEvent.setup();
    mockApi({});
    renderAt(path);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(location()).toBe('/Alert');
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(location()).toBe('/Login');
  });

  it('titles create for an activation and change otherwise; shows the user name', () => {
    mockApi({});
    const { unmount } = renderAt(link({ user: 'ana', token: 't', isUserActivation: true }));
    expect(screen.getByRole('heading', { name: 'Crear contraseña' })).toBeInTheDocument();
    expect(screen.getByText('ana')).toBeInTheDocument();
    unmount();
    renderAt(link({ user: 'ana', token: 't', isUserActivation: false }));
    expect(screen.getByRole('heading', { name: 'Cambiar contraseña' })).toBeInTheDocument();
  });

  it("follows the link's tenant language (texts and contract messages translated)", async () => {
    const user = userEvent.setup();
    mockApi({});
    renderAt(link({ user: 'ana', token: 't', tenantLanguage: 'EN', isUserActivation: true }));
    expect(await screen.findByRole('heading', { name: 'Create password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.type(screen.getByLabelText('Confirm password'), 'abd');
    expect(screen.getByText('The password does not meet the minimum security level required.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
  });

  it('live checklist, show/hide toggles, mismatch and strength messages, button disabled while a field is empty', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderAt(link({ user: 'ana', token: 't', isUserActivation: false }));
    const button = screen.getByRole('button', { name: 'Restablecer' });
    expect(button).toBeDisabled();
    const rules = screen.getByRole('list', { name: 'Requisitos de la contraseña' });
    expect(rules.querySelectorAll('[data-met="true"]')).toHaveLength(1); // only "allowed characters" holds for ''
    await user.type(screen.getByLabelText('Nueva contraseña'), 'abc');
    expect(screen.getByText('La contraseña no cumple con el nivel mínimo de seguridad requerida.')).toBeInTheDocument();
    expect(screen.getByText('Al menos una letra minúscula', { exact: false }).closest('li')).toHaveAttribute('data-met', 'true');
    expect(screen.getByText('Al menos una letra mayúscula', { exact: false }).closest('li')).toHaveAttribute('data-met', 'false');
    expect(button).toBeDisabled();
    await user.clear(screen.getByLabelText('Nueva contraseña'));
    await fill(user, STRONG, 'Clave#2025');
    expect(rules.querySelectorAll('[data-met="true"]')).toHaveLength(6);
    expect(screen.getByText('Las contraseñas no coinciden.')).toBeInTheDocument();
    expect(button).toBeEnabled();
    const field = screen.getByLabelText('Nueva contraseña');
    expect(field).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostrar nueva contraseña' }));
    expect(field).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Ocultar nueva contraseña' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(button);
    expect(screen.getByRole('alert')).toHaveTextContent('Las contraseñas no coinciden.');
  });

  function assignBody(calls: Call[]) {
    return calls.find((c) => c.path === 'login/AssignPassword')?.body as Record<string, unknown>;
  }

  it('apps returned → /availableapps with the message, apps and user data; the password goes encrypted', async () => {
    const user = userEvent.setup();
    const apps = [{ name: 'ibuhoo', title: 'Ibuhoo', urlApp: 'https://ibuhoo.example', landing: 'https://ibuhoo.example/home' }];
    const calls = mockApi({
      'login/AssignPassword': () =>
        reply(200, { statusCode: 200, result: { information: 'Contraseña creada', apps, mechanismAfterSetPass: 2 } }),
    });
    renderAt(link({ user: 'ana', token: 'tok', isUserActivation: true }));
    await fill(user, STRONG, STRONG);
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));
    expect(await screen.findByRole('heading', { name: 'Aplicaciones disponibles' })).toBeInTheDocument();
    const body = assignBody(calls);
    expect(body).toMatchObject({ user: 'ana', token: 'tok', appname: 'ibuhoo', isUserActivation: true });
    expect(decryptPayload(body.password as string, 'k')).toBe(STRONG);
    expect(state()).toMatchObject({
      message: 'Contraseña creada',
      apps,
      mechanismAfterSetPass: 2,
      userData: { user: 'ana', password: STRONG },
    });
  });

  it('mechanismAfterSetPass 1 → the alert, then sign-in on accept', async () => {
    const user = userEvent.setup();
    mockApi({
      'login/AssignPassword': () =>
        reply(200, { statusCode: 200, result: { information: 'Contraseña actualizada', apps: [], mechanismAfterSetPass: 1 } }),
    });
    renderAt(link({ user: 'ana', token: 'tok', isUserActivation: false }));
    await fill(user, STRONG, STRONG);
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));
    expect(await screen.findByText('Contraseña actualizada')).toBeInTheDocument();
    expect(location()).toBe('/alert');
    expect(screen.getByText('Serás redirigido en 5 segundos.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(location()).toBe('/Login');
  });

  it('mechanismAfterSetPass 1 → the alert goes to sign-in by itself after its countdown', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    mockApi({
      'login/AssignPassword': () =>
        reply(200, { statusCode: 200, result: { information: 'Contraseña creada', apps: [], mechanismAfterSetPass: 1 } }),
    });
    renderAt(link({ user: 'ana', token: 'tok', isUserActivation: true }));
    await fill(user, STRONG, STRONG);
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));
    expect(await screen.findByText('Contraseña creada')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.getByText('Serás redirigido en 1 segundo.')).toBeInTheDocument();
    expect(location()).toBe('/alert');
    act(() => jest.advanceTimersByTime(1000));
    expect(location()).toBe('/Login');
    jest.useRealTimers();
  });

  it('otherwise → dialog, then automatic sign-in (POST /api/Login) and the application', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'login/AssignPassword': () =>
        reply(200, { statusCode: 200, result: { information: 'Contraseña creada', apps: [], mechanismAfterSetPass: 2 } }),
      Login: () =>
        reply(200, {
          statusCode: 200,
          result: { token: tokenFor('ana'), refreshToken: 'r', urlApp: '/users', information: 'Ingreso exitoso', informationCode: 'A10' },
        }),
    });
    renderAt(link({ user: 'ana', token: 'tok', isUserActivation: true }));
    await fill(user, STRONG, STRONG);
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));
    await user.click(await screen.findByRole('button', { name: 'Aceptar' }));
    await screen.findByText('/users');
    const login = calls.find((c) => c.path === 'Login')?.body as Record<string, unknown>;
    expect(login).toMatchObject({ user: 'ana', appname: 'ibuhoo', TypeDeviceId: 2 });
    expect(decryptPayload(login.password as string, 'k')).toBe(STRONG);
    expect(sessionStore.getState().refreshToken).toBe('r');
  });

  it('an expired activation link (R32) → /resendemail in the activation-time-expired state with the re-send prompt', async () => {
    const user = userEvent.setup();
    mockApi({
      'login/AssignPassword': () =>
        reply(410, {
          statusCode: 410,
          result: {
            information: 'El enlace ha expirado. Solicite uno nuevo.',
            informationCode: 'R32',
            email: 'ana@example.com',
            user: 'ana',
          },
        }),
    });
    renderAt(link({ user: 'ana', token: 'tok', isUserActivation: true }));
    await fill(user, STRONG, STRONG);
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));
    expect(await screen.findByRole('heading', { name: 'El tiempo de activación expiró' })).toBeInTheDocument();
    expect(location()).toBe('/resendemail');
    expect(state()).toMatchObject({ messageType: 'ACTIVATION_TIME_EXPIRED', email: 'ana@example.com', user: 'ana' });
    expect(screen.getByText('El enlace ha expirado. Solicite uno nuevo.')).toBeInTheDocument();
    expect(screen.getByText('¿Deseas que te enviemos un nuevo email de activación?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reenviar email de activación' })).toBeEnabled();
  });

  it('a used activation link (R31) → /resendemail with INVALID_LINK, the e-mail and the user', async () => {
    const user = userEvent.setup();
    mockApi({
      'login/AssignPassword': () =>
        reply(400, {
          statusCode: 400,
          result: { information: 'El enlace no es válido.', informationCode: 'R31', email: 'ana@example.com', user: 'ana' },
        }),
    });
    renderAt(link({ user: 'ana', token: 'tok', isUserActivation: true }));
    await fill(user, STRONG, STRONG);
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));
    expect(await screen.findByRole('heading', { name: 'El enlace no es válido' })).toBeInTheDocument();
    expect(state()).toMatchObject({ messageType: 'INVALID_LINK', email: 'ana@example.com', user: 'ana' });
    expect(screen.queryByText('¿Deseas que te enviemos un nuevo email de activación?')).not.toBeInTheDocument();
  });

  it('a used or expired reset link → /invalid-link asking for the e-mail, with the server message', async () => {
    const user = userEvent.setup();
    mockApi({
      'login/AssignPassword': () =>
        reply(400, {
          statusCode: 400,
          result: { information: 'El enlace no es válido.', informationCode: 'R31', user: 'ana', email: 'ana@example.com' },
        }),
    });
    renderAt(link({ user: 'ana', token: 'tok', isUserActivation: false }));
    await fill(user, STRONG, STRONG);
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));
    expect(await screen.findByRole('heading', { name: 'Enlace no válido' })).toBeInTheDocument();
    expect(location()).toBe('/invalid-link');
    expect(screen.getByText('El enlace no es válido.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('other refusals show result.information', async () => {
    const user = userEvent.setup();
    mockApi({
      'login/AssignPassword': () =>
        reply(400, { statusCode: 400, result: { information: 'La contraseña ya fue utilizada anteriormente.', informationCode: 'R33' } }),
    });
    renderAt(link({ user: 'ana', token: 'tok', isUserActivation: false }));
    await fill(user, STRONG, STRONG);
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La contraseña ya fue utilizada anteriormente.');
    expect(location()).toBe('/changepassword');
  });
});

describe('expired password (R18)', () => {
  it('sign-in R18 → alert → change form → ChangePassword → sign-in with a success message', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      Login: () =>
        reply(403, {
          statusCode: 403,
          result: { information: 'Su clave se encuentra venciada debe realizar el cambio.', informationCode: 'R18' },
        }),
      'login/ChangePassword': () => reply(200, { statusCode: 200, result: { information: 'ok' } }),
    });
    renderAt('/login');
    await user.type(screen.getByLabelText('Usuario', { exact: true }), 'ana');
    await user.type(screen.getByLabelText('Contraseña', { exact: true }), 'Vieja#2020');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Su clave se encuentra venciada debe realizar el cambio.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByRole('heading', { name: 'Cambiar contraseña' })).toBeInTheDocument();
    expect(screen.getByLabelText('Usuario')).toHaveValue('ana');
    const button = screen.getByRole('button', { name: 'Restablecer' });
    await fill(user, STRONG, STRONG);
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Contraseña actual'), 'Vieja#2020');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await screen.findByText('Tu contraseña fue actualizada exitosamente.')).toBeInTheDocument();
    expect(location()).toBe('/Login');
    const body = calls.find((c) => c.path === 'login/ChangePassword')?.body as Record<string, string>;
    expect(body).toMatchObject({ user: 'ana', appname: 'ibuhoo' });
    expect(decryptPayload(body.password, 'k')).toBe('Vieja#2020');
    expect(decryptPayload(body.newpassword, 'k')).toBe(STRONG);
  });

  it('asks for the captcha when the application does, sends it, and asks again after a refusal', async () => {
    const user = userEvent.setup();
    const calls = mockApi(
      {
        'login/ChangePassword': () =>
          reply(401, { statusCode: 401, result: { information: 'Usuario o contraseña incorrectos.', informationCode: 'R11' } }),
      },
      { GetParametersApp: { parameters: [{ name: 'captchaApply', value: 'true', type: 'boolean' }] } },
    );
    renderAt('/changepassword', { messageType: 'PASSWORD_EXPIRED', user: 'ana' });
    await user.type(screen.getByLabelText('Contraseña actual'), 'Vieja#2020');
    await fill(user, STRONG, STRONG);
    const button = screen.getByRole('button', { name: 'Restablecer' });
    expect(await screen.findByText('Por favor valida que no eres un robot')).toBeInTheDocument();
    expect(button).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: 'solve captcha' }));
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuario o contraseña incorrectos.');
    expect(calls.find((c) => c.path === 'login/ChangePassword')?.body).toMatchObject({ user: 'ana', tokenCaptcha: 'solved-payload' });
    // the attempt spent the solution
    expect(screen.getByRole('button', { name: 'Restablecer' })).toBeDisabled();
  });

  it('a refused change shows the server message', async () => {
    const user = userEvent.setup();
    mockApi({
      'login/ChangePassword': () =>
        reply(401, { statusCode: 401, result: { information: 'Usuario o contraseña incorrectos.', informationCode: 'R11' } }),
    });
    renderAt('/changepassword', { messageType: 'PASSWORD_EXPIRED', user: 'ana' });
    await user.type(screen.getByLabelText('Contraseña actual'), 'x');
    await fill(user, STRONG, STRONG);
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuario o contraseña incorrectos.');
  });
});
