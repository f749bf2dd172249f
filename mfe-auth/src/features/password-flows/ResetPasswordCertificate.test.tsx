import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reply } from '@suite/shared/testing';
import { TYPES, firmaya, numberField, ok, typeSelect, beforeEachCertificateWorld } from '../../certificateTesting';
import { mockApi, renderAt } from '../../testHarness';
import { ResetPasswordCertificate } from './ResetPasswordCertificate';

// typing through several forms takes long on a busy machine
jest.setTimeout(30_000);

beforeEachCertificateWorld();
afterEach(() => {
  jest.restoreAllMocks();
});

describe('/resetpasswordCertificate', () => {
  const ACCOUNTS = {
    statusCode: 200,
    result: {
      accounts: [
        { username: 'cert.ana', email: 'ana*********@demo.suite.test', assignManualPassword: false },
        { username: 'cert.ana.empresa', email: 'ana*********@demo.suite.test', assignManualPassword: true },
      ],
    },
  };

  async function pickAccount(user: ReturnType<typeof userEvent.setup>, name: string) {
    await screen.findByRole('option', { name: 'CC - Cédula de ciudadanía' });
    await user.selectOptions(typeSelect(), '1');
    await user.type(numberField(), '52111222');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await user.click(await screen.findByRole('radio', { name: new RegExp(`^${name.replace(/\./g, '\\.')} `) }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
  }

  it('resets by code: code step, resend step with the masked e-mail, then the success text and Entendido', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'documentType/GetDocumentTypesLogin': ok(TYPES),
      'login/GetExistsUsersAccount': ok(ACCOUNTS),
      'user/send-otp-user': ok({
        statusCode: 200,
        result: { information: 'Se envió un código de verificación al correo.', informationCode: 'A10' },
      }),
      'user/validate-otp-user': ok({ statusCode: 200, result: { information: 'ok', informationCode: 'A10' } }),
    });
    renderAt('/resetpasswordCertificate', undefined, firmaya);
    expect(screen.getByRole('button', { name: 'Buscar' })).toBeDisabled();
    await pickAccount(user, 'cert.ana');
    expect(await screen.findByRole('heading', { name: 'Código de verificación' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'user/send-otp-user')?.body).toMatchObject({ UserName: 'cert.ana', appname: 'firmaya' });

    await user.type(screen.getByLabelText('Código'), '12a');
    await user.tab();
    expect(await screen.findByText('Ingresa un código numérico de 6 caracteres.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'no has recibido el email?' }));
    expect(screen.getByText('Enviaremos un nuevo código de verificación a', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('ana*********@demo.suite.test')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(calls.filter((c) => c.path === 'user/send-otp-user')).toHaveLength(2);

    await user.type(await screen.findByLabelText('Código'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(
      await screen.findByText('Tu contraseña fue restablecida. Ingresa con la contraseña asignada inicialmente al certificado.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'user/validate-otp-user')?.body).toMatchObject({ UserName: 'cert.ana', OtpCode: '123456' });
    await user.click(screen.getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent(/^\/login$/i));
  });

  it('requests the reset link at once for an account whose password was assigned by hand', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'documentType/GetDocumentTypesLogin': ok(TYPES),
      'login/GetExistsUsersAccount': ok(ACCOUNTS),
      'login/resetPasswordCertificateUser': ok({
        statusCode: 200,
        result: { information: 'Se envió un correo con el enlace para restablecer la contraseña.', informationCode: 'A10' },
      }),
    });
    renderAt('/resetpasswordCertificate', undefined, firmaya);
    await pickAccount(user, 'cert.ana.empresa');
    await waitFor(() => expect(calls.some((c) => c.path === 'login/resetPasswordCertificateUser')).toBe(true));
    expect(calls.some((c) => c.path === 'user/send-otp-user')).toBe(false);
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent(/\/alert|\/check-email/));
  });

  it('shows the server message of a failed reset and reloads after 3000 ms', async () => {
    const user = userEvent.setup();
    mockApi({
      'documentType/GetDocumentTypesLogin': ok(TYPES),
      'login/GetExistsUsersAccount': ok(ACCOUNTS),
      'user/send-otp-user': () =>
        reply(429, {
          statusCode: 429,
          result: { information: 'Demasiadas solicitudes. Intente de nuevo en unos segundos.', informationCode: 'R429' },
        }),
    });
    const reload = jest.fn();
    const { render } = await import('@testing-library/react');
    const { AppProviders } = await import('@suite/shared');
    const { MemoryRouter } = await import('react-router-dom');
    jest.spyOn(globalThis, 'setTimeout');
    render(
      <AppProviders>
        <MemoryRouter>
          <ResetPasswordCertificate reload={reload} />
        </MemoryRouter>
      </AppProviders>,
    );
    await pickAccount(user, 'cert.ana');
    expect(await screen.findByText('Demasiadas solicitudes. Intente de nuevo en unos segundos.')).toBeInTheDocument();
    expect(setTimeout).toHaveBeenCalledWith(reload, 3000);
  });
});
