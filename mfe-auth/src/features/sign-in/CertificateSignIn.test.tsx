import { decryptPayload } from '@suite/shared/crypto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reply } from '@suite/shared/testing';
import { TYPES, firmaya, numberField, ok, typeSelect, beforeEachCertificateWorld } from '../../certificateTesting';
import { mockApi, renderAt } from '../../testHarness';

// typing through several forms takes long on a busy machine
jest.setTimeout(30_000);

beforeEachCertificateWorld();
afterEach(() => {
  jest.restoreAllMocks();
});

describe('certificate sign-in', () => {
  it('shows document type, number and certificate password, and enables Ingresar only when valid', async () => {
    const user = userEvent.setup();
    mockApi({ 'documentType/GetDocumentTypesLogin': ok(TYPES) });
    renderAt('/login', undefined, firmaya);
    expect(await screen.findByRole('option', { name: 'CC - Cédula de ciudadanía' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Usuario', { exact: true })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Olvidé mi contraseña' })).toHaveAttribute('href', '/resetpasswordCertificate');
    const submit = screen.getByRole('button', { name: 'Ingresar' });
    expect(submit).toBeDisabled();

    await user.selectOptions(typeSelect(), '1');
    await user.type(numberField(), '12a4');
    await user.tab();
    expect(await screen.findByText('El campo debe ser numérico, mínimo 5 caracteres.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Contraseña del certificado'), 'Secret.1');
    expect(submit).toBeDisabled();

    await user.selectOptions(typeSelect(), '5');
    expect(await screen.findByText('El campo debe ser alfanumérico, mínimo 5 caracteres.')).toBeInTheDocument();
    await user.type(numberField(), 'B');
    expect(submit).toBeEnabled();
  });

  it('sends the document and the encrypted password, and follows urlApp 2 seconds after success', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'documentType/GetDocumentTypesLogin': ok(TYPES),
      'login/LoginCertificate': ok({
        statusCode: 200,
        result: {
          information: 'Ingreso exitoso',
          informationCode: 'A10',
          token: 'x.eyJ1bmlxdWVfbmFtZSI6ImMiLCJleHAiOjk5OTk5OTk5OTl9.y',
          refreshToken: 'r',
          urlApp: '/users',
        },
      }),
    });
    renderAt('/login', undefined, firmaya);
    await screen.findByRole('option', { name: 'CC - Cédula de ciudadanía' });
    await user.selectOptions(typeSelect(), '1');
    await user.type(numberField(), '52111222');
    await user.type(screen.getByLabelText('Contraseña del certificado'), 'Secret.1');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'login/LoginCertificate')).toBe(true));
    const body = calls.find((c) => c.path === 'login/LoginCertificate')!.body;
    expect(body).toMatchObject({ documentType: 1, documentNumber: '52111222', appname: 'firmaya' });
    expect(decryptPayload(body.password as string, 'k')).toBe('Secret.1');
    // signed in, but the page waits 2 s before following urlApp
    await waitFor(() => expect(localStorage.getItem('refreshToken')).toBe('r'));
    const signedAt = Date.now();
    expect(screen.getByLabelText('location')).toHaveTextContent('/login');
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent('/users'), { timeout: 5000 });
    expect(Date.now() - signedAt).toBeGreaterThanOrEqual(1500);
  });

  it('shows the sign-in outcome of a refusal (attempts left)', async () => {
    const user = userEvent.setup();
    mockApi({
      'documentType/GetDocumentTypesLogin': ok(TYPES),
      'login/LoginCertificate': () =>
        reply(401, {
          statusCode: 401,
          result: {
            information: 'Usuario o contraseña incorrectos.',
            informationCode: 'R11',
            failedLoginInformation: { failedAttempts: 1, lockTime: 0 },
          },
        }),
    });
    renderAt('/login', undefined, firmaya);
    await screen.findByRole('option', { name: 'CC - Cédula de ciudadanía' });
    await user.selectOptions(typeSelect(), '1');
    await user.type(numberField(), '99999999');
    await user.type(screen.getByLabelText('Contraseña del certificado'), 'Wrong.1');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Usuario o contraseña incorrectos.')).toBeInTheDocument();
    expect(screen.getByText('Le quedan dos intentos más.')).toBeInTheDocument();
  });
});
