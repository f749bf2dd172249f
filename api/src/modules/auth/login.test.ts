import { encryptPayload } from '@suite/shared/crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { sql } from 'kysely';
import { INFORMATION_CODES, MESSAGES, USER_STATE } from '@suite/shared/contracts';

import { ADMIN_PASSWORD, createUser, describeEachBackend, json, login } from '../../../test/harness';
import { PRIVILEGES } from '../../db/seeds/data';
import { hashRefreshToken } from '../../security/tokens';

describeEachBackend('POST /api/Login', (server) => {
  it('signs the admin in: A10, urlApp /users, a JWT that verifies against the published JWKS with every claim', async () => {
    const { app, db } = server();
    const before = Math.floor(Date.now() / 1000);
    const response = await login(app, 'admin', ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body).toEqual({
      statusCode: 200,
      result: {
        information: 'Ingreso exitoso',
        informationCode: 'A10',
        urlApp: '/users',
        // the person's companies, the main one first
        ententerpriseList: [{ id: expect.any(String), name: 'Suite GSE S.A.S.', principal: true }],
        token: expect.any(String),
        refreshToken: expect.any(String),
      },
    });

    const jwksResponse = await app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(jwksResponse.statusCode).toBe(200);
    const jwks = json(jwksResponse);
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String) });
    expect(jwks.keys[0].d).toBeUndefined(); // never the private part

    const { token } = body.result;
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'ES256', kid: jwks.keys[0].kid });
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), { issuer: 'suite-identity', audience: 'ibuhoo' });
    const admin = await db.selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
    expect(payload).toMatchObject({
      identifier: admin.id,
      nameid: admin.id,
      sub: admin.id,
      unique_name: 'admin',
      given_name: 'Administrador',
      family_name: 'Suite',
      customerName: 'Suite GSE S.A.S.',
      APPS: ['ibuhoo'],
    });
    expect([...(payload.privileges as string[])].sort()).toEqual(PRIVILEGES.map((p) => p.name).sort());
    // ibuhoo: 8 hours (amountTime 8, timeUnit 2)
    expect(payload.exp).toBeGreaterThanOrEqual(before + 8 * 3600);
    expect(payload.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 8 * 3600 + 1);
  });

  it('stores only the SHA-256 of the refresh token, in a session of the sign-in', async () => {
    const { app, db } = server();
    const body = json(await login(app, 'ADMIN', ADMIN_PASSWORD)); // user names are case-insensitive
    const refreshToken = body.result.refreshToken as string;
    expect(Buffer.from(refreshToken, 'base64url')).toHaveLength(32);
    const rows = await db.selectFrom('refresh_tokens').selectAll().execute();
    expect(rows.some((r) => r.token_hash === refreshToken)).toBe(false);
    const row = rows.find((r) => r.token_hash === hashRefreshToken(refreshToken));
    expect(row).toBeDefined();
    const session = await db.selectFrom('sessions').selectAll().where('id', '=', row!.session_id).executeTakeFirstOrThrow();
    expect(session.revoked_at).toBeNull();
    expect(new Date(row!.expires_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('answers a wrong password with 401 R11 and the failed-login information', async () => {
    const { app, db } = server();
    await createUser(db, { userName: 'wrong.once', password: 'Us3r.Pass-word' });
    const response = await login(app, 'wrong.once', 'Wrong.Password1');
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual({
      statusCode: 401,
      result: {
        information: 'Usuario o contraseña incorrectos.',
        informationCode: 'R11',
        failedLoginInformation: { failedAttempts: 1, lockTime: 0 },
      },
    });
  });

  it('answers an unknown user exactly like a wrong password, attempt after attempt', async () => {
    const { app, db } = server();
    await createUser(db, { userName: 'known.user', password: 'Us3r.Pass-word' });
    for (let i = 0; i < 4; i++) {
      const unknown = await login(app, 'nobody.here', 'Wrong.Password1');
      const wrong = await login(app, 'known.user', 'Wrong.Password1');
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(unknown.body).toBe(wrong.body);
    }
  });

  it('writes every sign-in and every wrong password in the audit log: who, which application, from where, the session', async () => {
    const { app, db } = server();
    const userId = await createUser(db, { userName: 'audited.signin', password: 'Audit.Sign-2026' });
    const since = await db.selectFrom('audit_log').select(sql<number>`coalesce(max(id), 0)::int`.as('id')).executeTakeFirstOrThrow();
    expect((await login(app, 'audited.signin', 'Wrong.Pass-2026')).statusCode).toBe(401);
    expect((await login(app, 'no.such.person', 'Wrong.Pass-2026')).statusCode).toBe(401);
    expect((await login(app, 'audited.signin', 'Audit.Sign-2026')).statusCode).toBe(200);
    const rows = await db
      .selectFrom('audit_log')
      .select(['actor_id', 'actor_name', 'action', 'entity', 'entity_id', 'after'])
      .where('id', '>', String(since.id))
      .orderBy('id')
      .execute();
    const session = await db.selectFrom('sessions').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(rows).toEqual([
      {
        actor_id: null,
        actor_name: 'audited.signin',
        action: 'user.sign_in_failed',
        entity: 'user',
        entity_id: userId,
        after: { application: 'ibuhoo', ip: '127.0.0.1', failedAttempts: 1, locked: false, blocked: false },
      },
      {
        actor_id: null,
        actor_name: 'no.such.person',
        action: 'user.sign_in_failed',
        entity: 'user',
        entity_id: '',
        after: { application: 'ibuhoo', ip: '127.0.0.1', failedAttempts: 1, locked: false, blocked: false },
      },
      {
        actor_id: userId,
        actor_name: 'audited.signin',
        action: 'user.sign_in',
        entity: 'user',
        entity_id: userId,
        after: { application: 'ibuhoo', way: 'password', ip: '127.0.0.1', sessionId: session.id },
      },
    ]);
  });

  it('rejects a password that does not decrypt with the payload key: 400, not 401 or 500', async () => {
    const { app } = server();
    // (a cipher made with another key usually fails too, but now and then decrypts to garbage,
    // which then is just a wrong password: not asserted here)
    for (const password of ['not-a-cipher', 'U2FsdGVkX1+AAAA', 'U2FsdGVkX19zb21lc2FsdA==', ADMIN_PASSWORD]) {
      const response = await app.inject({ method: 'POST', url: '/api/Login', payload: { user: 'admin', password, appname: 'ibuhoo' } });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({
        statusCode: 400,
        result: { information: MESSAGES.undecodablePassword, informationCode: INFORMATION_CODES.badRequest },
      });
    }
  });

  it.each([
    ['no body', undefined],
    ['an array', [1, 2]],
    ['a missing password', { user: 'admin', appname: 'ibuhoo' }],
    ['an empty user', { user: '   ', password: 'x', appname: 'ibuhoo' }],
    ['a number as user', { user: 42, password: 'x', appname: 'ibuhoo' }],
    ['a bad idSessionTab', { user: 'admin', password: 'x', appname: 'ibuhoo', idSessionTab: '12' }],
  ])('answers a malformed body (%s) with 400 in the envelope', async (_case, payload) => {
    const response = await server().app.inject({ method: 'POST', url: '/api/Login', payload: payload as never });
    expect(response.statusCode).toBe(400);
    const body = json(response);
    expect(body.statusCode).toBe(400);
    expect(body.result.informationCode).toBe('R400');
    expect(body.result.information).toMatch(/^Solicitud inválida/);
  });

  it('answers invalid JSON with 400 in the envelope', async () => {
    const response = await server().app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"user": "admin",',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ statusCode: 400, result: { informationCode: 'R400' } });
  });

  it('matches the path case-insensitively', async () => {
    const response = await login(server().app, 'admin', ADMIN_PASSWORD);
    const lower = await server().app.inject({
      method: 'POST',
      url: '/API/LOGIN',
      payload: { user: 'admin', password: encryptPayload(ADMIN_PASSWORD, server().app.ctx.payloadKey), appname: 'ibuhoo' },
    });
    expect(response.statusCode).toBe(200);
    expect(lower.statusCode).toBe(200);
  });

  it('refuses an unknown application (400) and an inactive one (403 R21)', async () => {
    const { app, db } = server();
    const unknown = await login(app, 'admin', ADMIN_PASSWORD, 'nope');
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).result.information).toBe(MESSAGES.applicationUnknown);

    await db.updateTable('applications').set({ idstate: 1 }).where('name', '=', 'confronta').execute();
    const inactive = await login(app, 'admin', ADMIN_PASSWORD, 'confronta');
    expect(inactive.statusCode).toBe(403);
    expect(json(inactive).result).toEqual({ information: MESSAGES.applicationInactive, informationCode: 'R21' });
  });

  it('refuses inactive, not activated and blocked users with their codes, only after a right password', async () => {
    const { app, db } = server();
    const password = 'Us3r.Pass-word';
    await createUser(db, { userName: 'inactive.user', password, idstate: USER_STATE.inactive });
    await createUser(db, { userName: 'pending.user', password, idstate: USER_STATE.pendingActivation });
    await createUser(db, { userName: 'blocked.user', password, idstate: USER_STATE.blocked });

    expect(json(await login(app, 'inactive.user', password)).result).toEqual({
      information: MESSAGES.userInactive,
      informationCode: 'R22',
    });
    expect(json(await login(app, 'pending.user', password)).result).toEqual({
      information: MESSAGES.userNotActivated,
      informationCode: 'R14',
    });
    const blocked = await login(app, 'blocked.user', password);
    expect(blocked.statusCode).toBe(403);
    expect(json(blocked).result).toEqual({
      information: MESSAGES.userBlocked,
      informationCode: 'A20',
      isBlocked: true,
      messageParameter: 'soporte@suite.example',
    });
    // a wrong password does not reveal the state
    expect(json(await login(app, 'blocked.user', 'Wrong.Pass1')).result.informationCode).toBe('R11');
  });

  it('issues tokens for another application with that audience, its urlApp and its lifetime', async () => {
    const { app, db } = server();
    await db.updateTable('applications').set({ amount_time: 15, time_unit: 1 }).where('name', '=', 'firmaya').execute();
    const body = json(await login(app, 'admin', ADMIN_PASSWORD, 'firmaya'));
    // another origin: a single-use code for POST /api/login/GenerateTokens rides along
    expect(body.result.urlApp).toMatch(/^https:\/\/firmaya\.suite\.example\/\?code=[\w-]{43}$/);
    const jwks = json(await app.inject({ method: 'GET', url: '/.well-known/jwks.json' }));
    const { payload } = await jwtVerify(body.result.token, createLocalJWKSet(jwks), { audience: 'firmaya' });
    expect(payload.privileges).toEqual([]); // the admin role is the console's
    expect(payload.APPS).toEqual(['ibuhoo']);
    expect((payload.exp as number) - (payload.iat as number)).toBe(15 * 60);
  });

  it('refuses an expired password with 403 R18 per the application (3 days, 4 months; -1 never), after a right password only', async () => {
    const { app, db } = server();
    const password = 'Exp1red.Pass';
    const day = 86_400_000;
    await createUser(db, { userName: 'old.password', password });
    await db
      .updateTable('users')
      .set({ password_changed_at: new Date(Date.now() - 40 * day) })
      .where('user_name', '=', 'old.password')
      .execute();

    // biometria: never expires (-1) → signs in
    expect((await login(app, 'old.password', password, 'biometria')).statusCode).toBe(200);

    // 30 days → expired
    await db
      .updateTable('applications')
      .set({ password_expiration: 30, password_type_expiration: 3 })
      .where('name', '=', 'biometria')
      .execute();
    const expired = await login(app, 'old.password', password, 'biometria');
    expect(expired.statusCode).toBe(403);
    expect(json(expired).result).toEqual({ information: MESSAGES.passwordExpired, informationCode: 'R18', urlApp: '/changepassword' });
    // a wrong password still says R11
    expect(json(await login(app, 'old.password', 'Wrong.Pass1', 'biometria')).result.informationCode).toBe('R11');

    // 2 months → not yet (40 days old); 1 month → expired
    await db
      .updateTable('applications')
      .set({ password_expiration: 2, password_type_expiration: 4 })
      .where('name', '=', 'biometria')
      .execute();
    expect((await login(app, 'old.password', password, 'biometria')).statusCode).toBe(200);
    await db
      .updateTable('applications')
      .set({ password_expiration: 1, password_type_expiration: 4 })
      .where('name', '=', 'biometria')
      .execute();
    expect(json(await login(app, 'old.password', password, 'biometria')).result.informationCode).toBe('R18');
    // the right password cleared the counters: no lockout row is left behind
    const user = await db.selectFrom('users').select('id').where('user_name', '=', 'old.password').executeTakeFirstOrThrow();
    expect(await db.selectFrom('sign_in_lockouts').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('refuses sign-in during a maintenance window with 403 R23 and the window message; global windows count too', async () => {
    const { app, db } = server();
    const confronta = await db.selectFrom('applications').select('id').where('name', '=', 'license').executeTakeFirstOrThrow();
    const now = Date.now();
    await db
      .insertInto('maintenance_windows')
      .values({
        application_id: confronta.id,
        starts_at: new Date(now - 60_000),
        ends_at: new Date(now + 60_000),
        message: 'Volvemos a las 10:00.',
      })
      .execute();
    const refused = await login(app, 'admin', ADMIN_PASSWORD, 'license');
    expect(refused.statusCode).toBe(403);
    expect(json(refused).result).toEqual({ information: 'Volvemos a las 10:00.', informationCode: 'R23' });
    // a past window and other applications are not affected
    expect((await login(app, 'admin', ADMIN_PASSWORD, 'biometria')).statusCode).toBe(200);

    const global = await db
      .insertInto('maintenance_windows')
      .values({ application_id: null, starts_at: new Date(now - 1000), ends_at: new Date(now + 60_000), message: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const everywhere = await login(app, 'admin', ADMIN_PASSWORD, 'biometria');
    expect(json(everywhere).result).toEqual({ information: MESSAGES.applicationMaintenance, informationCode: 'R23' });
    await db.deleteFrom('maintenance_windows').where('id', '=', global.id).execute();
    await db.deleteFrom('maintenance_windows').where('application_id', '=', confronta.id).execute();
    expect((await login(app, 'admin', ADMIN_PASSWORD, 'license')).statusCode).toBe(200);
  });

  it('changes nothing on a refused call before the password is looked at (bad body, unknown or inactive application, bad cipher)', async () => {
    const { app, db } = server();
    await createUser(db, { userName: 'untouched', password: 'Us3r.Pass-word' });
    const count = async () => ({
      lockouts: (await db.selectFrom('sign_in_lockouts').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n,
      sessions: (await db.selectFrom('sessions').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n,
    });
    const before = await count();
    await app.inject({ method: 'POST', url: '/api/Login', payload: { user: 'untouched', appname: 'ibuhoo' } });
    await login(app, 'untouched', 'Wrong.Pass1', 'no-such-app');
    await app.inject({ method: 'POST', url: '/api/Login', payload: { user: 'untouched', password: 'plain', appname: 'ibuhoo' } });
    await db.updateTable('applications').set({ idstate: 1 }).where('name', '=', 'myselfcert').execute();
    await login(app, 'untouched', 'Wrong.Pass1', 'myselfcert');
    expect(await count()).toEqual(before);
  });
});
