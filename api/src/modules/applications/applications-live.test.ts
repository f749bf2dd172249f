import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { decodeJwt } from 'jose';
import { sql, type Kysely } from 'kysely';
import { FALLBACK_TITLE, MESSAGES, PORTAL_PROFILE_PATH, USER_STATE, type PasswordLinkPayload } from '@suite/shared/contracts';
import { decryptPayload, encryptPayload } from '@suite/shared/crypto';
import { createServer, type Server } from '../../app';
import type { DB } from '../../db/schema';
import { hashRefreshToken } from '../../security/tokens';
import { ADMIN_PASSWORD, apiCaller, createUser, describeEachBackend, json, login, startTestServer, tokenFor } from '../../../test/harness';
import { newApplicationForm } from '../../../test/application-form';

/**
 * Every setting of an application is live: each is changed only through
 * POST /api/application/modify, as the console does, and the very next request follows it.
 * Elapsed time is simulated by moving stored issue times back, never by writing a setting.
 */

const PASSWORD = 'L1ve.Setting-Pass';
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;

type ListedApplication = Record<string, unknown>;

/** A new application's form (defaults of the form: 30-minute tokens, no limits, one-day refresh). */
const applicationForm = (name: string) =>
  newApplicationForm(name, {
    title: `Portal ${name}`,
    urlApp: '/users',
    urlAssignPassword: `https://${name.toLowerCase()}.suite.example/changepassword`,
    landing: `https://${name.toLowerCase()}.suite.example/inicio`,
    description: 'Ajustes en vivo',
  });

/** The console's calls on one instance, as the admin. */
function consoleOf(app: () => FastifyInstance, token: () => string) {
  const call = apiCaller(() => ({ app: app() }), token);
  const record = async (name: string): Promise<ListedApplication> => {
    const records = json(await call('GET', '/api/application/list')).result.records as ListedApplication[];
    const found = records.find((r) => r.name === name);
    if (!found) throw new Error(`application ${name} is not listed`);
    return found;
  };
  return {
    call,
    record,
    async create(name: string): Promise<void> {
      const response = await call('POST', '/api/application/create', { payload: applicationForm(name) });
      expect([response.statusCode, response.body]).toEqual([200, expect.any(String)]);
    },
    /** Saves the listed application with `changes`, as the form (or the list's toggle) sends it. */
    async modify(name: string, changes: ListedApplication): Promise<void> {
      const response = await call('POST', '/api/application/modify', { payload: { ...(await record(name)), ...changes } });
      expect([response.statusCode, response.body]).toEqual([200, expect.any(String)]);
    },
    async selectors(): Promise<string[][]> {
      const names: string[][] = [];
      for (const url of ['/api/application/getApplicationsForAssignMenu', '/api/application/getApplicationsForAssignNotification']) {
        const response = await call('GET', url);
        expect(response.statusCode).toBe(200);
        names.push((json(response).result.records as { name: string }[]).map((r) => r.name));
      }
      return names;
    },
  };
}

interface Tokens {
  token: string;
  refreshToken: string;
}

async function signIn(app: FastifyInstance, user: string, appname: string): Promise<Tokens> {
  const reply = await login(app, user, PASSWORD, appname);
  if (reply.statusCode !== 200) throw new Error(`sign-in of ${user} in ${appname} failed: ${reply.statusCode} ${reply.body}`);
  return json(reply).result as Tokens;
}

function refresh(app: FastifyInstance, tokens: Tokens, user: string, appname: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/Login/RefreshToken',
    payload: { RefreshToken: tokens.refreshToken, UserName: user, Appname: appname },
  });
}

/** An access token's lifetime in seconds. */
const accessLifetime = (token: string) => {
  const claims = decodeJwt(token);
  return (claims.exp as number) - (claims.iat as number);
};

/** A stored refresh token's lifetime in seconds (expiry minus issue, both the database's clock). */
async function refreshLifetime(db: Kysely<DB>, refreshToken: string): Promise<number> {
  const { rows } = await sql<{ s: number }>`
    select extract(epoch from expires_at - created_at)::float8 as s from refresh_tokens where token_hash = ${hashRefreshToken(refreshToken)}`.execute(
    db,
  );
  return Number(rows[0]?.s);
}

/** Simulates `seconds` elapsed since a refresh token was issued. */
async function ageRefreshToken(db: Kysely<DB>, refreshToken: string, seconds: number): Promise<void> {
  await sql`
    update refresh_tokens set created_at = created_at - make_interval(secs => ${seconds}::int), expires_at = expires_at - make_interval(secs => ${seconds}::int)
     where token_hash = ${hashRefreshToken(refreshToken)}`.execute(db);
}

/** The newest password link mailed to `to`, its payload and its stored token's lifetime in seconds. */
async function lastLink(
  app: FastifyInstance,
  to: string,
): Promise<{ payload: PasswordLinkPayload; text: string; lifetime: number; tokenId: string }> {
  const mails = json(await app.inject({ method: 'GET', url: '/dev/mail.json' })) as { to: string; text: string; links: string[] }[];
  const mail = mails.find((m) => m.to === to);
  const link = mail?.links.find((l) => l.includes('/changepassword?'));
  if (!mail || !link) throw new Error(`no password link mailed to ${to}`);
  const payload = JSON.parse(
    decryptPayload(decodeURIComponent(link.slice(link.indexOf('?') + 1)), app.ctx.payloadKey) as string,
  ) as PasswordLinkPayload;
  const { rows } = await sql<{ id: string; s: number }>`
    select t.id::text as id, extract(epoch from t.expires_at - t.created_at)::float8 as s
      from password_tokens t join users u on u.id = t.user_id
     where lower(u.user_name) = ${payload.user.toLowerCase()} and t.used_at is null`.execute(app.ctx.db);
  expect(rows).toHaveLength(1);
  return { payload, text: mail.text, lifetime: Number(rows[0].s), tokenId: rows[0].id };
}

/** Simulates `seconds` elapsed since a link was issued. */
async function ageLink(db: Kysely<DB>, tokenId: string, seconds: number): Promise<void> {
  await sql`
    update password_tokens set created_at = created_at - make_interval(secs => ${seconds}::int), expires_at = expires_at - make_interval(secs => ${seconds}::int)
     where id = ${tokenId}::uuid`.execute(db);
}

function assignPassword(app: FastifyInstance, appname: string, payload: PasswordLinkPayload, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/login/AssignPassword',
    payload: {
      user: payload.user,
      token: payload.token,
      appname,
      password: encryptPayload(password, app.ctx.payloadKey),
      isUserActivation: payload.isUserActivation,
    },
  });
}

function changePassword(app: FastifyInstance, appname: string, user: string, password: string, newpassword: string) {
  const key = app.ctx.payloadKey;
  return app.inject({
    method: 'POST',
    url: '/api/login/ChangePassword',
    payload: { user, password: encryptPayload(password, key), newpassword: encryptPayload(newpassword, key), appname },
  });
}

const requestReset = (app: FastifyInstance, appname: string, user: string) =>
  app.inject({ method: 'POST', url: '/api/login/ResetPassword', payload: { appname, user } });

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

describeEachBackend('every application setting is live on the next request', (server) => {
  let admin: string;
  let n = 0;
  const clients: HubConnection[] = [];
  const consoleApi = consoleOf(
    () => server().app,
    () => admin,
  );

  beforeAll(async () => {
    admin = await tokenFor(server().app, 'admin', ADMIN_PASSWORD);
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.stop()));
  });

  /** A new application (created through the console) and a new active user with a password. */
  async function fixture(): Promise<{ appName: string; user: string; userId: string }> {
    const id = String(++n);
    const appName = `Vivo${id}`;
    await consoleApi.create(appName);
    const user = `live.user${id}`;
    const userId = await createUser(server().db, { userName: user, email: `${user}@example.com`, password: PASSWORD });
    return { appName, user, userId };
  }

  it('access-token lifetime: 25 hours make a 90000-second token on the next sign-in and refresh', async () => {
    const { app } = server();
    const { appName, user } = await fixture();
    const first = await signIn(app, user, appName);
    expect(accessLifetime(first.token)).toBe(30 * MINUTE);
    await consoleApi.modify(appName, { amountTime: 25, timeUnit: 2 });
    expect(accessLifetime((await signIn(app, user, appName)).token)).toBe(90_000);
    // a session begun before the change gets the new lifetime at its next refresh
    const refreshed = await refresh(app, first, user, appName);
    expect(refreshed.statusCode).toBe(200);
    expect(accessLifetime(json(refreshed).result.token)).toBe(90_000);
  });

  it('refresh-token expiry: the token issued after the change expires at the new time (7 minutes = 420 s, 25 hours = 90000 s)', async () => {
    const { app, db } = server();
    const { appName, user } = await fixture();
    const before = await signIn(app, user, appName);
    expect(await refreshLifetime(db, before.refreshToken)).toBe(DAY);

    await consoleApi.modify(appName, { refreshTokenExpirationAmountTime: 7, refreshTokenExpirationTimeUnit: 1 });
    const signedIn = await signIn(app, user, appName);
    expect(await refreshLifetime(db, signedIn.refreshToken)).toBe(7 * MINUTE);
    // within its 420 seconds it refreshes; the successor lives the setting in force then
    await consoleApi.modify(appName, { refreshTokenExpirationAmountTime: 25, refreshTokenExpirationTimeUnit: 2 });
    await ageRefreshToken(db, signedIn.refreshToken, 7 * MINUTE - 30);
    const rotated = await refresh(app, signedIn, user, appName);
    expect([rotated.statusCode, rotated.body]).toEqual([200, expect.any(String)]);
    const successor = json(rotated).result as Tokens;
    expect(await refreshLifetime(db, successor.refreshToken)).toBe(90_000);
    // one second past its 90000 seconds it is refused
    await ageRefreshToken(db, successor.refreshToken, 90_001);
    const late = await refresh(app, successor, user, appName);
    expect(late.statusCode).toBe(401);
    expect(json(late).result).toEqual({ information: MESSAGES.refreshInvalid, informationCode: 'R401' });
  });

  it('an application in another origin: its URL, token times and state apply to the next sign-in and code exchange', async () => {
    const { app, db } = server();
    const { appName, user } = await fixture();
    const exchange = (code: string) => app.inject({ method: 'POST', url: '/api/login/GenerateTokens', payload: { code, appName } });
    const codeOf = async () => {
      const reply = await login(app, user, PASSWORD, appName);
      expect(reply.statusCode).toBe(200);
      const url = new URL(json(reply).result.urlApp as string);
      expect(url.origin).toBe('https://vivo.suite.example');
      return url.searchParams.get('code') as string;
    };
    // same origin as created ('/users'): no code
    expect(json(await login(app, user, PASSWORD, appName)).result.urlApp).toBe('/users');
    await consoleApi.modify(appName, {
      urlApp: 'https://vivo.suite.example/',
      amountTime: 25,
      timeUnit: 2,
      refreshTokenExpirationAmountTime: 7,
      refreshTokenExpirationTimeUnit: 1,
    });
    const exchanged = await exchange(await codeOf());
    expect(exchanged.statusCode).toBe(200);
    const tokens = json(exchanged).result as Tokens;
    expect(accessLifetime(tokens.token)).toBe(90_000);
    expect(await refreshLifetime(db, tokens.refreshToken)).toBe(7 * MINUTE);
    // a code sent to one address is not exchanged once the application points elsewhere
    const sent = await codeOf();
    await consoleApi.modify(appName, { urlApp: 'https://vivo.suite.example/entrar' });
    expect((await exchange(sent)).statusCode).toBe(401);
    // a code given before the application was switched off is not exchanged after
    const pending = await codeOf();
    await consoleApi.modify(appName, { idState: 1 });
    expect((await exchange(pending)).statusCode).toBe(401);
    await consoleApi.modify(appName, { idState: 0 });
    expect((await exchange(await codeOf())).statusCode).toBe(200);
  });

  it('maxRefreshTokens: the limit applies to the next refresh of a session already running, and lifts again', async () => {
    const { app } = server();
    const { appName, user } = await fixture();
    let tokens = await signIn(app, user, appName);
    for (let i = 0; i < 3; i++) {
      const response = await refresh(app, tokens, user, appName);
      expect(response.statusCode).toBe(200);
      tokens = json(response).result as Tokens;
    }
    // the session has refreshed three times: a limit of 3 stops the fourth
    await consoleApi.modify(appName, { maxRefreshTokens: 3 });
    const refused = await refresh(app, tokens, user, appName);
    expect(refused.statusCode).toBe(401);
    expect(json(refused).result).toEqual({ information: MESSAGES.refreshLimitReached, informationCode: 'R101' });
    // a limit of 4 allows exactly one more
    await consoleApi.modify(appName, { maxRefreshTokens: 4 });
    const fourth = await refresh(app, tokens, user, appName);
    expect(fourth.statusCode).toBe(200);
    tokens = json(fourth).result as Tokens;
    expect((await refresh(app, tokens, user, appName)).statusCode).toBe(401);
    // no limit (-1): the same token refreshes again
    await consoleApi.modify(appName, { maxRefreshTokens: -1 });
    expect((await refresh(app, tokens, user, appName)).statusCode).toBe(200);
  });

  it("maxRefreshTokensByUser: the next sign-in leaves only the user's newest refreshable sessions", async () => {
    const { app } = server();
    const { appName, user } = await fixture();
    // 0: no limit
    const sessions = [await signIn(app, user, appName), await signIn(app, user, appName), await signIn(app, user, appName)];
    await consoleApi.modify(appName, { maxRefreshTokensByUser: 2 });
    sessions.push(await signIn(app, user, appName));
    const outcomes = [];
    for (const tokens of sessions) {
      const response = await refresh(app, tokens, user, appName);
      outcomes.push([response.statusCode, json(response).result.informationCode]);
    }
    expect(outcomes).toEqual([
      [401, 'R101'],
      [401, 'R101'],
      [200, 'A10'],
      [200, 'A10'],
    ]);
    // back to no limit: a new sign-in revokes nothing
    await consoleApi.modify(appName, { maxRefreshTokensByUser: 0 });
    const more = [await signIn(app, user, appName), await signIn(app, user, appName), await signIn(app, user, appName)];
    for (const tokens of more) expect((await refresh(app, tokens, user, appName)).statusCode).toBe(200);
  });

  it('concurrent sessions: switched on with one session, a second sign-in ends the first with the hub push; switched off, both stay', async () => {
    const { app } = server();
    const { appName, user } = await fixture();
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const hubUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/connections/session`;
    const validate = (tokens: Tokens) =>
      app.inject({ method: 'GET', url: '/api/login/TokenValidation', headers: { user, token: tokens.token } });

    /** Signs in and binds the official SignalR client to the session. */
    async function connected() {
      const tokens = await signIn(app, user, appName);
      const client = new HubConnectionBuilder()
        .withUrl(hubUrl, { transport: HttpTransportType.WebSockets })
        .configureLogging(LogLevel.None)
        .build();
      clients.push(client);
      const received = nextMessage();
      client.on('ReceiveSessionStatus', (message: string) => received.resolve(message));
      await client.start();
      const connectionId = await client.invoke<string>('GetConnectionId');
      const bound = await app.inject({
        method: 'POST',
        url: '/api/user/validatesession',
        headers: { authorization: `Bearer ${tokens.token}`, connectionid: connectionId },
      });
      expect(bound.statusCode).toBe(200);
      return { tokens, received };
    }

    // off (as created): sessions in parallel
    const a = await signIn(app, user, appName);
    const b = await signIn(app, user, appName);
    expect([(await validate(a)).statusCode, (await validate(b)).statusCode]).toEqual([200, 200]);

    await consoleApi.modify(appName, { isConcurrentSession: true, maxConcurrentTokens: 1 });
    const first = await connected();
    expect((await validate(first.tokens)).statusCode).toBe(200);
    const second = await signIn(app, user, appName);
    expect(await first.received.promise).toBe(MESSAGES.sessionReplaced);
    expect((await validate(first.tokens)).statusCode).toBe(401);
    const refused = await refresh(app, first.tokens, user, appName);
    expect([refused.statusCode, json(refused).result.informationCode]).toEqual([401, 'R101']);
    const revalidated = await app.inject({
      method: 'POST',
      url: '/api/user/validatesession',
      headers: { authorization: `Bearer ${first.tokens.token}`, connectionid: 'any' },
    });
    expect(revalidated.statusCode).toBe(401);
    // the sessions begun while the policy was off went with the first sign-in under it
    expect([(await validate(a)).statusCode, (await validate(b)).statusCode, (await validate(second)).statusCode]).toEqual([401, 401, 200]);

    await consoleApi.modify(appName, { isConcurrentSession: false });
    const third = await signIn(app, user, appName);
    expect([(await validate(second)).statusCode, (await validate(third)).statusCode]).toEqual([200, 200]);
    expect((await refresh(app, second, user, appName)).statusCode).toBe(200);

    // on again, two sessions per user: the next sign-in keeps the user's two newest
    await consoleApi.modify(appName, { isConcurrentSession: true, maxConcurrentTokens: 255, maxConcurrentTokensByUser: 2 });
    const fourth = await signIn(app, user, appName);
    expect([(await validate(second)).statusCode, (await validate(third)).statusCode, (await validate(fourth)).statusCode]).toEqual([
      401, 200, 200,
    ]);
  }, 20_000);

  it('activation and assign-password link lifetimes: a link issued after the change expires at the new lifetime', async () => {
    const { app, db } = server();
    const { appName, user } = await fixture();
    const email = `${user}@example.com`;

    // reset links: 30 minutes as created, then 25 hours
    expect((await requestReset(app, appName, user)).statusCode).toBe(200);
    expect((await lastLink(app, email)).lifetime).toBe(30 * MINUTE);
    await consoleApi.modify(appName, { assignPasswordTokenTime: 25, assignPasswordTokenTimeUnit: 2 });
    expect((await requestReset(app, appName, user)).statusCode).toBe(200);
    const reset = await lastLink(app, email);
    expect(reset.lifetime).toBe(90_000);
    expect(reset.text).toContain('25 horas');
    await ageLink(db, reset.tokenId, 90_000 - 60);
    expect((await assignPassword(app, appName, reset.payload, 'Reset.Pass-w0rd')).statusCode).toBe(200);
    expect((await requestReset(app, appName, user)).statusCode).toBe(200);
    const late = await lastLink(app, email);
    await ageLink(db, late.tokenId, 90_001);
    const expired = await assignPassword(app, appName, late.payload, 'Late.Pass-w0rd');
    expect([expired.statusCode, json(expired).result.informationCode]).toEqual([410, 'R32']);

    // activation links: 24 hours as created, then 7 minutes
    const pending = `live.pending${n}`;
    await createUser(db, { userName: pending, email: `${pending}@example.com`, idstate: USER_STATE.pendingActivation });
    const sendActivation = () =>
      app.inject({ method: 'POST', url: '/api/user/SendUserActivationEmail', payload: { user: pending, appname: appName } });
    expect((await sendActivation()).statusCode).toBe(200);
    expect((await lastLink(app, `${pending}@example.com`)).lifetime).toBe(24 * HOUR);
    await consoleApi.modify(appName, { userActivateTokenTime: 7, userActivateTokenTimeUnit: 1 });
    expect((await sendActivation()).statusCode).toBe(200);
    const stale = await lastLink(app, `${pending}@example.com`);
    expect(stale.lifetime).toBe(7 * MINUTE);
    expect(stale.text).toContain('7 minutos');
    await ageLink(db, stale.tokenId, 7 * MINUTE + 1);
    const refused = await assignPassword(app, appName, stale.payload, 'Created.Pass-w0rd');
    expect([refused.statusCode, json(refused).result.informationCode]).toEqual([410, 'R32']);
    expect((await sendActivation()).statusCode).toBe(200);
    const fresh = await lastLink(app, `${pending}@example.com`);
    await ageLink(db, fresh.tokenId, 7 * MINUTE - 30);
    expect((await assignPassword(app, appName, fresh.payload, 'Created.Pass-w0rd')).statusCode).toBe(200);
  });

  it('password history: with numberPasswordChanges 3 the fourth-last password is accepted again, the third-last refused', async () => {
    const { app } = server();
    const { appName, user } = await fixture();
    // four changes under "no history" (-1): A, B, C, D (D current)
    let current = PASSWORD;
    for (const next of ['Hist.Pass-A1', 'Hist.Pass-B1', 'Hist.Pass-C1', 'Hist.Pass-D1']) {
      expect((await changePassword(app, appName, user, current, next)).statusCode).toBe(200);
      current = next;
    }
    const change = async (to: string) => {
      const response = await changePassword(app, appName, user, current, to);
      return [response.statusCode, json(response).result.informationCode];
    };
    // a history of 4 remembers A as well
    await consoleApi.modify(appName, { numberPasswordChanges: 4 });
    expect(await change('Hist.Pass-A1')).toEqual([400, 'R33']);
    await consoleApi.modify(appName, { numberPasswordChanges: 3 });
    // D is the last, C the second-last, B the third-last: refused; A, the fourth-last, accepted
    expect(await change('Hist.Pass-B1')).toEqual([400, 'R33']);
    expect(await change('Hist.Pass-D1')).toEqual([400, 'R33']);
    expect(await change('Hist.Pass-A1')).toEqual([200, 'A10']);
    current = 'Hist.Pass-A1';
    // no history again: the current password itself may be set again
    await consoleApi.modify(appName, { numberPasswordChanges: -1 });
    expect(await change('Hist.Pass-A1')).toEqual([200, 'A10']);
  }, 20_000);

  it('password history: a longer history set later covers the passwords set under a shorter one', async () => {
    const { app } = server();
    const { appName, user } = await fixture();
    await consoleApi.modify(appName, { numberPasswordChanges: 1 });
    let current = PASSWORD;
    for (const next of ['Short.Pass-A1', 'Short.Pass-B1', 'Short.Pass-C1']) {
      expect((await changePassword(app, appName, user, current, next)).statusCode).toBe(200);
      current = next;
    }
    // under a history of 1 only the current password (C) is refused: B, A were allowed then
    await consoleApi.modify(appName, { numberPasswordChanges: 3 });
    for (const old of ['Short.Pass-A1', 'Short.Pass-B1']) {
      const response = await changePassword(app, appName, user, current, old);
      expect([old, response.statusCode, json(response).result.informationCode]).toEqual([old, 400, 'R33']);
    }
  });

  it('password expiry: a password older than the new limit is reported expired at sign-in (R18), in days and in months', async () => {
    const { app, db } = server();
    const { appName, user, userId } = await fixture();
    // the password was set 11 days ago (a minute less)
    await db
      .updateTable('users')
      .set({ password_changed_at: new Date(Date.now() - 11 * DAY * 1000 + 60_000) })
      .where('id', '=', userId)
      .execute();
    const outcome = async () => {
      const response = await login(app, user, PASSWORD, appName);
      return [response.statusCode, json(response).result.informationCode];
    };
    expect(await outcome()).toEqual([200, 'A10']);
    await consoleApi.modify(appName, { passwordExpiration: 10, passwordTypeExpiration: 3 });
    const expired = await login(app, user, PASSWORD, appName);
    expect(expired.statusCode).toBe(403);
    expect(json(expired).result).toMatchObject({
      information: MESSAGES.passwordExpired,
      informationCode: 'R18',
      urlApp: `https://${appName.toLowerCase()}.suite.example/changepassword`,
    });
    // 11 days: not yet (a minute short), then past it
    await consoleApi.modify(appName, { passwordExpiration: 11 });
    expect(await outcome()).toEqual([200, 'A10']);
    await db
      .updateTable('users')
      .set({ password_changed_at: new Date(Date.now() - 11 * DAY * 1000 - 60_000) })
      .where('id', '=', userId)
      .execute();
    expect(await outcome()).toEqual([403, 'R18']);
    // 11 months: within
    await consoleApi.modify(appName, { passwordTypeExpiration: 4 });
    expect(await outcome()).toEqual([200, 'A10']);
    // older than a month
    await db
      .updateTable('users')
      .set({ password_changed_at: new Date(Date.now() - 40 * DAY * 1000) })
      .where('id', '=', userId)
      .execute();
    await consoleApi.modify(appName, { passwordExpiration: 1 });
    expect(await outcome()).toEqual([403, 'R18']);
    await consoleApi.modify(appName, { passwordExpiration: -1 });
    expect(await outcome()).toEqual([200, 'A10']);
  });

  it('mechanismAfterSetPass: the reply of the next password assignment carries the new value', async () => {
    const { app } = server();
    const { appName, user } = await fixture();
    const email = `${user}@example.com`;
    const assigned = async (password: string) => {
      expect((await requestReset(app, appName, user)).statusCode).toBe(200);
      const response = await assignPassword(app, appName, (await lastLink(app, email)).payload, password);
      expect(response.statusCode).toBe(200);
      return json(response).result.mechanismAfterSetPass as number;
    };
    expect(await assigned('Mech.Pass-One1')).toBe(1);
    await consoleApi.modify(appName, { mechanismAfterSetPass: 2 });
    expect(await assigned('Mech.Pass-Two2')).toBe(2);
    await consoleApi.modify(appName, { mechanismAfterSetPass: 1 });
    expect(await assigned('Mech.Pass-Three3')).toBe(1);
  });

  it("state: switched off through the list's toggle, sign-in is refused with R21 and refresh stops; switched on, both work again", async () => {
    const { app } = server();
    const { appName, user } = await fixture();
    const running = await signIn(app, user, appName);
    await consoleApi.modify(appName, { idState: 1 });
    const refused = await login(app, user, PASSWORD, appName);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).result).toEqual({ information: MESSAGES.applicationInactive, informationCode: 'R21' });
    expect((await refresh(app, running, user, appName)).statusCode).toBe(401);
    expect((await requestReset(app, appName, user)).statusCode).toBe(403);
    expect((await consoleApi.selectors()).map((names) => names.includes(appName))).toEqual([false, false]);

    await consoleApi.modify(appName, { idState: 0 });
    expect((await login(app, user, PASSWORD, appName)).statusCode).toBe(200);
    expect((await refresh(app, running, user, appName)).statusCode).toBe(200);
    expect((await consoleApi.selectors()).map((names) => names.includes(appName))).toEqual([true, true]);
  });

  it("visibility: isVisible false removes the application from the menu and notification selectors, the portal's app picker and the token's APPS claim", async () => {
    const { app, db } = server();
    const { appName, user, userId } = await fixture();
    // the user holds a role in this application and two others (the picker lists more than one)
    const role = await db
      .insertInto('roles')
      .values({ name: `live-role-${n}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const apps = await db
      .selectFrom('applications')
      .select(['id', 'name'])
      .where(sql<string>`lower(name)`, 'in', [appName.toLowerCase(), 'ibuhoo', 'biometria'])
      .execute();
    expect(apps).toHaveLength(3);
    await db
      .insertInto('role_applications')
      .values(apps.map((a) => ({ role_id: role.id, application_id: a.id })))
      .execute();
    await db
      .insertInto('user_roles')
      .values(apps.map((a) => ({ user_id: userId, role_id: role.id, application_id: a.id })))
      .execute();
    const picker = async (password: string) => {
      expect((await requestReset(app, appName, user)).statusCode).toBe(200);
      const response = await assignPassword(app, appName, (await lastLink(app, `${user}@example.com`)).payload, password);
      expect(response.statusCode).toBe(200);
      return (json(response).result.apps as { name: string }[]).map((a) => a.name).sort();
    };

    /** The APPS claim of the next access token (the applications the user may go to). */
    const appsClaim = async (password: string) =>
      (decodeJwt(await tokenFor(app, user, password, 'ibuhoo')).APPS as string[]).slice().sort();

    expect((await consoleApi.selectors()).map((names) => names.includes(appName))).toEqual([true, true]);
    expect(await picker('Pick.Pass-One1')).toEqual([appName, 'biometria', 'ibuhoo'].sort());
    expect(await appsClaim('Pick.Pass-One1')).toEqual([appName, 'biometria', 'ibuhoo'].sort());
    await consoleApi.modify(appName, { isVisible: false });
    expect((await consoleApi.selectors()).map((names) => names.includes(appName))).toEqual([false, false]);
    expect(await picker('Pick.Pass-Two2')).toEqual(['biometria', 'ibuhoo']);
    expect(await appsClaim('Pick.Pass-Two2')).toEqual(['biometria', 'ibuhoo']);
    await consoleApi.modify(appName, { isVisible: true });
    expect((await consoleApi.selectors()).map((names) => names.includes(appName))).toEqual([true, true]);
    expect(await picker('Pick.Pass-Three3')).toEqual([appName, 'biometria', 'ibuhoo'].sort());
    expect(await appsClaim('Pick.Pass-Three3')).toEqual([appName, 'biometria', 'ibuhoo'].sort());
  });
});

const PG = Boolean(process.env.DATABASE_URL);

/** What `read` answers once it answers `wanted`, or its last answer after a second. */
async function soon<T>(read: () => Promise<T>, wanted: T): Promise<T> {
  const deadline = Date.now() + 1000;
  let value = await read();
  while (value !== wanted && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

(PG ? describe : describe.skip)('application settings changed on one API instance, applied by another on one PostgreSQL', () => {
  it("instance B follows A's changes on its next request: a new application's address, token times, the session limit, the title, the state", async () => {
    const a = await startTestServer('postgres');
    let b: Server | undefined;
    try {
      b = await createServer(a.config, { logger: false, onGeneratedAdminPassword: () => undefined });
      const onB = b.app;
      const admin = await tokenFor(a.app, 'admin', ADMIN_PASSWORD);
      const onA = consoleOf(
        () => a.app,
        () => admin,
      );
      const appName = 'VivoDosInstancias';
      // B reads (and caches) the applications before this one exists: its address is the fallback page
      const titleOfAddressOnB = async () =>
        json(await onB.inject({ method: 'GET', url: PORTAL_PROFILE_PATH, headers: { host: `${appName.toLowerCase()}.localhost:8080` } }))
          .result.title as string;
      expect(await titleOfAddressOnB()).toBe(FALLBACK_TITLE);
      await onA.create(appName);
      // created on A, reachable at its own address on B at once
      expect(await soon(titleOfAddressOnB, applicationForm(appName).title)).toBe(applicationForm(appName).title);
      const user = 'live.two.instances';
      await createUser(a.db, { userName: user, password: PASSWORD });
      const validate = (on: FastifyInstance, tokens: Tokens) =>
        on.inject({ method: 'GET', url: '/api/login/TokenValidation', headers: { user, token: tokens.token } });
      const titleOnB = async () =>
        json(await onB.inject({ method: 'GET', url: PORTAL_PROFILE_PATH, headers: { appname: appName } })).result.title as string;

      // B has signed in there and read (and cached) the application under the settings as created;
      // A holds a session of its own, cached live
      const onBBefore = await signIn(onB, user, appName);
      expect(accessLifetime(onBBefore.token)).toBe(30 * MINUTE);
      expect(await titleOnB()).toBe(applicationForm(appName).title);
      const onABefore = await signIn(a.app, user, appName);
      expect((await validate(a.app, onABefore)).statusCode).toBe(200);

      await onA.modify(appName, {
        title: 'Vivo en Dos',
        amountTime: 25,
        timeUnit: 2,
        refreshTokenExpirationAmountTime: 7,
        refreshTokenExpirationTimeUnit: 1,
        isConcurrentSession: true,
        maxConcurrentTokens: 1,
      });
      const after = await signIn(onB, user, appName);
      expect(accessLifetime(after.token)).toBe(90_000);
      expect(await refreshLifetime(a.db, after.refreshToken)).toBe(7 * MINUTE);
      // B's sign-in under the new limit ended the earlier sessions: on B at once, on A as soon as
      // the bus brings the revocation (well before A's cached "live" answer would run out)
      expect((await validate(onB, onBBefore)).statusCode).toBe(401);
      expect(await soon(async () => (await validate(a.app, onABefore)).statusCode, 401)).toBe(401);
      expect((await validate(onB, after)).statusCode).toBe(200);
      // B's cached applications went with A's NOTIFY (not with B's cache time)
      expect(await soon(titleOnB, 'Vivo en Dos')).toBe('Vivo en Dos');

      await onA.modify(appName, { idState: 1 });
      const refused = await login(onB, user, PASSWORD, appName);
      expect([refused.statusCode, json(refused).result.informationCode]).toEqual([403, 'R21']);
      expect((await refresh(onB, after, user, appName)).statusCode).toBe(401);
    } finally {
      await b?.app.close();
      await a.dispose();
    }
  }, 30_000);
});
