import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { sql, type Kysely } from 'kysely';
import { MESSAGES } from '@suite/shared/contracts';
import { BACKENDS, createUser, json, login, startTestServer, type TestServer } from '../../../test/harness';
import type { DB } from '../../db/schema';
import { hashRefreshToken } from '../../security/tokens';

/**
 * The reuse grace (REFRESH_REUSE_GRACE_SECONDS, docs/adr/0020-refresh-reuse-grace.md): a spent
 * refresh token presented again soon after, while its successor is unused, is a retry of a lost
 * answer. With the grace off, tokens.test.ts shows today's behaviour unchanged.
 */

const PASSWORD = 'Gr4ce.Pass-word';
const GRACE_SECONDS = 30;

interface Pair {
  token: string;
  refreshToken: string;
}

function refresh(app: FastifyInstance, refreshToken: string, user: string, appname = 'ibuhoo') {
  return app.inject({
    method: 'POST',
    url: '/api/Login/RefreshToken',
    payload: { RefreshToken: refreshToken, UserName: user, Appname: appname },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A pino destination that keeps every line, parsed. */
function capture(): { lines: Record<string, unknown>[]; stream: { write(line: string): void } } {
  const lines: Record<string, unknown>[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } };
}

describe.each(BACKENDS)('refresh-token reuse grace [%s]', (backend) => {
  const log = capture();
  let server: TestServer & { dispose(): Promise<void> };
  beforeAll(async () => {
    server = await startTestServer(backend, { refreshReuseGraceSeconds: GRACE_SECONDS }, { logger: { level: 'info', stream: log.stream } });
  }, 60_000);
  afterAll(() => server?.dispose(), 30_000);

  let n = 0;
  async function signedIn(appname = 'ibuhoo'): Promise<{ user: string } & Pair> {
    const user = `grace.user${++n}`;
    await createUser(server.db, { userName: user, password: PASSWORD, privileges: ['USERS_READ'] });
    const reply = await login(server.app, user, PASSWORD, appname);
    if (reply.statusCode !== 200) throw new Error(`sign-in failed: ${reply.body}`);
    return { user, ...(json(reply).result as Pair) };
  }

  async function rotate(refreshToken: string, user: string): Promise<Pair> {
    const reply = await refresh(server.app, refreshToken, user);
    if (reply.statusCode !== 200) throw new Error(`refresh failed: ${reply.body}`);
    return json(reply).result as Pair;
  }

  const tokenRow = (db: Kysely<DB>, refreshToken: string) =>
    db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hashRefreshToken(refreshToken)).executeTakeFirstOrThrow();

  /** Every token row of the session and the session row, as text: what a refusal must leave as it is. */
  async function snapshot(sessionId: string): Promise<string> {
    const { db } = server;
    const tokens = await db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('session_id', '=', sessionId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const session = await db
      .selectFrom('sessions')
      .select(['id', 'revoked_at', 'revoked_reason', 'last_seen_at'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    return JSON.stringify({ tokens, session });
  }

  const sessionIdOf = (token: string) => decodeJwt(token).sid as string;
  const sessionRow = (sessionId: string) =>
    server.db.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();

  /** Moves a token's first spend `seconds` into the past. */
  const spentAgo = (refreshToken: string, seconds: number) =>
    server.db
      .updateTable('refresh_tokens')
      .set({ used_at: sql`now() - make_interval(secs => ${seconds}::int)` })
      .where('token_hash', '=', hashRefreshToken(refreshToken))
      .execute();

  /**
   * Sends both refreshes while a transaction holds the presented token's row (PostgreSQL) or the
   * one PGlite connection, so both are under way before either is answered, then lets them go;
   * answers the one that won and the one refused.
   */
  async function together(refreshToken: string, user: string) {
    let replies!: Promise<Awaited<ReturnType<typeof refresh>>[]>;
    await server.db.transaction().execute(async (trx) => {
      await sql`select id from refresh_tokens where token_hash = ${hashRefreshToken(refreshToken)} for update`.execute(trx);
      replies = Promise.all([refresh(server.app, refreshToken, user), refresh(server.app, refreshToken, user)]);
      await sleep(300);
    });
    // exactly one of the two wins
    const answered = await replies;
    expect(answered.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    return {
      winner: json(answered.find((r) => r.statusCode === 200)!).result as Pair,
      loser: json(answered.find((r) => r.statusCode === 401)!),
    };
  }

  it('answers a retry within the grace with new tokens: the unseen successor is revoked, the session goes on', async () => {
    const { app, db } = server;
    const { user, token, refreshToken: first } = await signedIn();
    const sessionId = sessionIdOf(token);
    const lost = await rotate(first, user); // the answer the client never received
    const spent = await tokenRow(db, first);

    const retry = await refresh(app, first, user);
    expect(retry.statusCode).toBe(200);
    const answer = json(retry).result as Pair;
    expect(json(retry).result).toEqual({
      information: MESSAGES.tokenRefreshed,
      informationCode: 'A10',
      token: expect.any(String),
      refreshToken: expect.any(String),
    });
    expect(answer.refreshToken).not.toBe(lost.refreshToken);
    expect(sessionIdOf(answer.token)).toBe(sessionId);

    // the spent token keeps its first spend and points at the newest answer; the lost one is revoked
    const after = await tokenRow(db, first);
    const lostRow = await tokenRow(db, lost.refreshToken);
    const newest = await tokenRow(db, answer.refreshToken);
    expect(after.used_at).toEqual(spent.used_at);
    expect(after.replaced_by).toBe(newest.id);
    expect(lostRow).toMatchObject({ used_at: null, revoked_at: expect.anything() });
    expect(newest).toMatchObject({
      family_id: spent.family_id,
      session_id: sessionId,
      generation: spent.generation + 1,
      used_at: null,
      revoked_at: null,
    });
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        level: 30,
        sessionId,
        superseded: lostRow.id,
        msg: expect.stringContaining('retried within the reuse grace'),
      }),
    );

    // the unseen successor is refused as revoked, and that alone changes nothing: the session stays live
    const before = await snapshot(sessionId);
    const stale = await refresh(app, lost.refreshToken, user);
    expect(stale.statusCode).toBe(401);
    expect(json(stale).result).toEqual({ information: MESSAGES.refreshRevoked, informationCode: 'R101' });
    expect(await snapshot(sessionId)).toBe(before);
    expect((await sessionRow(sessionId)).revoked_at).toBeNull();

    // the new pair works
    const validation = await app.inject({
      method: 'GET',
      url: '/api/login/TokenValidation',
      headers: { user, token: answer.token, currentApp: 'ibuhoo' },
    });
    expect(validation.statusCode).toBe(200);
    expect((await refresh(app, answer.refreshToken, user)).statusCode).toBe(200);
  });

  it('counts the grace from the first spend: a chain of retries keeps only the newest answer and does not extend it', async () => {
    const { app, db } = server;
    const { user, token, refreshToken: first } = await signedIn();
    const sessionId = sessionIdOf(token);
    const a = await rotate(first, user);
    const b = await rotate(first, user);
    const c = await rotate(first, user);
    for (const stale of [a, b]) expect((await tokenRow(db, stale.refreshToken)).revoked_at).not.toBeNull();
    expect(await tokenRow(db, c.refreshToken)).toMatchObject({ used_at: null, revoked_at: null });
    const live = await db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('session_id', '=', sessionId)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);

    // 31 s after the first spend the next retry is a reuse, however recent the last retry
    await spentAgo(first, GRACE_SECONDS + 1);
    const late = await refresh(app, first, user);
    expect(late.statusCode).toBe(401);
    expect(json(late).result.informationCode).toBe('R101');
    expect(await sessionRow(sessionId)).toMatchObject({ revoked_reason: 'refresh_reuse', revoked_at: expect.anything() });
    expect(json(await refresh(app, c.refreshToken, user)).result.informationCode).toBe('R101');
  });

  it('ends the session as before when the token comes back after the grace', async () => {
    const { app, db } = server;
    const { user, token, refreshToken: first } = await signedIn();
    const sessionId = sessionIdOf(token);
    const next = await rotate(first, user);
    await spentAgo(first, GRACE_SECONDS + 1);

    const reuse = await refresh(app, first, user);
    expect(reuse.statusCode).toBe(401);
    expect(json(reuse).result).toEqual({ information: MESSAGES.refreshRevoked, informationCode: 'R101' });
    expect(await sessionRow(sessionId)).toMatchObject({ revoked_reason: 'refresh_reuse', revoked_at: expect.anything() });
    // every token of the session revoked, none issued
    const tokens = await db.selectFrom('refresh_tokens').selectAll().where('session_id', '=', sessionId).execute();
    expect(tokens).toHaveLength(2);
    for (const row of tokens) expect(row.revoked_at).not.toBeNull();
    expect(json(await refresh(app, next.refreshToken, user)).result.informationCode).toBe('R101');
    const validation = await app.inject({ method: 'GET', url: '/api/login/TokenValidation', headers: { user, token: next.token } });
    expect(validation.statusCode).toBe(401);
  });

  it('ends the session as before when the successor was already used: the family moved on', async () => {
    const { app, db } = server;
    const { user, token, refreshToken: first } = await signedIn();
    const sessionId = sessionIdOf(token);
    const second = await rotate(first, user);
    const third = await rotate(second.refreshToken, user);

    const reuse = await refresh(app, first, user);
    expect(reuse.statusCode).toBe(401);
    expect(json(reuse).result.informationCode).toBe('R101');
    expect(await sessionRow(sessionId)).toMatchObject({ revoked_reason: 'refresh_reuse', revoked_at: expect.anything() });
    expect(
      await db.selectFrom('refresh_tokens').select('id').where('session_id', '=', sessionId).where('revoked_at', 'is', null).execute(),
    ).toEqual([]);
    expect(json(await refresh(app, third.refreshToken, user)).result.informationCode).toBe('R101');
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 40, sessionId, msg: 'refresh token reused: session revoked' }));
  });

  it('refuses the spent token of a signed-out session as before, changing nothing', async () => {
    const { app } = server;
    const { user, token, refreshToken: first } = await signedIn();
    const sessionId = sessionIdOf(token);
    const next = await rotate(first, user);
    const out = await app.inject({
      method: 'PUT',
      url: '/api/login/RevokeToken',
      payload: { UserName: user, Quantity: 1, AppName: 'ibuhoo', RefreshToken: next.refreshToken },
    });
    expect(out.statusCode).toBe(200);

    const before = await snapshot(sessionId);
    const again = await refresh(app, first, user);
    expect(again.statusCode).toBe(401);
    expect(json(again).result.informationCode).toBe('R101');
    expect(await snapshot(sessionId)).toBe(before);
    expect((await sessionRow(sessionId)).revoked_reason).toBe('logout');
  });

  it('takes no retry for a deactivated user: the reuse ends the session as before', async () => {
    const { app, db } = server;
    const { user, token, refreshToken: first } = await signedIn();
    const sessionId = sessionIdOf(token);
    await rotate(first, user);
    await db.updateTable('users').set({ idstate: 2 }).where('user_name', '=', user).execute();

    const again = await refresh(app, first, user);
    expect(again.statusCode).toBe(401);
    expect(json(again).result.informationCode).toBe('R101');
    expect((await sessionRow(sessionId)).revoked_reason).toBe('refresh_reuse');
  });

  it('lets exactly one of two simultaneous retries win; the other is refused as superseded and the session goes on', async () => {
    const { app, db } = server;
    const { user, token, refreshToken: first } = await signedIn();
    const sessionId = sessionIdOf(token);
    const lost = await rotate(first, user);

    const { winner, loser } = await together(first, user);
    expect(loser.result).toEqual({ information: MESSAGES.refreshRevoked, informationCode: 'R101' });

    // the loser changed nothing: one retry's rows only, the winner's answer the one live token
    expect((await sessionRow(sessionId)).revoked_at).toBeNull();
    const tokens = await db.selectFrom('refresh_tokens').selectAll().where('session_id', '=', sessionId).execute();
    expect(tokens).toHaveLength(3);
    const newest = await tokenRow(db, winner.refreshToken);
    expect((await tokenRow(db, first)).replaced_by).toBe(newest.id);
    expect((await tokenRow(db, lost.refreshToken)).revoked_at).not.toBeNull();
    expect(tokens.filter((t) => t.used_at === null && t.revoked_at === null).map((t) => t.id)).toEqual([newest.id]);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ level: 30, sessionId, msg: expect.stringContaining('refused, session kept') }),
    );
    expect((await refresh(app, winner.refreshToken, user)).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous refreshes of a fresh token win, and no longer ends the session', async () => {
    const { app, db } = server;
    const { user, token, refreshToken: first } = await signedIn();
    const sessionId = sessionIdOf(token);

    const { winner, loser } = await together(first, user);
    expect(loser.result.informationCode).toBe('R101');
    expect((await sessionRow(sessionId)).revoked_at).toBeNull();
    const tokens = await db.selectFrom('refresh_tokens').selectAll().where('session_id', '=', sessionId).execute();
    expect(tokens).toHaveLength(2);
    expect((await tokenRow(db, first)).replaced_by).toBe((await tokenRow(db, winner.refreshToken)).id);
    expect((await refresh(app, winner.refreshToken, user)).statusCode).toBe(200);
  });

  it('takes no retry when the successor is used while the retry is under way: the family moved on, as before', async () => {
    const { app, db } = server;
    const { user, token, refreshToken: first } = await signedIn();
    const sessionId = sessionIdOf(token);
    const next = await rotate(first, user);
    const successor = await tokenRow(db, next.refreshToken);

    // the successor's own refresh holds its row (PostgreSQL: the retry has already claimed the
    // spent token and waits for that row; PGlite: the retry runs once it is done)
    let reply!: ReturnType<typeof refresh>;
    await db.transaction().execute(async (trx) => {
      await sql`update refresh_tokens set used_at = now() where id = ${successor.id}::uuid`.execute(trx);
      reply = refresh(app, first, user);
      await sleep(300);
    });
    const retry = await reply;
    expect(retry.statusCode).toBe(401);
    expect(json(retry).result.informationCode).toBe('R101');
    expect((await sessionRow(sessionId)).revoked_reason).toBe('refresh_reuse');
    // nothing of the retry is left: no token issued, the spent one still points at its successor
    const tokens = await db.selectFrom('refresh_tokens').selectAll().where('session_id', '=', sessionId).execute();
    expect(tokens).toHaveLength(2);
    expect((await tokenRow(db, first)).replaced_by).toBe(successor.id);
  });

  it('keeps maxRefreshTokens: a retry issues the same generation, not one more refresh', async () => {
    const { app, db } = server;
    await db.updateTable('applications').set({ max_refresh_tokens: 2 }).where('name', '=', 'biometria').execute();
    const { user, refreshToken: first } = await signedIn('biometria');
    const a = json(await refresh(app, first, user, 'biometria')).result as Pair;
    const retried = json(await refresh(app, first, user, 'biometria')).result as Pair;
    expect((await tokenRow(db, retried.refreshToken)).generation).toBe((await tokenRow(db, a.refreshToken)).generation);
    const b = json(await refresh(app, retried.refreshToken, user, 'biometria')).result as Pair;
    const third = await refresh(app, b.refreshToken, user, 'biometria');
    expect(json(third).result).toEqual({ information: MESSAGES.refreshLimitReached, informationCode: 'R101' });
  });
});
