import { pageLocation } from '@suite/shared';
import { decryptPayload } from '@suite/shared/crypto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { newTab } from './AvailableApps';
import { jwt, reply } from '@suite/shared/testing';
import { mockApi, renderAt, resetWorld } from '../../testHarness';

beforeEach(() => resetWorld('ibuhoo'));
afterEach(() => jest.restoreAllMocks());

const apps = [
  { name: 'ibuhoo', title: 'Ibuhoo', urlApp: 'https://ibuhoo.example', landing: 'https://ibuhoo.example/landing' },
  { name: 'nomina', title: 'Nómina', urlApp: 'https://nomina.example', landing: 'https://nomina.example/landing' },
];
const userData = { appName: 'ibuhoo', user: 'ana', password: 'Clave#2024' };

const tokenFor = (user: string) => jwt({ unique_name: user, exp: Math.floor(Date.now() / 1000) + 3600 });

describe('/availableapps', () => {
  it("without user data: 'No hay información del usuario.'", () => {
    mockApi({});
    renderAt('/availableapps');
    expect(screen.getByRole('alert')).toHaveTextContent('No hay información del usuario.');
  });

  it('shows the message and a grid of the applications', () => {
    mockApi({});
    renderAt('/availableapps', { message: 'Contraseña creada', apps, mechanismAfterSetPass: 2, userData });
    expect(screen.getByText('Contraseña creada')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Nómina' })).toBeInTheDocument();
  });

  it('mechanismAfterSetPass 1: opens the landing in a new tab', async () => {
    const user = userEvent.setup();
    const open = jest.spyOn(newTab, 'open').mockImplementation(() => undefined);
    const calls = mockApi({});
    renderAt('/availableapps', { apps, mechanismAfterSetPass: 1, userData });
    await user.click(screen.getByRole('button', { name: 'Nómina' }));
    expect(open).toHaveBeenCalledWith('https://nomina.example/landing');
    expect(calls.some((c) => c.path === 'Login')).toBe(false);
  });

  it('otherwise: requests a token for that application and goes there', async () => {
    const user = userEvent.setup();
    const assign = jest.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    const calls = mockApi({
      Login: () =>
        reply(200, { statusCode: 200, result: { token: tokenFor('ana'), refreshToken: 'r', urlApp: 'https://nomina.example/home' } }),
    });
    renderAt('/availableapps', { apps, mechanismAfterSetPass: 2, userData });
    await user.click(screen.getByRole('button', { name: 'Nómina' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://nomina.example/home'));
    const body = calls.find((c) => c.path === 'Login')?.body as Record<string, string>;
    expect(body).toMatchObject({ user: 'ana', appname: 'nomina' });
    expect(decryptPayload(body.password, 'k')).toBe('Clave#2024');
  });

  it('a refused token request shows the server message', async () => {
    const user = userEvent.setup();
    mockApi({
      Login: () => reply(403, { statusCode: 403, result: { information: 'La aplicación se encuentra inactiva.', informationCode: 'R21' } }),
    });
    renderAt('/availableapps', { apps, mechanismAfterSetPass: 2, userData });
    await user.click(screen.getByRole('button', { name: 'Nómina' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La aplicación se encuentra inactiva.');
  });
});
