import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { decodeJwt } from 'jose';
import { MESSAGES } from '@suite/shared/contracts';
import { encryptPayload } from '@suite/shared/crypto';
import { createServer, type Server } from '../../app';
import { createUser, describeEachBackend, json, login, startTestServer } from '../../../test/harness';

const PASSWORD = 'S3ssion.Pass-word';

async function signIn(app: FastifyInstance, user: string, appname: string) {
  const reply = await login(app, user, PASSWORD, appname);
  if (reply.statusCode !== 200) throw new Error(`sign-in failed: ${reply.body}`);
  return json(reply).result as { token: string; refreshToken: string };
}

const sidOf = (token: string) => decodeJwt(token).sid as string;

function refresh(app: FastifyInstance, refreshToken: string, user: string, appname: string) {
  return app.inject({
    method: 'POST',
    url: '/api/Login/RefreshToken',
    payload: { RefreshToken: refreshToken, UserName: user, Appname: appname },
  });
}

function validateSession(app: FastifyInstance, token: string | undefined, connectionId: string | undefined) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (connectionId !== undefined) headers.connectionid = connectionId;
  return app.inject({ method: 'POST', url: '/api/user/validatesession', headers });
}

/** Resolves with the first message the callback gets, or rejects after `ms`. */
function nextMessage(ms = 5000): { promise: Promise<string>; resolve: (m: string) => void } {
  let resolve!: (m: string) => void;
  const promise = new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`no ReceiveSessionStatus within ${ms} ms`)), ms);
    resolve = (m) => {
      clearTimeout(timer);
      res(m);
    };
  });
  promise.catch(() => undefined);
  return { promise, resolve };
}

async function listen(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}/api/connections/session`;
}

function hubClient(url: string): HubConnection {
  return new HubConnectionBuilder().withUrl(url, { transport: HttpTransportType.WebSockets }).configureLogging(LogLevel.None).build();
}

/** Signs in, connects the official SignalR client and binds it to the session. */
async function connectedSession(app: FastifyInstance, hubUrl: string, user: string, appname: string, clients: HubConnection[]) {
  const tokens = await signIn(app, user, appname);
  const client = hubClient(hubUrl);
  clients.push(client);
  const received = nextMessage();
  client.on('ReceiveSessionStatus', (message: string) => received.resolve(message));
  await client.start();
  const connectionId = await client.invoke<string>('GetConnectionId');
  const bound = await validateSession(app, tokens.token, connectionId);
  expect(bound.statusCode).toBe(200);
  return { tokens, client, connectionId, received };
}

describeEachBackend('session concurrency and the session hub', (server) => {
  let n = 0;
  const clients: HubConnection[] = [];

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.stop()));
  });

  async function newUser(): Promise<string> {
    const name = `session.user${++n}`;
    await createUser(server().db, { userName: name, password: PASSWORD });
    return name;
  }

  async function policy(
    app: string,
    values: { is_concurrent_session: boolean; max_concurrent_tokens: number; max_concurrent_tokens_by_user: number },
  ) {
    await server().db.updateTable('applications').set(values).where('name', '=', app).execute();
  }

  async function liveSessions(user: string, app: string): Promise<string[]> {
    const rows = await server()
      .db.selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('applications as a', 'a.id', 's.application_id')
      .select('s.id')
      .where('u.user_name', '=', user)
      .where('a.name', '=', app)
      .where('s.revoked_at', 'is', null)
      .execute();
    return rows.map((r) => r.id);
  }

  it('revokes the oldest session when a user exceeds maxConcurrentTokensByUser; its tokens stop working', async () => {
    const { app, db } = server();
    await policy('biometria', { is_concurrent_session: true, max_concurrent_tokens: -1, max_concurrent_tokens_by_user: 2 });
    const user = await newUser();
    const s1 = await signIn(app, user, 'biometria');
    const s2 = await signIn(app, user, 'biometria');
    expect((await liveSessions(user, 'biometria')).sort()).toEqual([sidOf(s1.token), sidOf(s2.token)].sort());
    const s3 = await signIn(app, user, 'biometria');
    expect((await liveSessions(user, 'biometria')).sort()).toEqual([sidOf(s2.token), sidOf(s3.token)].sort());
    const revoked = await db.selectFrom('sessions').selectAll().where('id', '=', sidOf(s1.token)).executeTakeFirstOrThrow();
    expect(revoked.revoked_reason).toBe('concurrency');

    expect(json(await refresh(app, s1.refreshToken, user, 'biometria')).result.informationCode).toBe('R101');
    const validation = await app.inject({ method: 'GET', url: '/api/login/TokenValidation', headers: { user, token: s1.token } });
    expect(validation.statusCode).toBe(401);
    expect((await refresh(app, s3.refreshToken, user, 'biometria')).statusCode).toBe(200);
  });

  it('applies maxConcurrentTokens to the whole application, other users included; off when isConcurrentSession is false', async () => {
    const { app } = server();
    await policy('confronta', { is_concurrent_session: true, max_concurrent_tokens: 2, max_concurrent_tokens_by_user: -1 });
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    await signIn(app, a, 'confronta');
    await signIn(app, b, 'confronta');
    await signIn(app, c, 'confronta');
    expect(await liveSessions(a, 'confronta')).toEqual([]);
    expect(await liveSessions(b, 'confronta')).toHaveLength(1);
    expect(await liveSessions(c, 'confronta')).toHaveLength(1);

    await policy('confronta', { is_concurrent_session: false, max_concurrent_tokens: 1, max_concurrent_tokens_by_user: 1 });
    for (let i = 0; i < 3; i++) await signIn(app, a, 'confronta');
    expect(await liveSessions(a, 'confronta')).toHaveLength(3);
  });

  it('converges on the limit when sign-ins arrive in parallel', async () => {
    const { app } = server();
    await policy('letmicert', { is_concurrent_session: true, max_concurrent_tokens: -1, max_concurrent_tokens_by_user: 1 });
    const user = await newUser();
    const replies = await Promise.all(Array.from({ length: 5 }, () => login(app, user, PASSWORD, 'letmicert')));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(await liveSessions(user, 'letmicert')).toHaveLength(1);
  });

  it('tells the revoked session in real time: the official SignalR client receives ReceiveSessionStatus', async () => {
    const { app } = server();
    await policy('myselfcert', { is_concurrent_session: true, max_concurrent_tokens: -1, max_concurrent_tokens_by_user: 1 });
    const user = await newUser();
    const hubUrl = await listen(app);
    const first = await connectedSession(app, hubUrl, user, 'myselfcert', clients);
    expect(app.ctx.hub.bindingOf(first.connectionId)).toEqual({ sessionId: sidOf(first.tokens.token), userId: expect.any(String) });

    await signIn(app, user, 'myselfcert'); // a second device
    expect(await first.received.promise).toBe(MESSAGES.sessionReplaced);
    // another user's sign-in on an application-wide limit says so
    await policy('myselfcert', { is_concurrent_session: true, max_concurrent_tokens: 1, max_concurrent_tokens_by_user: -1 });
    const other = await newUser();
    const second = await connectedSession(app, hubUrl, other, 'myselfcert', clients);
    await signIn(app, await newUser(), 'myselfcert');
    expect(await second.received.promise).toBe(MESSAGES.sessionLimitReached);
  }, 20_000);

  it('a changed password ends every session of the user and tells them in real time', async () => {
    const { app } = server();
    const user = await newUser();
    const hubUrl = await listen(app);
    const live = await connectedSession(app, hubUrl, user, 'bemyself', clients);
    const key = app.ctx.payloadKey;
    const changed = await app.inject({
      method: 'POST',
      url: '/api/login/ChangePassword',
      payload: { user, password: encryptPayload(PASSWORD, key), newpassword: encryptPayload('Ch4nged.Pass', key), appname: 'bemyself' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await live.received.promise).toBe(MESSAGES.sessionPasswordChanged);
    expect(json(await refresh(app, live.tokens.refreshToken, user, 'bemyself')).result.informationCode).toBe('R101');
  }, 20_000);

  it("binds a connection only to the caller's own live session", async () => {
    const { app } = server();
    const hubUrl = await listen(app);
    const user = await newUser();
    const other = await newUser();
    const mine = await connectedSession(app, hubUrl, user, 'bemyself', clients);
    const theirs = await signIn(app, other, 'bemyself');

    expect((await validateSession(app, undefined, mine.connectionId)).statusCode).toBe(401);
    const missing = await validateSession(app, mine.tokens.token, undefined);
    expect(missing.statusCode).toBe(400);
    expect(json(missing).result.informationCode).toBe('R400');
    const unknown = await validateSession(app, mine.tokens.token, 'no-such-connection');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).result).toEqual({ information: MESSAGES.connectionUnknown, informationCode: 'R404' });
    // someone else cannot take over the connection
    expect((await validateSession(app, theirs.token, mine.connectionId)).statusCode).toBe(403);
    expect(app.ctx.hub.bindingOf(mine.connectionId)?.sessionId).toBe(sidOf(mine.tokens.token));

    // a revoked session cannot bind
    await app.inject({
      method: 'PUT',
      url: '/api/login/RevokeToken',
      payload: { UserName: user, Quantity: 1, AppName: 'bemyself', RefreshToken: mine.tokens.refreshToken },
    });
    expect((await validateSession(app, mine.tokens.token, mine.connectionId)).statusCode).toBe(401);
  }, 20_000);
});

const PG = Boolean(process.env.DATABASE_URL);

(PG ? describe : describe.skip)('revocation through a second API instance on the same PostgreSQL', () => {
  it('pushes ReceiveSessionStatus to the client of instance A when a sign-in on instance B exceeds the limit', async () => {
    const a = await startTestServer('postgres');
    let b: Server | undefined;
    const clients: HubConnection[] = [];
    try {
      b = await createServer(a.config, { logger: false, onGeneratedAdminPassword: () => undefined });
      await a.db
        .updateTable('applications')
        .set({ is_concurrent_session: true, max_concurrent_tokens: -1, max_concurrent_tokens_by_user: 1 })
        .where('name', '=', 'biometria')
        .execute();
      await createUser(a.db, { userName: 'two.instances', password: PASSWORD });
      const hubUrl = await listen(a.app);
      const onA = await connectedSession(a.app, hubUrl, 'two.instances', 'biometria', clients);
      // A has seen the session live (cached)
      const validate = () =>
        a.app.inject({ method: 'GET', url: '/api/login/TokenValidation', headers: { user: 'two.instances', token: onA.tokens.token } });
      expect((await validate()).statusCode).toBe(200);

      await signIn(b.app, 'two.instances', 'biometria');
      expect(await onA.received.promise).toBe(MESSAGES.sessionReplaced);
      // A's cached answer ended with the push, without waiting for the cache time
      expect((await validate()).statusCode).toBe(401);
    } finally {
      await Promise.all(clients.map((c) => c.stop()));
      await b?.app.close();
      await a.dispose();
    }
  }, 30_000);
});
