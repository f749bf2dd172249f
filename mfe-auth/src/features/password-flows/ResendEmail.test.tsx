import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reply } from '@suite/shared/testing';
import { mockApi, renderAt, resetWorld } from '../../testHarness';

beforeEach(() => resetWorld('ibuhoo'));
afterEach(() => jest.restoreAllMocks());

describe('/resendemail', () => {
  it('without state goes to /Login', () => {
    mockApi({});
    renderAt('/resendemail');
    expect(screen.getByLabelText('location')).toHaveTextContent('/Login');
  });

  it('INVALID_LINK: the masked e-mail; resending calls SendUserActivationEmail and shows statusDetails[0]', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'user/SendUserActivationEmail': () =>
        reply(200, { statusCode: 200, result: {}, statusDetails: [{ code: 'A10', description: 'Se envió el correo de activación.' }] }),
    });
    renderAt('/resendemail', { messageType: 'INVALID_LINK', email: 'juan.perez@example.com', user: 'juan' });
    expect(screen.getByRole('heading', { name: 'El enlace no es válido' })).toBeInTheDocument();
    expect(screen.getByText('jua*******@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reenviar email de activación' }));
    expect(await screen.findByText('Se envió el correo de activación.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'user/SendUserActivationEmail')?.body).toEqual({ user: 'juan', appname: 'ibuhoo' });
    expect(screen.getByRole('button', { name: 'Reenviar email de activación' })).toBeDisabled();
  });

  it('a refused resend shows the server message', async () => {
    const user = userEvent.setup();
    mockApi({
      'user/SendUserActivationEmail': () =>
        reply(429, { statusCode: 429, result: { information: 'Demasiadas solicitudes.', informationCode: 'R429' } }),
    });
    renderAt('/resendemail', { user: 'juan' });
    expect(screen.getByRole('heading', { name: 'El tiempo de activación expiró' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reenviar email de activación' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiadas solicitudes.');
  });
});
