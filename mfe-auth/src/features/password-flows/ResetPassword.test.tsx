import { DEFAULT_PROFILE, changeLanguage } from '@suite/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reply } from '@suite/shared/testing';
import { mockApi, renderAt, resetWorld } from '../../testHarness';

const ok = (result: unknown) => () => reply(200, { statusCode: 200, result });

beforeEach(() => resetWorld('bemyself', { emailSentRoute: '/check-email' }));
afterEach(async () => {
  jest.restoreAllMocks();
  await act(() => changeLanguage('es'));
});

const location = () => screen.getByLabelText('location').textContent;
const state = () => JSON.parse(screen.getByLabelText('state').textContent ?? 'null');

async function submitEmail(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));
}

describe('/resetpassword', () => {
  it('enables Restablecer contraseña only for a valid e-mail and shows the documented messages', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderAt('/resetpassword');
    expect(screen.getByRole('heading', { name: 'Restablecer contraseña' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Restablecer contraseña' });
    expect(button).toBeDisabled();
    const field = screen.getByLabelText('Email');
    await user.type(field, 'ana@example');
    expect(await screen.findByText('El formato de email ingresado no es válido. Inténtalo de nuevo.')).toBeInTheDocument();
    expect(button).toBeDisabled();
    await user.type(field, '.technology');
    expect(button).toBeDisabled();
    await user.clear(field);
    expect(await screen.findByText('El Campo email es obligatorio')).toBeInTheDocument();
    await user.type(field, 'ana@example.com');
    expect(button).toBeEnabled();
  });

  it('the newer (myself-style) look says Enviar and Ingresa un email valido; other looks keep their wording', async () => {
    const user = userEvent.setup();
    mockApi({});
    const { unmount } = renderAt('/resetpassword', undefined, { ...DEFAULT_PROFILE, app: 'bemyself', signInVariant: 'myself' });
    expect(screen.queryByRole('button', { name: 'Restablecer contraseña' })).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Enviar' });
    expect(button).toBeDisabled();
    const field = screen.getByLabelText('Email');
    await user.type(field, 'a');
    await user.clear(field);
    expect(await screen.findByText('Ingresa un email valido')).toBeInTheDocument();
    expect(screen.queryByText('El Campo email es obligatorio')).not.toBeInTheDocument();
    await user.type(field, 'ana@example');
    expect(await screen.findByText('El formato de email ingresado no es válido. Inténtalo de nuevo.')).toBeInTheDocument();
    await user.type(field, '.com');
    expect(button).toBeEnabled();
    await act(() => changeLanguage('en'));
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    unmount();
  });

  it('one account: sends the reset and shows /check-email with the masked e-mail (check-email applications)', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'login/GetUsersResetPassword': ok({ users: [{ username: 'ana', email: '***na@example.com', assignManualPassword: false }] }),
      'login/ResetPassword': ok({ information: 'Correo enviado', maskedEmail: '***na@example.com' }),
    });
    renderAt('/resetpassword');
    await submitEmail(user, 'ana@example.com');
    expect(await screen.findByRole('heading', { name: '¡Revisa tu email!' })).toBeInTheDocument();
    expect(screen.getByTestId('masked-email')).toHaveTextContent('***na@example.com');
    expect(calls.find((c) => c.path === 'login/GetUsersResetPassword')?.body).toEqual({ email: 'ana@example.com', appname: 'bemyself' });
    expect(calls.find((c) => c.path === 'login/ResetPassword')?.body).toMatchObject({ appname: 'bemyself', user: 'ana' });
  });

  it('one account in an application that uses the alert: /alert with the server information', async () => {
    resetWorld('ibuhoo');
    const user = userEvent.setup();
    mockApi({
      'login/GetUsersResetPassword': ok({ users: [{ username: 'ana', email: '***na@example.com', assignManualPassword: false }] }),
      'login/ResetPassword': ok({ information: 'Te enviamos un correo a ***na@example.com', maskedEmail: '***na@example.com' }),
    });
    renderAt('/resetpassword');
    await submitEmail(user, 'ana@example.com');
    expect(await screen.findByText('Te enviamos un correo a ***na@example.com')).toBeInTheDocument();
    expect(location()).toBe('/alert');
  });

  it('several accounts: /selectaccounts with the list', async () => {
    const user = userEvent.setup();
    const users = [
      { username: 'ana', email: '***na@example.com', assignManualPassword: false },
      { username: 'ana2', email: '***na@example.com', assignManualPassword: false },
    ];
    mockApi({ 'login/GetUsersResetPassword': ok({ users }) });
    renderAt('/resetpassword');
    await submitEmail(user, 'ana@example.com');
    expect(await screen.findByRole('heading', { name: 'Seleccionar cuenta' })).toBeInTheDocument();
    expect(location()).toBe('/selectaccounts');
    expect(screen.getByRole('radio', { name: 'ana' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'ana2' })).toBeInTheDocument();
    expect(sessionStorage.getItem('resetAccounts')).toContain('ana2');
  });

  it('no account (404): the server information under the field', async () => {
    const user = userEvent.setup();
    mockApi({
      'login/GetUsersResetPassword': () =>
        reply(404, { statusCode: 404, result: { information: 'No existe un usuario con ese email.', informationCode: 'R404' } }),
    });
    renderAt('/resetpassword');
    await submitEmail(user, 'nadie@example.com');
    const field = screen.getByLabelText('Email');
    expect(await screen.findByText('No existe un usuario con ese email.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(location()).toBe('/resetpassword');
  });

  it('another response code: its message in the error box', async () => {
    const user = userEvent.setup();
    mockApi({
      'login/GetUsersResetPassword': () =>
        reply(429, { statusCode: 429, result: { information: 'Demasiadas solicitudes.', informationCode: 'R429' } }),
    });
    renderAt('/resetpassword');
    await submitEmail(user, 'ana@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiadas solicitudes.');
  });

  it('shows the field messages in the page language', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderAt('/resetpassword');
    await act(() => changeLanguage('pt'));
    expect(screen.getByRole('heading', { name: 'Redefinir senha' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'ana@');
    expect(await screen.findByText('O formato do e-mail informado não é válido. Tente novamente.')).toBeInTheDocument();
  });

  it('Cancelar and the link go back to sign-in', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderAt('/resetpassword');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(location()).toBe('/Login');
  });
});

describe('/selectaccounts', () => {
  const users = [
    { username: 'ana', email: '***na@example.com', assignManualPassword: false },
    { username: 'ana2', email: '***na@example.com', assignManualPassword: false },
  ];

  it('restores the chosen account and goes to /check-email', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ 'login/ResetPassword': ok({ information: 'ok', maskedEmail: '***na@example.com' }) });
    renderAt('/selectaccounts', { email: 'ana@example.com', users });
    const button = screen.getByRole('button', { name: 'Restablecer contraseña' });
    expect(button).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'ana2' }));
    await user.click(button);
    expect(await screen.findByRole('heading', { name: '¡Revisa tu email!' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'login/ResetPassword')?.body).toMatchObject({ user: 'ana2' });
    expect(state()).toMatchObject({ user: 'ana2', maskedEmail: '***na@example.com' });
  });

  it('reads the stored list without navigation state; the link back clears it', async () => {
    const user = userEvent.setup();
    mockApi({});
    sessionStorage.setItem('resetAccounts', JSON.stringify({ email: 'ana@example.com', users }));
    renderAt('/selectaccounts');
    expect(screen.getByRole('radio', { name: 'ana' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Volver a iniciar sesión' }));
    expect(location()).toBe('/Login');
    expect(sessionStorage.getItem('resetAccounts')).toBeNull();
  });

  it("shows 'users not found' when the list is empty", () => {
    mockApi({});
    renderAt('/selectaccounts');
    expect(screen.getByText('No se encontraron usuarios.')).toBeInTheDocument();
  });
});

describe('/invalid-link', () => {
  it('asks for an e-mail to restart the reset', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'login/GetUsersResetPassword': ok({ users: [{ username: 'ana', email: '***na@example.com', assignManualPassword: false }] }),
      'login/ResetPassword': ok({ information: 'ok', maskedEmail: '***na@example.com' }),
    });
    renderAt('/invalid-link');
    expect(screen.getByRole('heading', { name: 'Enlace no válido' })).toBeInTheDocument();
    await submitEmail(user, 'ana@example.com');
    expect(await screen.findByRole('heading', { name: '¡Revisa tu email!' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'login/ResetPassword')?.body).toMatchObject({ user: 'ana', isInvalidLinkScreen: true });
  });
});
