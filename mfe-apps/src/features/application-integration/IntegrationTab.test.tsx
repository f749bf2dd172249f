import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROVIDER_CLIENT_MESSAGES, type ProviderClient } from '@suite/shared/console';
import type { ApiRoutes } from '@suite/shared/testing';
import { application, callsTo, cleanUpDialogs, renderAt, serve } from '../../testServer';

afterEach(cleanUpDialogs);

const crm = application(7, 'crm', { title: 'CRM' });
const native: ProviderClient = {
  clientId: 'crm-cli',
  clientType: 'public',
  redirectUris: ['http://127.0.0.1/callback'],
  postLogoutRedirectUris: [],
  scopes: ['openid', 'profile'],
  backchannelLogoutUri: null,
};
const SECRET = 'S3cr3t-shown-once_0123456789abcdefghijklmnopq';

function routes(overrides: ApiRoutes = {}): ApiRoutes {
  return {
    'GET /api/application/list': [200, { records: [crm], count: 1 }],
    'GET /api/application/clients': [200, { clients: [native] }],
    'POST /api/application/clients/save': [
      200,
      {
        information: PROVIDER_CLIENT_MESSAGES.created,
        informationCode: 'A10',
        client: { ...native, clientId: 'crm-web', clientType: 'confidential', redirectUris: ['https://crm.suite.example/cb'] },
        secret: SECRET,
      },
    ],
    ...overrides,
  };
}

type User = ReturnType<typeof userEvent.setup>;

async function openIntegration(user: User, { editing = true } = {}) {
  const calls = serve(routes());
  renderAt('/apps/7');
  await user.click(await screen.findByRole('tab', { name: 'Integración' }));
  await screen.findByText(/crm-cli/);
  if (editing) await user.click(screen.getByRole('button', { name: 'Editar' }));
  return calls;
}

describe('the Integración tab of an application', () => {
  it("lists the application's clients, read-only in detail mode", async () => {
    const user = userEvent.setup();
    const calls = await openIntegration(user, { editing: false });
    expect(callsTo(calls, '/api/application/clients')[0].headers.get('idApplication')).toBe('7');
    expect(screen.getByRole('textbox', { name: 'Direcciones de retorno (una por línea)' })).toHaveValue('http://127.0.0.1/callback');
    expect(screen.getByRole('button', { name: 'Agregar cliente' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Guardar cliente' })).toBeDisabled();
  });

  it("adds a confidential client: the contract's texts first, then the secret shown once", async () => {
    const user = userEvent.setup();
    const calls = await openIntegration(user);
    await user.click(screen.getByRole('button', { name: 'Agregar cliente' }));
    const ids = screen.getAllByRole('textbox', { name: 'Identificador del cliente' });
    await user.type(ids[ids.length - 1], 'crm-web');
    const redirects = screen.getAllByRole('textbox', { name: 'Direcciones de retorno (una por línea)' });
    await user.type(redirects[redirects.length - 1], 'http://crm.suite.example/cb');
    const saves = screen.getAllByRole('button', { name: 'Guardar cliente' });
    await user.click(saves[saves.length - 1]);
    expect(await screen.findByText(PROVIDER_CLIENT_MESSAGES.addressInvalid)).toBeInTheDocument();
    expect(callsTo(calls, '/api/application/clients/save')).toHaveLength(0);

    await user.clear(redirects[redirects.length - 1]);
    await user.type(redirects[redirects.length - 1], 'https://crm.suite.example/cb');
    await user.click(saves[saves.length - 1]);
    await waitFor(() => expect(callsTo(calls, '/api/application/clients/save')).toHaveLength(1));
    expect(callsTo(calls, '/api/application/clients/save')[0].body).toEqual({
      idApplication: 7,
      clientId: 'crm-web',
      clientType: 'confidential',
      redirectUris: ['https://crm.suite.example/cb'],
      postLogoutRedirectUris: [],
      scopes: ['openid', 'profile', 'email'],
      backchannelLogoutUri: null,
    });
    expect(await screen.findByRole('textbox', { name: 'Secreto del cliente crm-web' })).toHaveValue(SECRET);
    await user.click(screen.getByRole('button', { name: 'Ya lo guardé' }));
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });
});
