import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { sql } from 'kysely';
import { MESSAGES } from '@suite/shared/contracts';
import { ADMIN_PASSWORD, createUser, describeEachBackend, json, login } from '../../../test/harness';
import { hashRefreshToken } from '../../security/tokens';

const PASSWORD = 'T0kens.Pass-word';

interface Tokens {
  token: string;
  refreshToken: string;
  urlApp: string;
}

async function signIn(app: FastifyInstance, user: string, password: string, appname = 'ibuhoo'): Promise<Tokens> {
  const response = await login(app, user, password, appname);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return json(response).result as Tokens;
}

function refresh(app: FastifyInstance, refreshToken: string, user: string, appname = 'ibuhoo') {
  return app.inject({
    method: 'POST',
    url: '/api/Login/RefreshToken',
    payload: { RefreshToken: refreshToken, UserName: user, Appname: appname },
  });
}

function revoke(app: FastifyInstance, refreshToken: string, user: string, appName = 'ibuhoo', quantity: unknown = 1) {
  return app.inject({
    method: 'PUT',
    url: '/api/login/RevokeToken',
    payload: { UserName: user, Quantity: quantity, AppName: appName, RefreshToken: refreshToken },
  });
}

function validate(app: FastifyInstance, headers: Record<string, string>) {
  return app.inject({ method: 'GET', url: '/api/login/TokenValidation', headers });
}

// with the reuse grace off: today's rotation exactly (the grace: tokens-grace.test.ts)
describeEachBackend(
  'refresh, revoke, validation and code exchange',
  (server) => {
    let n = 0;
    async function newUser(): Promise<string> {
      const name = `token.user${++n}`;
      await createUser(server().db, { userName: name, password: PASSWORD, privileges: ['USERS_READ'] });
      return name;
    }

    async function sessionOf(token: string) {
      const sid = decodeJwt(token).sid as string;
      return server().db.selectFrom('sessions').selectAll().where('id', '=', sid).executeTakeFirstOrThrow();
    }

    it('rotates the refresh token on every use and issues access tokens of the same session with the app lifetime', async () => {
      const { app, db } = server();
      const user = await newUser();
      const first = await signIn(app, user, PASSWORD);
      const r1 = await refresh(app, first.refreshToken, user.toUpperCase());
      expect(r1.statusCode).toBe(200);
      const body = json(r1);
      expect(body).toEqual({
        statusCode: 200,
        result: {
          information: MESSAGES.tokenRefreshed,
          informationCode: 'A10',
          token: expect.any(String),
          refreshToken: expect.any(String),
        },
      });
      expect(body.result.refreshToken).not.toBe(first.refreshToken);
      const jwks = json(await app.inject({ method: 'GET', url: '/.well-known/jwks.json' }));
      const { payload } = await jwtVerify(body.result.token, createLocalJWKSet(jwks), { issuer: 'suite-identity', audience: 'ibuhoo' });
      expect(payload.sid).toBe(decodeJwt(first.token).sid);
      expect(payload.unique_name).toBe(user);
      expect(payload.privileges).toEqual(['USERS_READ']);
      expect((payload.exp as number) - (payload.iat as number)).toBe(8 * 3600);

      // the spent token is marked used and points at its successor, stored hashed only
      const spent = await db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', hashRefreshToken(first.refreshToken))
        .executeTakeFirstOrThrow();
      const next = await db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', hashRefreshToken(body.result.refreshToken))
        .executeTakeFirstOrThrow();
      expect(spent.used_at).not.toBeNull();
      expect(spent.replaced_by).toBe(next.id);
      expect(next).toMatchObject({ family_id: spent.family_id, session_id: spent.session_id, generation: 1, used_at: null });

      const r2 = await refresh(app, body.result.refreshToken, user);
      expect(r2.statusCode).toBe(200);
    });

    it('revokes the whole family and its session when a spent refresh token comes back: the next refresh gets 401 R101', async () => {
      const { app } = server();
      const user = await newUser();
      const first = await signIn(app, user, PASSWORD);
      const second = json(await refresh(app, first.refreshToken, user)).result;

      const reuse = await refresh(app, first.refreshToken, user);
      expect(reuse.statusCode).toBe(401);
      expect(json(reuse)).toEqual({ statusCode: 401, result: { information: MESSAGES.refreshRevoked, informationCode: 'R101' } });

      const next = await refresh(app, second.refreshToken, user);
      expect(next.statusCode).toBe(401);
      expect(json(next).result.informationCode).toBe('R101');
      const session = await sessionOf(first.token);
      expect(session).toMatchObject({ revoked_reason: 'refresh_reuse', revoked_at: expect.anything() });
      // a security event: in the audit log, made by the API itself (no actor)
      const audit = await server()
        .db.selectFrom('audit_log')
        .select(['actor_id', 'actor_name', 'action', 'entity', 'after'])
        .where('entity_id', '=', session.id)
        .execute();
      expect(audit).toEqual([
        {
          actor_id: null,
          actor_name: '',
          action: 'session.revoke',
          entity: 'session',
          after: { reason: 'refresh_reuse', userId: session.user_id },
        },
      ]);

      // the session's access tokens stop working too
      const validation = await validate(app, { user, token: second.token, option: '1', currentApp: 'ibuhoo' });
      expect(validation.statusCode).toBe(401);
      const list = await app.inject({ method: 'GET', url: '/api/user/list', headers: { authorization: `Bearer ${second.token}` } });
      expect(list.statusCode).toBe(401);
    });

    it('lets exactly one of two parallel refreshes with the same token win', async () => {
      const { app } = server();
      const user = await newUser();
      const first = await signIn(app, user, PASSWORD);
      const replies = await Promise.all([refresh(app, first.refreshToken, user), refresh(app, first.refreshToken, user)]);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    });

    it('answers the refresh of a revoked session with 401 R101', async () => {
      const { app } = server();
      const user = await newUser();
      const first = await signIn(app, user, PASSWORD);
      expect((await revoke(app, first.refreshToken, user)).statusCode).toBe(200);
      const after = await refresh(app, first.refreshToken, user);
      expect(after.statusCode).toBe(401);
      expect(json(after).result.informationCode).toBe('R101');
    });

    it("refuses unknown, expired, someone else's and other applications' refresh tokens with 401 R401, changing nothing", async () => {
      const { app, db } = server();
      const user = await newUser();
      const other = await newUser();
      const first = await signIn(app, user, PASSWORD);

      for (const reply of [
        await refresh(app, 'x'.repeat(43), user),
        await refresh(app, first.refreshToken, other),
        await refresh(app, first.refreshToken, user, 'firmaya'),
        await refresh(app, first.refreshToken, user, 'no-such-app'),
      ]) {
        expect(reply.statusCode).toBe(401);
        expect(json(reply).result).toEqual({ information: MESSAGES.refreshInvalid, informationCode: 'R401' });
      }
      // still usable by its owner
      const ok = json(await refresh(app, first.refreshToken, user)).result;

      await db
        .updateTable('refresh_tokens')
        .set({ expires_at: sql`now() - interval '1 second'` })
        .where('token_hash', '=', hashRefreshToken(ok.refreshToken))
        .execute();
      const expired = await refresh(app, ok.refreshToken, user);
      expect(expired.statusCode).toBe(401);
      expect(json(expired).result.informationCode).toBe('R401');
    });

    it.each([
      ['no body', undefined],
      ['a missing RefreshToken', { UserName: 'a', Appname: 'ibuhoo' }],
      ['a number as UserName', { RefreshToken: 'x', UserName: 5, Appname: 'ibuhoo' }],
      ['an empty Appname', { RefreshToken: 'x', UserName: 'a', Appname: '' }],
    ])('answers a malformed refresh (%s) with 400', async (_case, payload) => {
      const reply = await server().app.inject({ method: 'POST', url: '/api/login/refreshtoken', payload: payload as never });
      expect(reply.statusCode).toBe(400);
      expect(json(reply).result.informationCode).toBe('R400');
    });

    it('sets the refresh expiry from the application and honours maxRefreshTokens', async () => {
      const { app, db } = server();
      const user = await newUser();
      await db
        .updateTable('applications')
        .set({ refresh_token_expiration_amount_time: 2, refresh_token_expiration_time_unit: 2, max_refresh_tokens: 2 })
        .where('name', '=', 'biometria')
        .execute();
      const first = await signIn(app, user, PASSWORD, 'biometria');
      const row = await db
        .selectFrom('refresh_tokens')
        .select('expires_at')
        .where('token_hash', '=', hashRefreshToken(first.refreshToken))
        .executeTakeFirstOrThrow();
      const lifetime = new Date(row.expires_at).getTime() - Date.now();
      expect(lifetime).toBeGreaterThan(2 * 3600_000 - 60_000);
      expect(lifetime).toBeLessThanOrEqual(2 * 3600_000 + 5_000);

      const a = json(await refresh(app, first.refreshToken, user, 'biometria')).result;
      const b = json(await refresh(app, a.refreshToken, user, 'biometria')).result;
      expect(b.refreshToken).toEqual(expect.any(String));
      const third = await refresh(app, b.refreshToken, user, 'biometria');
      expect(third.statusCode).toBe(401);
      expect(json(third).result).toEqual({ information: MESSAGES.refreshLimitReached, informationCode: 'R101' });
    });

    it('keeps only maxRefreshTokensByUser refreshable sessions per user (-1: unlimited)', async () => {
      const { app, db } = server();
      const user = await newUser();
      await db.updateTable('applications').set({ max_refresh_tokens_by_user: 2 }).where('name', '=', 'confronta').execute();
      const s1 = await signIn(app, user, PASSWORD, 'confronta');
      const s2 = await signIn(app, user, PASSWORD, 'confronta');
      const s3 = await signIn(app, user, PASSWORD, 'confronta');
      expect(json(await refresh(app, s1.refreshToken, user, 'confronta')).result.informationCode).toBe('R101');
      expect((await refresh(app, s2.refreshToken, user, 'confronta')).statusCode).toBe(200);
      expect((await refresh(app, s3.refreshToken, user, 'confronta')).statusCode).toBe(200);

      await db.updateTable('applications').set({ max_refresh_tokens_by_user: -1 }).where('name', '=', 'confronta').execute();
      const many = [];
      for (let i = 0; i < 4; i++) many.push(await signIn(app, user, PASSWORD, 'confronta'));
      for (const s of many) expect((await refresh(app, s.refreshToken, user, 'confronta')).statusCode).toBe(200);
    });

    it('ends the session on RevokeToken: redirect URL in result.information, TokenValidation and protected calls then 401', async () => {
      const { app } = server();
      const user = await newUser();
      const first = await signIn(app, user, PASSWORD);
      const headers = { user, token: `Bearer ${first.token}`, option: '1', currentApp: 'ibuhoo' };
      expect((await validate(app, headers)).statusCode).toBe(200);
      const list = () => app.inject({ method: 'GET', url: '/api/user/list', headers: { authorization: `Bearer ${first.token}` } });
      expect((await list()).statusCode).toBe(200);

      const reply = await revoke(app, first.refreshToken, user);
      expect(reply.statusCode).toBe(200);
      expect(json(reply)).toEqual({
        statusCode: 200,
        result: { information: '/login', informationCode: 'A10', message: MESSAGES.sessionEnded },
      });
      const session = await sessionOf(first.token);
      expect(session).toMatchObject({ revoked_reason: 'logout' });
      // a person's own sign-out is the session's record, not an audit entry
      expect(await server().db.selectFrom('audit_log').select('id').where('entity_id', '=', session.id).execute()).toEqual([]);

      const after = await validate(app, headers);
      expect(after.statusCode).toBe(401);
      expect(json(after).result.informationCode).toBe('R401');
      expect((await list()).statusCode).toBe(401);
      // logging out again is harmless
      expect((await revoke(app, first.refreshToken, user)).statusCode).toBe(200);
    });

    it("validates RevokeToken input and ignores someone else's token", async () => {
      const { app } = server();
      const user = await newUser();
      const other = await newUser();
      const first = await signIn(app, user, PASSWORD);
      expect((await revoke(app, first.refreshToken, user, 'ibuhoo', 2)).statusCode).toBe(400);
      expect((await revoke(app, first.refreshToken, user, 'ibuhoo', 'x')).statusCode).toBe(400);
      expect((await app.inject({ method: 'PUT', url: '/api/login/RevokeToken', payload: {} })).statusCode).toBe(400);
      expect((await revoke(app, first.refreshToken, other)).statusCode).toBe(200);
      expect((await sessionOf(first.token)).revoked_at).toBeNull();
      expect((await revoke(app, first.refreshToken, user, 'ibuhoo', '1')).statusCode).toBe(200);
      expect((await sessionOf(first.token)).revoked_at).not.toBeNull();
    });

    it('validates tokens: the user (any case), its application, a live session; 401 otherwise, 400 for missing headers', async () => {
      const { app } = server();
      const user = await newUser();
      const first = await signIn(app, user, PASSWORD);
      const ok = await validate(app, { user: user.toUpperCase(), token: first.token, option: '2', currentApp: 'IBUHOO' });
      expect(ok.statusCode).toBe(200);
      expect(json(ok)).toEqual({
        statusCode: 200,
        result: {
          information: MESSAGES.tokenValid,
          informationCode: 'A10',
          userName: user,
          application: 'ibuhoo',
          exp: decodeJwt(first.token).exp,
          option: '2',
        },
      });
      expect((await validate(app, { user, token: first.token })).statusCode).toBe(200);

      const [head, payload, signature] = first.token.split('.');
      const tampered = `${head}.${payload}.${signature.slice(0, -4)}AAAA`;
      const refused: Record<string, string>[] = [
        { user: 'someone.else', token: first.token },
        { user, token: first.token, currentApp: 'firmaya' },
        { user, token: 'not-a-jwt' },
        { user, token: tampered },
      ];
      for (const headers of refused) {
        const reply = await validate(app, headers);
        expect(reply.statusCode).toBe(401);
        expect(json(reply).result).toEqual({ information: MESSAGES.unauthorized, informationCode: 'R401' });
      }
      for (const headers of [{ user }, { token: first.token }, { user: '', token: first.token }]) {
        const reply = await validate(app, headers as Record<string, string>);
        expect(reply.statusCode).toBe(400);
        expect(json(reply).result.informationCode).toBe('R400');
      }
    });

    it('stops tokens of a deactivated user at once on this instance (within the cache time elsewhere)', async () => {
      const { app, db } = server();
      const user = await newUser();
      const first = await signIn(app, user, PASSWORD);
      await db.updateTable('users').set({ idstate: 2 }).where('user_name', '=', user).execute();
      app.ctx.sessions.forget([decodeJwt(first.token).sid as string]);
      expect((await validate(app, { user, token: first.token })).statusCode).toBe(401);
    });

    it('exchanges the sign-in code of an application in another origin for tokens, once', async () => {
      const { app, db } = server();
      const user = await newUser();
      const signedIn = await signIn(app, user, PASSWORD, 'firmaya');
      const url = new URL(signedIn.urlApp);
      expect(url.origin + url.pathname).toBe('https://firmaya.suite.example/');
      const code = url.searchParams.get('code') as string;
      expect(code).toMatch(/^[\w-]{43}$/);
      // stored hashed, for 60 seconds
      const stored = await db.selectFrom('auth_codes').selectAll().execute();
      expect(stored.some((c) => c.code_hash === code)).toBe(false);

      const exchange = (payload: unknown) => app.inject({ method: 'POST', url: '/api/login/GenerateTokens', payload: payload as never });
      // the wrong application does not spend it
      expect((await exchange({ code, appName: 'biometria' })).statusCode).toBe(401);

      const reply = await exchange({ code, appName: 'FIRMAYA' });
      expect(reply.statusCode).toBe(200);
      const result = json(reply).result;
      expect(result).toEqual({
        information: MESSAGES.loginSuccess,
        informationCode: 'A10',
        token: expect.any(String),
        refreshToken: expect.any(String),
        urlApp: 'https://firmaya.suite.example/',
      });
      const claims = decodeJwt(result.token);
      expect(claims.aud).toBe('firmaya');
      expect(claims.sid).toBe(decodeJwt(signedIn.token).sid);
      expect(claims.unique_name).toBe(user);
      const refreshed = await refresh(app, result.refreshToken, user, 'firmaya');
      expect(refreshed.statusCode).toBe(200);

      // single use: the replay is refused and what the code produced is revoked
      const again = await exchange({ code, appName: 'firmaya' });
      expect(again.statusCode).toBe(401);
      expect(json(again).result).toEqual({ information: MESSAGES.codeInvalid, informationCode: 'R401' });
      expect(json(await refresh(app, json(refreshed).result.refreshToken, user, 'firmaya')).result.informationCode).toBe('R101');
      // the portal's own tokens of the session are untouched
      expect((await refresh(app, signedIn.refreshToken, user, 'firmaya')).statusCode).toBe(200);
    });

    it('refuses expired and unknown codes, and issues none for an application in the same origin', async () => {
      const { app, db } = server();
      const user = await newUser();
      const signedIn = await signIn(app, user, PASSWORD, 'firmaya');
      const code = new URL(signedIn.urlApp).searchParams.get('code') as string;
      await db.updateTable('auth_codes').set({ expires_at: sql`now() - interval '1 second'` }).execute();
      const exchange = (payload: unknown) => app.inject({ method: 'POST', url: '/api/login/GenerateTokens', payload: payload as never });
      expect((await exchange({ code, appName: 'firmaya' })).statusCode).toBe(401);
      expect((await exchange({ code: 'nope', appName: 'firmaya' })).statusCode).toBe(401);
      expect((await exchange({ appName: 'firmaya' })).statusCode).toBe(400);

      const before = (await db.selectFrom('auth_codes').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
      const own = await signIn(app, 'admin', ADMIN_PASSWORD);
      expect(own.urlApp).toBe('/users');
      // the same host as an absolute urlApp: same origin, no code
      await db.updateTable('applications').set({ url_app: 'http://localhost:80/home' }).where('name', '=', 'confronta').execute();
      expect((await signIn(app, user, PASSWORD, 'confronta')).urlApp).toBe('http://localhost:80/home');
      expect((await db.selectFrom('auth_codes').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n).toBe(before);
    });
  },
  { refreshReuseGraceSeconds: 0 },
);
