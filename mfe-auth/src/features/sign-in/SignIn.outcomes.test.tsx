import {
  AppProviders,
  DEFAULT_PROFILE,
  ProfileProvider,
  pageLocation,
  resetRuntimeConfig,
  sessionStore,
  setRuntimeConfig,
  type PortalProfile,
} from '@suite/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import App from '../../App';
import { Where, mockApi, reply } from '@suite/shared/testing';

const refusal = (status: number, result: Record<string, unknown>) => () => reply(status, { statusCode: status, result });

function renderSignIn(profile: PortalProfile = DEFAULT_PROFILE) {
  return render(
    <AppProviders>
      <ProfileProvider profile={profile}>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route path="*" element={<App />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </ProfileProvider>
    </AppProviders>,
  );
}

async function attempt(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Usuario', { exact: true }), 'ada');
  await user.type(screen.getByLabelText('Contraseña', { exact: true }), 'wrong');
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.signOut();
  resetRuntimeConfig();
  setRuntimeConfig({ payloadKey: 'k', appName: 'ibuhoo', tenant: '' });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('sign-in outcomes', () => {
  it.each([
    [1, 'Le quedan dos intentos más.'],
    [2, 'Le queda un intento más.'],
  ])('R11 after %i failure(s): the message and the attempts left', async (failedAttempts, left) => {
    const user = userEvent.setup();
    mockApi(
      refusal(401, {
        information: 'Usuario o contraseña incorrectos.',
        informationCode: 'R11',
        failedLoginInformation: { failedAttempts, lockTime: 0 },
      }),
      { appData: true },
    );
    renderSignIn();
    await attempt(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Usuario o contraseña incorrectos.');
    expect(alert).toHaveTextContent(left);
  });

  it('R13: an mm:ss countdown from lockTime ticking each second, then the released text', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    mockApi(
      refusal(423, {
        information: 'El usuario se encuentra bloqueado temporalmente por superar el número de intentos permitidos.',
        informationCode: 'R13',
        failedLoginInformation: { failedAttempts: 3, lockTime: 62 },
      }),
      { appData: true },
    );
    renderSignIn();
    await attempt(user);
    const countdown = await screen.findByTestId('lock-countdown');
    expect(countdown).toHaveTextContent('01:02');
    expect(screen.getByRole('alert')).toHaveTextContent('bloqueado temporalmente');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByTestId('lock-countdown')).toHaveTextContent('01:01');
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByTestId('lock-countdown')).toHaveTextContent('00:59');
    act(() => jest.advanceTimersByTime(59_000));
    expect(screen.queryByTestId('lock-countdown')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('El usuario ya fue liberado por favor intente acceder de nuevo.');
  });

  it('A20 / isBlocked: the blocked text with the contact from the reply', async () => {
    const user = userEvent.setup();
    mockApi(
      refusal(403, {
        information: 'El usuario se encuentra bloqueado.',
        informationCode: 'A20',
        isBlocked: true,
        messageParameter: 'mesa@empresa.example',
      }),
      { appData: true },
    );
    renderSignIn();
    await attempt(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('El usuario se encuentra bloqueado.');
    expect(alert).toHaveTextContent('Para solucionarlo, comuníquese al mesa@empresa.example');
  });

  it('isBlocked without a contact in the reply: the application parameter', async () => {
    const user = userEvent.setup();
    mockApi(refusal(403, { information: 'x', informationCode: 'R403', isBlocked: true }), {
      appData: { GetParametersApp: { parameters: [{ name: 'supportContact', value: '"ayuda@suite.example"', type: 'string' }] } },
    });
    renderSignIn();
    await attempt(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Para solucionarlo, comuníquese al ayuda@suite.example');
  });

  it('R14: the alert screen with the welcome e-mail message; Aceptar returns to /Login', async () => {
    const user = userEvent.setup();
    mockApi(refusal(403, { information: '', informationCode: 'R14' }), { appData: true });
    renderSignIn();
    await attempt(user);
    expect(await screen.findByText('Por favor revise el correo de bienvenida para activar su cuenta.')).toBeInTheDocument();
    expect(screen.getByLabelText('location')).toHaveTextContent('/alert');
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByLabelText('location')).toHaveTextContent('/Login');
  });

  it('R18: the alert screen with the expired-password message, then the change-password page', async () => {
    const user = userEvent.setup();
    mockApi(
      refusal(403, {
        information: 'Su clave se encuentra venciada debe realizar el cambio.',
        informationCode: 'R18',
        urlApp: '/changepassword',
      }),
      { appData: true },
    );
    renderSignIn();
    await attempt(user);
    expect(await screen.findByText('Su clave se encuentra venciada debe realizar el cambio.')).toBeInTheDocument();
    expect(screen.getByLabelText('location')).toHaveTextContent('/alert');
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByLabelText('location')).toHaveTextContent('/changepassword');
  });

  it("R18: Aceptar opens the address the reply names (the application's own password page)", async () => {
    const user = userEvent.setup();
    mockApi(
      refusal(403, {
        information: 'Su clave se encuentra venciada debe realizar el cambio.',
        informationCode: 'R18',
        urlApp: 'https://firmaya.suite.example/cambio-de-clave',
      }),
      { appData: true },
    );
    const assign = jest.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    renderSignIn();
    await attempt(user);
    expect(await screen.findByText('Su clave se encuentra venciada debe realizar el cambio.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(assign).toHaveBeenCalledWith('https://firmaya.suite.example/cambio-de-clave');
  });

  it.each(['R21', 'R22', 'R23'])('%s: the server message', async (code) => {
    const user = userEvent.setup();
    mockApi(refusal(403, { information: `Mensaje del servidor ${code}`, informationCode: code }), { appData: true });
    renderSignIn();
    await attempt(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(`Mensaje del servidor ${code}`);
  });

  const withLinks = {
    GetParametersApp: { parameters: [{ name: 'buyUrl', value: '"https://product.suite.example/comprar"', type: 'string' }] },
    isFreeTrial: { isFreeTrial: true, urlFreeTrial: 'https://product.suite.example/prueba-gratis', codeFreeTrial: 'P-30' },
  };

  it('shows the buy link and Prueba Gratis where the profile offers them, and the version from the API', async () => {
    mockApi(() => reply(500, {}), { appData: withLinks });
    renderSignIn({ ...DEFAULT_PROFILE, showBuyLink: true, showFreeTrial: true });
    expect(await screen.findByRole('link', { name: 'Comprar' })).toHaveAttribute('href', 'https://product.suite.example/comprar');
    expect(await screen.findByRole('link', { name: 'Prueba Gratis' })).toHaveAttribute(
      'href',
      'https://product.suite.example/prueba-gratis',
    );
    expect(await screen.findByText('Versión 2.0.0')).toBeInTheDocument();
  });

  it.each([
    ['buy only', { showBuyLink: true, showFreeTrial: false }, ['Comprar'], ['Prueba Gratis']],
    ['free trial only', { showBuyLink: false, showFreeTrial: true }, ['Prueba Gratis'], ['Comprar']],
    ['neither', { showBuyLink: false, showFreeTrial: false }, [], ['Comprar', 'Prueba Gratis']],
  ])('the profile decides the links (%s) even when the application has both addresses', async (_case, flags, shown, hidden) => {
    mockApi(() => reply(500, {}), { appData: withLinks });
    renderSignIn({ ...DEFAULT_PROFILE, ...flags });
    expect(await screen.findByText('Versión 2.0.0')).toBeInTheDocument();
    for (const name of shown) expect(await screen.findByRole('link', { name })).toBeInTheDocument();
    for (const name of hidden) expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
  });

  it('shows neither link for an application without them', async () => {
    mockApi(() => reply(500, {}), { appData: true });
    renderSignIn();
    expect(await screen.findByText('Versión 2.0.0')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Comprar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Prueba Gratis' })).not.toBeInTheDocument();
  });
});
