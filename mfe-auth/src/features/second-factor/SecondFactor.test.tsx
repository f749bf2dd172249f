import { FACTOR_MESSAGES, INFORMATION_CODES, pageLocation, sessionStore } from '@suite/shared';
import { PASSKEY_REQUEST_OPTIONS, installPasskeys, jwt, reply } from '@suite/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt, resetWorld } from '../../testHarness';

beforeEach(() => resetWorld('ibuhoo'));
afterEach(() => jest.restoreAllMocks());

/** The application's address, on another origin: the browser goes there once the sign-in is done. */
const APP_URL = 'https://app.suite.example/home';
const leaving = () => jest.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);

const token = jwt({ unique_name: 'ada', exp: Math.floor(Date.now() / 1000) + 3600 });
const CHALLENGE = 'c'.repeat(43);
const step =
  (enrol = false, methods = ['totp', 'recovery']) =>
  () =>
    reply(200, {
      statusCode: 200,
      result: {
        information: 'Verifica que eres tú con tu segundo factor.',
        informationCode: INFORMATION_CODES.secondFactorRequired,
        secondFactor: { challenge: CHALLENGE, methods, enrol },
      },
    });
const signedIn =
  (extra: Record<string, unknown> = {}) =>
  () =>
    reply(200, {
      statusCode: 200,
      result: { information: 'ok', informationCode: 'A10', token, refreshToken: 'r', urlApp: APP_URL, ...extra },
    });

async function signInWithPassword() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Usuario', { exact: true }), 'ada');
  await user.type(screen.getByLabelText('Contraseña', { exact: true }), 'Secret.2026');
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
  return user;
}

describe('/verify: the second step of a sign-in', () => {
  it('asks for the authenticator code after the password: a wrong one says so, the right one signs in', async () => {
    const assign = leaving();
    let answers = 0;
    const calls = mockApi({
      Login: step(),
      'Login/SecondFactor': () =>
        ++answers === 1
          ? reply(401, {
              statusCode: 401,
              result: { information: FACTOR_MESSAGES.codeWrong, informationCode: INFORMATION_CODES.badCredentials },
            })
          : signedIn()(),
    });
    renderAt('/Login');
    const user = await signInWithPassword();
    expect(await screen.findByRole('heading', { name: 'Verificación en dos pasos' })).toBeInTheDocument();
    expect(sessionStore.isAuthenticated()).toBe(false);
    const code = screen.getByLabelText(/Código de verificación/);
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Ingresa los 6 dígitos del código.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'Login/SecondFactor')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FACTOR_MESSAGES.codeWrong);
    await user.type(screen.getByLabelText(/Código de verificación/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(APP_URL));
    expect(sessionStore.isAuthenticated()).toBe(true);
    expect(calls.filter((c) => c.path === 'Login/SecondFactor').map((c) => c.body)).toEqual([
      { challenge: CHALLENGE, code: '000000' },
      { challenge: CHALLENGE, code: '123456' },
    ]);
  });

  it('takes a recovery code instead', async () => {
    const assign = leaving();
    const calls = mockApi({ Login: step(), 'Login/SecondFactor': signedIn() });
    renderAt('/Login');
    const user = await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: 'Usar un código de recuperación' }));
    await user.type(screen.getByLabelText(/Código de recuperación/), 'k3f9a-2mx7q');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(APP_URL));
    expect(calls.find((c) => c.path === 'Login/SecondFactor')?.body).toEqual({ challenge: CHALLENGE, recoveryCode: 'k3f9a-2mx7q' });
  });

  it('where the application requires one, sets up an authenticator first and shows the recovery codes once', async () => {
    const assign = leaving();
    const codes = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb`);
    const calls = mockApi({
      Login: step(true, ['totp']),
      'Login/SecondFactor/Totp': () =>
        reply(200, {
          statusCode: 200,
          result: { id: 'f1', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr: 'data:image/svg+xml;base64,PHN2Zy8+' },
        }),
      'Login/SecondFactor': signedIn({ recoveryCodes: codes }),
    });
    renderAt('/Login');
    const user = await signInWithPassword();
    expect(await screen.findByRole('heading', { name: 'Configura tu aplicación de autenticación' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Código QR para la aplicación de autenticación' })).toBeInTheDocument();
    expect(screen.getByText('Clave')).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Código de verificación/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: 'Tus códigos de recuperación' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(assign).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Ya los guardé' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(APP_URL));
    // the new authenticator is named in the page's language
    expect(calls.find((c) => c.path === 'Login/SecondFactor/Totp')?.body).toEqual({
      challenge: CHALLENGE,
      name: 'Aplicación de autenticación',
    });
  });

  it('opened without a sign-in in progress, goes to the sign-in', async () => {
    mockApi({});
    renderAt('/verify');
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/Login'));
  });

  it('a person with a passkey is asked for it first; a cancelled prompt can be tried again, or a code used instead', async () => {
    const assign = leaving();
    const passkeys = installPasskeys();
    passkeys.cancelNext();
    const calls = mockApi({
      Login: step(false, ['totp', 'passkey', 'recovery']),
      'Login/SecondFactor/Passkey': () => reply(200, { statusCode: 200, result: { options: PASSKEY_REQUEST_OPTIONS } }),
      'Login/SecondFactor': signedIn(),
    });
    try {
      renderAt('/Login');
      const user = await signInWithPassword();
      expect(await screen.findByText(/Usa la llave de acceso que registraste/)).toBeInTheDocument();
      expect(screen.queryByLabelText(/Código de verificación/)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Usar el código de la aplicación' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Usar un código de recuperación' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Usar llave de acceso' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(FACTOR_MESSAGES.passkeyCancelled);
      expect(calls.filter((c) => c.path === 'Login/SecondFactor')).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Usar la llave de acceso de nuevo' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith(APP_URL));
      expect(passkeys.get).toHaveBeenCalledTimes(2);
      const answer = calls.find((c) => c.path === 'Login/SecondFactor')?.body as {
        challenge: string;
        passkey: { id: string; type: string };
      };
      expect(answer).toMatchObject({ challenge: CHALLENGE, passkey: { id: 'Y3JlZC1pZA', type: 'public-key' } });
      expect(calls.filter((c) => c.path === 'Login/SecondFactor/Passkey').map((c) => c.body)).toEqual([
        { challenge: CHALLENGE },
        { challenge: CHALLENGE },
      ]);
    } finally {
      passkeys.uninstall();
    }
  });
});
