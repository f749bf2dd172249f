import { FACTOR_MESSAGES, INFORMATION_CODES, pageLocation, sessionStore } from '@suite/shared';
import { PASSKEY_REQUEST_OPTIONS, installPasskeys, jwt, reply } from '@suite/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt, resetWorld } from '../../testHarness';

const PASSKEY_ON = { GetParametersApp: { parameters: [{ name: 'passkeySignIn', value: 'true', type: 'boolean' }] } };
const APP_URL = 'https://app.suite.example/home';
const token = jwt({ unique_name: 'ada', exp: Math.floor(Date.now() / 1000) + 3600 });
const options = () => reply(200, { statusCode: 200, result: { options: PASSKEY_REQUEST_OPTIONS } });

let passkeys: ReturnType<typeof installPasskeys>;
beforeEach(() => {
  resetWorld('ibuhoo');
  passkeys = installPasskeys();
});
afterEach(() => {
  passkeys.uninstall();
  jest.restoreAllMocks();
});

describe("'Ingresar con llave de acceso'", () => {
  it('where the application allows it, signs in with the passkey the person picks, no user name typed', async () => {
    const assign = jest.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    const calls = mockApi(
      {
        'Login/Passkey/Options': options,
        'Login/Passkey': () =>
          reply(200, { statusCode: 200, result: { information: 'ok', informationCode: 'A10', token, refreshToken: 'r', urlApp: APP_URL } }),
      },
      PASSKEY_ON,
    );
    renderAt('/Login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ingresar con llave de acceso' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(APP_URL));
    expect(sessionStore.isAuthenticated()).toBe(true);
    expect(calls.find((c) => c.path === 'Login/Passkey/Options')?.body).toEqual({ appname: 'ibuhoo' });
    expect(calls.find((c) => c.path === 'Login/Passkey')?.body).toMatchObject({
      appname: 'ibuhoo',
      passkey: { id: 'Y3JlZC1pZA', rawId: 'Y3JlZC1pZA', type: 'public-key' },
      idSessionTab: expect.stringMatching(/^\d{16}$/),
    });
  });

  it('a cancelled prompt or a refused passkey is said in the form, and nothing is signed in', async () => {
    passkeys.cancelNext();
    mockApi(
      {
        'Login/Passkey/Options': options,
        'Login/Passkey': () =>
          reply(401, {
            statusCode: 401,
            result: { information: FACTOR_MESSAGES.passkeyUnknown, informationCode: INFORMATION_CODES.badCredentials },
          }),
      },
      PASSKEY_ON,
    );
    renderAt('/Login');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Ingresar con llave de acceso' });
    await user.click(button);
    expect(await screen.findByText(FACTOR_MESSAGES.passkeyCancelled)).toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByText(FACTOR_MESSAGES.passkeyUnknown)).toBeInTheDocument();
    expect(sessionStore.isAuthenticated()).toBe(false);
  });

  it('is not offered where the application does not allow it, nor in a browser without passkeys', async () => {
    mockApi({});
    const first = renderAt('/Login');
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ingresar con llave de acceso' })).not.toBeInTheDocument();
    first.unmount();

    passkeys.uninstall();
    mockApi({}, PASSKEY_ON);
    renderAt('/Login');
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Ingresar con llave de acceso' })).not.toBeInTheDocument();
  });
});
