import { encryptPayload } from '@suite/shared/crypto';
import {
  INFORMATION_CODES,
  LOGIN_MAX_FAILED_ATTEMPTS,
  USER_SECURITY_MESSAGES,
  USER_STATE,
  userSessionsApi,
  usersApi,
} from '@suite/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { ADMIN_PASSWORD, auditedChanges, createUser, describeEachBackend, json, tokenFor } from '../../../test/harness';

const PASSWORD = 'Sessions.Person2026';
const APP = 'biometria';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A sign-in from a browser: its User-Agent is what the session records. */
async function signInFrom(app: FastifyInstance, user: string, userAgent: string, password = PASSWORD) {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/Login',
    headers: { 'user-agent': userAgent },
    payload: { user, password: encryptPayload(password, app.ctx.payloadKey), appname: APP, Browser: 'Chrome', TypeDeviceId: 2 },
  });
  return json(reply).result as { token?: string; refreshToken?: string; informationCode: string };
}

const path = (template: string, id: string, sessionId = '') => template.replace(':id', id).replace(':sessionId', sessionId);

describeEachBackend("a person's sessions and lockout in the users console", (server) => {
  const app = () => server().app;
  const db = () => server().db;
  const as = (token: string, method: 'GET' | 'POST', url: string) =>
    app().inject({ method, url, headers: { authorization: `Bearer ${token}` } });
  const refresh = (refreshToken: string, user: string) =>
    app().inject({ method: 'POST', url: '/api/Login/RefreshToken', payload: { RefreshToken: refreshToken, UserName: user, Appname: APP } });
  const stillSignedIn = async (token: string) => (await as(token, 'GET', '/api/account/factors')).statusCode;

  it("lists the person's live sessions only, with device, browser and address; closes one, then all, at once and audited", async () => {
    const userId = await createUser(db(), { userName: 'us.person', password: PASSWORD });
    await createUser(db(), { userName: 'us.other', password: PASSWORD });
    const phone = await signInFrom(app(), 'us.person', IPHONE);
    const laptop = await signInFrom(app(), 'us.person', WINDOWS);
    await signInFrom(app(), 'us.other', WINDOWS);
    const admin = await tokenFor(app(), 'admin', ADMIN_PASSWORD);
    await createUser(db(), { userName: 'us.reader', password: PASSWORD, privileges: ['USERS_READ'] });
    const reader = await tokenFor(app(), 'us.reader', PASSWORD);

    const listed = json(await as(reader, 'GET', path(userSessionsApi.list.path, userId))).result.sessions;
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ application: APP, deviceType: 'mobile', browser: 'Safari', address: '127.0.0.1', lastRefreshAt: null }),
        expect.objectContaining({ application: APP, deviceType: 'desktop', browser: 'Chrome' }),
      ]),
    );
    // a renewal shows as the session's last refresh
    const renewed = json(await refresh(laptop.refreshToken as string, 'us.person')).result;
    const laptopSession = json(await as(admin, 'GET', path(userSessionsApi.list.path, userId))).result.sessions.find(
      (s: { deviceType: string }) => s.deviceType === 'desktop',
    );
    expect(laptopSession.lastRefreshAt).toEqual(expect.any(String));
    const phoneSession = listed.find((s: { deviceType: string }) => s.deviceType === 'mobile');

    // refused, and nothing changes: a reader, another person's session, malformed ids
    const before = await auditedChanges(db());
    expect((await as(reader, 'POST', path(userSessionsApi.close.path, userId, phoneSession.id))).statusCode).toBe(403);
    const others = await db().selectFrom('sessions').select('id').where('user_id', '<>', userId).where('revoked_at', 'is', null).execute();
    const foreign = await as(admin, 'POST', path(userSessionsApi.close.path, userId, others[0].id));
    expect({ status: foreign.statusCode, information: json(foreign).result.information }).toEqual({
      status: 404,
      information: USER_SECURITY_MESSAGES.sessionUnknown,
    });
    expect((await as(admin, 'POST', path(userSessionsApi.close.path, 'nope', phoneSession.id))).statusCode).toBe(400);
    expect((await as(admin, 'GET', path(userSessionsApi.list.path, '00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect(await auditedChanges(db())).toEqual(before);
    expect(await stillSignedIn(phone.token as string)).toBe(200);

    // one closed: its access token and its refresh token are refused at once, the other session lives
    const afterOne = json(await as(admin, 'POST', path(userSessionsApi.close.path, userId, phoneSession.id))).result.sessions;
    expect(afterOne).toHaveLength(1);
    expect(await stillSignedIn(phone.token as string)).toBe(401);
    expect((await refresh(phone.refreshToken as string, 'us.person')).statusCode).toBe(401);
    expect(await stillSignedIn(renewed.token as string)).toBe(200);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor_name', 'entity_id', 'after'])
      .where('action', '=', 'session.close')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_name: 'admin', entity_id: userId, after: { sessions: [phoneSession.id] } });

    // all closed; the other person's session is untouched
    expect(json(await as(admin, 'POST', path(userSessionsApi.closeAll.path, userId))).result.sessions).toEqual([]);
    expect(await stillSignedIn(renewed.token as string)).toBe(401);
    expect(
      await db().selectFrom('sessions').select('id').where('id', '=', others[0].id).where('revoked_at', 'is', null).execute(),
    ).toHaveLength(1);
  });

  it("shows a lockout on the list and the card ('Bloqueado') and lifts it with 'Desbloquear', audited", async () => {
    const userId = await createUser(db(), { userName: 'us.locked', password: PASSWORD });
    for (let i = 0; i < LOGIN_MAX_FAILED_ATTEMPTS; i += 1) await signInFrom(app(), 'us.locked', WINDOWS, 'wrong-password');
    expect((await signInFrom(app(), 'us.locked', WINDOWS)).informationCode).toBe(INFORMATION_CODES.temporaryLock);
    const admin = await tokenFor(app(), 'admin', ADMIN_PASSWORD);

    const row = async () => {
      const list = await app().inject({
        method: 'GET',
        url: usersApi.userList.path,
        headers: { authorization: `Bearer ${admin}`, pages: '1,10', customerSearch: 'us.locked', filterBy: '3' },
      });
      return json(list).result.users.find((u: { id: string }) => u.id === userId);
    };
    const detail = async () =>
      json(await app().inject({ method: 'GET', url: usersApi.userById.path, headers: { authorization: `Bearer ${admin}`, pid: userId } }))
        .result.records[0];
    expect((await row()).lock).toEqual({ kind: 'locked', until: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
    expect(new Date((await row()).lock.until).getTime()).toBeGreaterThan(Date.now());
    expect((await detail()).lock).toEqual((await row()).lock);

    // an administrator who holds less than the console's everything acts on nobody holding more
    await createUser(db(), { userName: 'us.writer', password: PASSWORD, privileges: ['USERS_READ', 'USERS_WRITE'] });
    const writer = await tokenFor(app(), 'us.writer', PASSWORD);
    const adminId = (await db().selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id;
    const before = await auditedChanges(db());
    expect((await as(writer, 'POST', path(userSessionsApi.unlock.path, adminId))).statusCode).toBe(403);
    expect((await as(writer, 'POST', path(userSessionsApi.closeAll.path, adminId))).statusCode).toBe(403);
    expect(await auditedChanges(db())).toEqual(before);
    // nothing was closed: the administrator's own session still answers
    expect((await as(admin, 'GET', path(userSessionsApi.list.path, adminId))).statusCode).toBe(200);

    const unlocked = await as(writer, 'POST', path(userSessionsApi.unlock.path, userId));
    expect(json(unlocked).result.information).toBe(USER_SECURITY_MESSAGES.unlocked);
    expect((await row()).lock).toBeUndefined();
    expect((await detail()).lock).toBeUndefined();
    expect((await signInFrom(app(), 'us.locked', WINDOWS)).token).toEqual(expect.any(String));
    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor_name', 'before'])
      .where('action', '=', 'user.unlock')
      .where('entity_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_name: 'us.writer', before: { lock: { kind: 'locked' } } });
    // nothing left to lift
    const again = await as(writer, 'POST', path(userSessionsApi.unlock.path, userId));
    expect({ status: again.statusCode, information: json(again).result.information }).toEqual({
      status: 400,
      information: USER_SECURITY_MESSAGES.notLocked,
    });
  });

  it('shows a block until it is lifted, and unlocking an account blocked by state makes it active', async () => {
    const userId = await createUser(db(), { userName: 'us.blocked', password: PASSWORD, idstate: USER_STATE.blocked });
    await db()
      .insertInto('sign_in_lockouts')
      .values({ subject: userId, user_id: userId, failed_attempts: 3, lock_count: 3, in_flight: 0, blocked_at: new Date() })
      .execute();
    const admin = await tokenFor(app(), 'admin', ADMIN_PASSWORD);
    const detail = async () =>
      json(await app().inject({ method: 'GET', url: usersApi.userById.path, headers: { authorization: `Bearer ${admin}`, pid: userId } }))
        .result.records[0];
    expect((await detail()).lock).toEqual({ kind: 'blocked' });
    expect((await as(admin, 'POST', path(userSessionsApi.unlock.path, userId))).statusCode).toBe(200);
    expect(await detail()).toMatchObject({ idstate: USER_STATE.active });
    expect((await detail()).lock).toBeUndefined();
    expect((await signInFrom(app(), 'us.blocked', WINDOWS)).token).toEqual(expect.any(String));
  });
});
