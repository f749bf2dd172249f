import { FACTOR_MESSAGES } from '@suite/shared';
import { PASSKEY_CREATION_OPTIONS, callsTo, cleanUpDialogs, installPasskeys, serve } from '@suite/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../user-card/testServer';

afterEach(cleanUpDialogs);

const factor = {
  id: '0b5f2c4e-8d1a-4c3e-9f2a-1b2c3d4e5f60',
  kind: 'totp',
  name: 'Teléfono',
  createdAt: '2026-11-01T10:00:00Z',
  lastUsedAt: null,
};
const setup = { id: 'f2', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr: 'data:image/svg+xml;base64,PHN2Zy8+' };
const codes = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb`);

describe('/security: a person’s own second factors', () => {
  it('lists the factors, and sets up an authenticator with the password again, its Clave and a first code', async () => {
    const user = userEvent.setup();
    let listed = 0;
    const calls = serve({
      'GET /api/account/factors': () => [
        200,
        listed++ === 0 ? { factors: [], recoveryCodesLeft: 0 } : { factors: [factor], recoveryCodesLeft: 10 },
      ],
      'POST /api/account/factors/totp': [200, setup],
      'POST /api/account/factors/totp/confirm': [200, { factor, recoveryCodes: codes }],
    });
    renderAt('/security');
    expect(await screen.findByRole('heading', { name: 'Seguridad', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(/Aún no tienes un segundo factor/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Configurar aplicación de autenticación' }));
    const panel = screen.getByRole('region', { name: 'Configurar aplicación de autenticación' });
    await user.type(within(panel).getByLabelText(/Contraseña/), 'Secret.2026');
    await user.click(within(panel).getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('img', { name: 'Código QR para la aplicación de autenticación' })).toBeInTheDocument();
    expect(screen.getByLabelText('Clave')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    const sent = callsTo(calls, '/api/account/factors/totp')[0].body as { password: string };
    expect(sent.password).not.toBe('Secret.2026');

    await user.clear(screen.getByLabelText(/Nombre/));
    await user.type(screen.getByLabelText(/Nombre/), 'Teléfono');
    await user.type(screen.getByLabelText(/Código de verificación/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('list', { name: 'Tus códigos de recuperación' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Tus códigos de recuperación' })).getAllByRole('listitem')).toHaveLength(10);
    expect(callsTo(calls, '/api/account/factors/totp/confirm').map((c) => c.body)).toEqual([
      { id: 'f2', code: '123456', name: 'Teléfono' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Ya los guardé' }));
    expect(await screen.findByRole('cell', { name: 'Teléfono' })).toBeInTheDocument();
    expect(screen.getByText('Te quedan 10 códigos de recuperación sin usar.')).toBeInTheDocument();
  });

  it('a wrong password says so and changes nothing', async () => {
    const user = userEvent.setup();
    const calls = serve({
      'GET /api/account/factors': [200, { factors: [factor], recoveryCodesLeft: 10 }],
      [`POST /api/account/factors/${factor.id}/remove`]: [401, { information: FACTOR_MESSAGES.passwordWrong, informationCode: 'R11' }],
    });
    renderAt('/security');
    await user.click(await screen.findByRole('button', { name: 'Quitar Teléfono' }));
    const panel = screen.getByRole('region', { name: 'Quitar Teléfono' });
    await user.type(within(panel).getByLabelText(/Contraseña/), 'not-it');
    await user.click(within(panel).getByRole('button', { name: 'Continuar' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(FACTOR_MESSAGES.passwordWrong);
    await waitFor(() => expect(callsTo(calls, `/api/account/factors/${factor.id}/remove`)).toHaveLength(1));
    expect(screen.getByRole('cell', { name: 'Teléfono' })).toBeInTheDocument();
  });

  it('adds a passkey: the password again, its name, the browser’s own prompt (tried again after a cancel), then the recovery codes', async () => {
    const user = userEvent.setup();
    const passkeys = installPasskeys();
    passkeys.cancelNext();
    const passkey = { ...factor, id: '1c6f3d5e-9e2b-4d4f-8a3b-2c3d4e5f6a71', kind: 'passkey', name: 'Portátil' };
    let listed = 0;
    const calls = serve({
      'GET /api/account/factors': () => [
        200,
        listed++ === 0 ? { factors: [], recoveryCodesLeft: 0 } : { factors: [passkey], recoveryCodesLeft: 10 },
      ],
      'POST /api/account/factors/passkey': [200, { options: PASSKEY_CREATION_OPTIONS }],
      'POST /api/account/factors/passkey/confirm': [200, { factor: passkey, recoveryCodes: codes }],
    });
    try {
      renderAt('/security');
      await user.click(await screen.findByRole('button', { name: 'Agregar llave de acceso' }));
      const panel = screen.getByRole('region', { name: 'Agregar llave de acceso' });
      await user.type(within(panel).getByLabelText(/Contraseña/), 'Secret.2026');
      await user.click(within(panel).getByRole('button', { name: 'Continuar' }));
      const create = await screen.findByRole('region', { name: 'Crea tu llave de acceso' });
      expect(within(create).getByLabelText(/Nombre/)).toHaveValue('Llave de acceso');
      await user.clear(within(create).getByLabelText(/Nombre/));
      await user.type(within(create).getByLabelText(/Nombre/), 'Portátil');
      await user.click(within(create).getByRole('button', { name: 'Crear llave de acceso' }));
      expect(await within(create).findByRole('alert')).toHaveTextContent(FACTOR_MESSAGES.passkeyCancelled);
      expect(callsTo(calls, '/api/account/factors/passkey/confirm')).toHaveLength(0);

      await user.click(within(create).getByRole('button', { name: 'Crear llave de acceso' }));
      expect(await screen.findByRole('list', { name: 'Tus códigos de recuperación' })).toBeInTheDocument();
      expect(passkeys.create).toHaveBeenCalledTimes(2);
      expect(callsTo(calls, '/api/account/factors/passkey/confirm').map((c) => c.body)).toEqual([
        { name: 'Portátil', passkey: expect.objectContaining({ id: 'Y3JlZC1pZA', type: 'public-key' }) },
      ]);
      await user.click(screen.getByRole('button', { name: 'Ya los guardé' }));
      expect(await screen.findByRole('cell', { name: 'Portátil' })).toBeInTheDocument();
      expect(screen.getByText('Se agregó la llave de acceso.')).toBeInTheDocument();
    } finally {
      passkeys.uninstall();
    }
  });
});
