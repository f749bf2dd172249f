import type { AddressInfo } from 'node:net';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { createServer } from '../../app';
import { ADMIN_PASSWORD, createPostgresDatabase, json, login, testConfig } from '../../../test/harness';

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

type Server = Awaited<ReturnType<typeof createServer>>;

/** The official client on `server`'s hub, WebSockets. */
async function hubClient(server: Server): Promise<HubConnection> {
  const port = (server.app.server.address() as AddressInfo).port;
  const connection = new HubConnectionBuilder()
    .withUrl(`http://127.0.0.1:${port}/api/connections/session`, { transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();
  await connection.start();
  return connection;
}

const bind = (server: Server, token: string, connectionId: string) =>
  server.app.inject({ method: 'POST', url: '/api/user/validatesession', headers: { authorization: `Bearer ${token}`, connectionId } });

onPostgres('binding a hub connection held by another instance', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: Server;
  let b: Server;
  const clients: HubConnection[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const config = testConfig({ databaseUrl: database.url });
    const options = { logger: false as const, onGeneratedAdminPassword: () => undefined };
    a = await createServer(config, options);
    b = await createServer(config, options);
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) await c.stop();
    await a.app.close();
    await b.app.close();
    await database.drop();
  });

  it('binds through the instance the call reached, and a push from there reaches the connection', async () => {
    const connection = await hubClient(a);
    clients.push(connection);
    const received = new Promise<string>((resolve) => connection.on('ReceiveSessionStatus', resolve));
    const signedIn = json(await login(b.app, 'admin', ADMIN_PASSWORD)).result as { token: string };
    const id = await connection.invoke<string>('GetConnectionId');

    const bound = await bind(b, signedIn.token, id);
    expect(bound.statusCode).toBe(200);
    expect(a.app.ctx.hub.bindingOf(id)).toMatchObject({ userId: expect.any(String) });

    // a push sent from b (a session ended there) reaches the connection a holds
    const sessionId = a.app.ctx.hub.bindingOf(id)?.sessionId as string;
    await b.app.ctx.sessions.push([sessionId], 'Sesión finalizada');
    const timeout = new Promise<string>((_, reject) =>
      setTimeout(() => reject(new Error('no ReceiveSessionStatus within 5 s')), 5000).unref(),
    );
    await expect(Promise.race([received, timeout])).resolves.toEqual(expect.any(String));
  });

  it('refuses a connection no instance holds (404), and one another user holds (403), changing nothing', async () => {
    const signedIn = json(await login(b.app, 'admin', ADMIN_PASSWORD)).result as { token: string };
    const unknown = await bind(b, signedIn.token, 'no-such-connection');
    expect(unknown.statusCode).toBe(404);

    const connection = await hubClient(a);
    clients.push(connection);
    const id = await connection.invoke<string>('GetConnectionId');
    const someoneElse = { sessionId: '00000000-0000-0000-0000-000000000000', userId: '00000000-0000-0000-0000-000000000001' };
    expect(a.app.ctx.hub.bindConnection(id, someoneElse)).toBe(true);
    const refused = await bind(b, signedIn.token, id);
    expect(refused.statusCode).toBe(403);
    expect(a.app.ctx.hub.bindingOf(id)).toEqual(someoneElse);
  });
});
