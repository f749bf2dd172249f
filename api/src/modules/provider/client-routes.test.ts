import type { Kysely } from 'kysely';
import * as client from 'openid-client';
import { FALLBACK_APP, PROVIDER_CLIENT_MESSAGES, providerClientsApi } from '@suite/shared/contracts';
import { ADMIN_PASSWORD, auditedChanges, createUser, describeEachBackend, json, tokenFor } from '../../../test/harness';
import { Browser, relyingParty } from '../../../test/relying-party';
import type { DB } from '../../db/schema';

const PASSWORD = 'Clients.Reader2026';

/** Everything a refused write must leave as it was. */
async function snapshot(db: Kysely<DB>): Promise<string> {
  const clients = await db.selectFrom('oidc_clients').selectAll().orderBy('client_id').execute();
  return JSON.stringify({ clients, audit: await auditedChanges(db) });
}

describeEachBackend("the applications console's OpenID clients", (server) => {
  const app = () => server().app;
  const { discover, authorization } = relyingParty(app);
  let admin: string;
  let reader: string;
  let consoleId: number;
  let otherId: number;

  const call = (
    e: { method: string; path: string },
    token: string | null,
    input: { payload?: unknown; headers?: Record<string, string> } = {},
  ) =>
    app().inject({
      method: e.method as 'GET' | 'POST',
      url: e.path,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...input.headers },
      payload: input.payload as Record<string, unknown> | undefined,
    });
  const save = (payload: Record<string, unknown>, token = admin) => call(providerClientsApi.save, token, { payload });
  const list = async (id: number) =>
    json(await call(providerClientsApi.list, admin, { headers: { idApplication: String(id) } })).result.clients as { clientId: string }[];

  /** Whether the token endpoint accepts the client's authentication (a made-up refresh token is then invalid_grant). */
  const authenticates = async (clientId: string, secret: string) => {
    const config = await discover(clientId, secret);
    const error = await client
      .refreshTokenGrant(config, 'not-a-refresh-token')
      .catch((e: unknown) => e as { error?: string; status?: number });
    return (error as { error?: string }).error === 'invalid_grant';
  };

  const web = {
    clientId: 'crm-web',
    clientType: 'confidential',
    redirectUris: ['https://crm.suite.example/callback'],
    scopes: ['openid', 'profile'],
  };

  beforeAll(async () => {
    const { db } = server();
    admin = await tokenFor(app(), 'admin', ADMIN_PASSWORD);
    await createUser(db, { userName: 'clients.reader', password: PASSWORD, privileges: ['APPS_READ'] });
    reader = await tokenFor(app(), 'clients.reader', PASSWORD);
    consoleId = (await db.selectFrom('applications').select('id').where('name', '=', FALLBACK_APP).executeTakeFirstOrThrow()).id;
    otherId = (await db.selectFrom('applications').select('id').where('name', '=', 'firmaya').executeTakeFirstOrThrow()).id;
  });

  it('needs APPS_READ to read and APPS_WRITE to change', async () => {
    const before = await snapshot(server().db);
    expect((await call(providerClientsApi.list, null, { headers: { idApplication: String(consoleId) } })).statusCode).toBe(401);
    expect((await call(providerClientsApi.list, reader, { headers: { idApplication: String(consoleId) } })).statusCode).toBe(200);
    expect((await save({ idApplication: consoleId, ...web }, reader)).statusCode).toBe(403);
    expect(await snapshot(server().db)).toBe(before);
  });

  it('creates a confidential client with a secret shown once, which the provider accepts; a rotation replaces it at once', async () => {
    const created = await save({ idApplication: consoleId, ...web });
    expect(created.statusCode).toBe(200);
    expect(created.headers['cache-control']).toBe('no-store');
    const { result } = json(created);
    expect(result).toMatchObject({
      information: PROVIDER_CLIENT_MESSAGES.created,
      client: { clientId: 'crm-web', clientType: 'confidential' },
    });
    expect(result.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // never shown again, never stored as it is
    expect(JSON.stringify(await list(consoleId))).not.toContain(result.secret);
    const stored = await server()
      .db.selectFrom('oidc_clients')
      .select('secret_hash')
      .where('client_id', '=', 'crm-web')
      .executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(result.secret);
    expect(await authenticates('crm-web', result.secret)).toBe(true);
    expect(await authenticates('crm-web', 'guess')).toBe(false);

    // a change keeps the secret
    const changed = await save({ idApplication: consoleId, ...web, redirectUris: ['https://crm.suite.example/cb'] });
    expect(json(changed).result.secret).toBeUndefined();
    expect(await authenticates('crm-web', result.secret)).toBe(true);

    const rotated = json(
      await call(providerClientsApi.rotateSecret, admin, { payload: { idApplication: consoleId, clientId: 'crm-web' } }),
    ).result;
    expect(rotated.secret).not.toBe(result.secret);
    expect(await authenticates('crm-web', result.secret)).toBe(false);
    expect(await authenticates('crm-web', rotated.secret)).toBe(true);

    const audit = await server()
      .db.selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', 'like', 'application.client.%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'application.client.create',
      'application.client.modify',
      'application.client.rotateSecret',
    ]);
    expect(JSON.stringify(audit)).not.toContain(result.secret);
  });

  it('refuses bad addresses, scopes and ids with a message, and changes nothing', async () => {
    const before = await snapshot(server().db);
    const refusal = async (payload: Record<string, unknown>, status: number, message: string) => {
      const response = await save({ idApplication: consoleId, ...web, clientId: 'crm-bad', ...payload });
      expect(response.statusCode).toBe(status);
      expect(json(response).result.information).toContain(message);
    };
    await refusal({ redirectUris: ['http://crm.suite.example/callback'] }, 400, PROVIDER_CLIENT_MESSAGES.addressInvalid);
    await refusal({ redirectUris: ['https://crm.suite.example/callback#x'] }, 400, PROVIDER_CLIENT_MESSAGES.addressInvalid);
    await refusal({ redirectUris: ['https://user:pw@crm.suite.example/'] }, 400, PROVIDER_CLIENT_MESSAGES.addressInvalid);
    await refusal({ redirectUris: [] }, 400, PROVIDER_CLIENT_MESSAGES.redirectRequired);
    await refusal({ scopes: ['profile'] }, 400, PROVIDER_CLIENT_MESSAGES.openidRequired);
    await refusal({ clientId: 'crm web' }, 400, PROVIDER_CLIENT_MESSAGES.clientIdInvalid);
    await refusal({ backchannelLogoutUri: 'ftp://crm.suite.example/' }, 400, PROVIDER_CLIENT_MESSAGES.addressInvalid);
    // another application's client id
    const other = await save({ idApplication: otherId, ...web });
    expect(other.statusCode).toBe(409);
    expect(json(other).result.information).toBe(PROVIDER_CLIENT_MESSAGES.clientTaken);
    expect(await snapshot(server().db)).toBe(before);

    // a public client has no secret to rotate
    const publicClient = await save({
      idApplication: consoleId,
      ...web,
      clientId: 'crm-native',
      clientType: 'public',
      redirectUris: ['http://127.0.0.1/cb'],
    });
    expect(json(publicClient).result.secret).toBeUndefined();
    const noSecret = await call(providerClientsApi.rotateSecret, admin, { payload: { idApplication: consoleId, clientId: 'crm-native' } });
    expect(noSecret.statusCode).toBe(400);
    expect(json(noSecret).result.information).toBe(PROVIDER_CLIENT_MESSAGES.noSecret);
    await call(providerClientsApi.remove, admin, { payload: { idApplication: consoleId, clientId: 'crm-native' } });
    const clients = await server().db.selectFrom('oidc_clients').select('client_id').orderBy('client_id').execute();
    expect(clients.map((c) => c.client_id)).toEqual(['crm-web']);
  });

  it('removes a client: the provider no longer knows it', async () => {
    const config = await discover('crm-web');
    const removed = await call(providerClientsApi.remove, admin, { payload: { idApplication: consoleId, clientId: 'crm-web' } });
    expect(json(removed).result.information).toBe(PROVIDER_CLIENT_MESSAGES.removed);
    expect(await list(consoleId)).toEqual([]);
    const request = await authorization(config, 'https://crm.suite.example/cb');
    expect((await new Browser(app).follow(request.url.toString())).status).toBe(400);
    const again = await call(providerClientsApi.remove, admin, { payload: { idApplication: consoleId, clientId: 'crm-web' } });
    expect(again.statusCode).toBe(404);
  });
});
