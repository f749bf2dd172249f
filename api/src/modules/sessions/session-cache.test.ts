import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { decryptPayload, encryptPayload } from '@suite/shared/crypto';
import { USER_STATE, type PasswordLinkPayload } from '@suite/shared/contracts';
import { createServer, type Server } from '../../app';
import {
  ADMIN_PASSWORD,
  createUser,
  describeEachBackend,
  json,
  login,
  startTestServer,
  tokenFor,
  type TestServer,
} from '../../../test/harness';
import { deleteUser, setUserState } from '../users/service';
import { SessionService } from './service';

/**
 * A session's "live" answer is cached far longer than any test here: a token refused right after
 * a change can only have been refused because the change was announced (to this instance, or
 * through PostgreSQL to another one), never because the cached answer ran out.
 */
const LONG_CACHE = { sessionCacheMs: 600_000 };
const PASSWORD = 'C4ched.Session-pass';
const APP = 'ibuhoo';

let n = 0;

interface Holder {
  user: string;
  userId: string;
  email: string;
  token: string;
  refreshToken: string;
}

/** A user signed in to APP on `app`. */
async function signedIn(db: TestServer['db'], app: FastifyInstance, prefix: string): Promise<Holder> {
  const user = `${prefix}.${process.pid}.${++n}`;
  const email = `${user}@example.com`;
  const userId = await createUser(db, { userName: user, email, password: PASSWORD });
  const reply = await login(app, user, PASSWORD, APP);
  if (reply.statusCode !== 200) throw new Error(`sign-in failed: ${reply.body}`);
  const { token, refreshToken } = json(reply).result as { token: string; refreshToken: string };
  return { user, userId, email, token, refreshToken };
}

function validate(app: FastifyInstance, holder: Holder) {
  return app.inject({
    method: 'GET',
    url: '/api/login/TokenValidation',
    headers: { user: holder.user, token: `Bearer ${holder.token}`, currentApp: APP },
  });
}

/** The token validates on `app`, so its session's "live" answer is now cached there. */
async function cachedLive(app: FastifyInstance, holder: Holder): Promise<void> {
  expect((await validate(app, holder)).statusCode).toBe(200);
  expect((await validate(app, holder)).statusCode).toBe(200);
}

/**
 * The status of the first validation that is not 200 within `ms` (a notification from another
 * instance arrives asynchronously, in milliseconds); 200 when the token still validates then.
 */
async function refusedWithin(app: FastifyInstance, holder: Holder, ms = 3000): Promise<number> {
  const until = Date.now() + ms;
  for (;;) {
    const status = (await validate(app, holder)).statusCode;
    if (status !== 200 || Date.now() > until) return status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Admin calls of the console, signed in on `app`. */
async function adminCaller(app: FastifyInstance) {
  const token = await tokenFor(app, 'admin', ADMIN_PASSWORD);
  return (url: string, payload: object) => app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
}

/** Resets the password of `holder` the way its owner does: ResetPassword, then the mailed link's AssignPassword. */
async function resetPassword(app: FastifyInstance, holder: Holder): Promise<void> {
  expect(
    (await app.inject({ method: 'POST', url: '/api/login/ResetPassword', payload: { appname: APP, user: holder.user } })).statusCode,
  ).toBe(200);
  const mails = json<Array<{ to: string; links: string[] }>>(await app.inject({ method: 'GET', url: '/dev/mail.json' }));
  const link = mails.find((m) => m.to === holder.email)?.links.find((l) => l.includes('/changepassword?')) as string;
  const payload = JSON.parse(
    decryptPayload(decodeURIComponent(link.slice(link.indexOf('?') + 1)), app.ctx.payloadKey) as string,
  ) as PasswordLinkPayload;
  const assigned = await app.inject({
    method: 'POST',
    url: '/api/login/AssignPassword',
    payload: {
      user: payload.user,
      token: payload.token,
      appname: APP,
      password: encryptPayload('N3w.Session-pass', app.ctx.payloadKey),
      isUserActivation: false,
    },
  });
  expect(assigned.statusCode).toBe(200);
}

describeEachBackend(
  'a cached live session ends at once on the instance that ends it',
  (server) => {
    let admin: Awaited<ReturnType<typeof adminCaller>>;
    beforeAll(async () => {
      admin = await adminCaller(server().app);
    });

    it('when its user is deactivated', async () => {
      const { app, db } = server();
      const holder = await signedIn(db, app, 'deactivated');
      await cachedLive(app, holder);
      expect((await admin('/api/user/Inactivate', { id: holder.userId, idstate: USER_STATE.inactive })).statusCode).toBe(200);
      expect((await validate(app, holder)).statusCode).toBe(401);
    });

    it('when its user is deleted', async () => {
      const { app, db } = server();
      const holder = await signedIn(db, app, 'deleted');
      await cachedLive(app, holder);
      expect((await admin('/api/user/delete', { Id: holder.userId })).statusCode).toBe(200);
      expect((await validate(app, holder)).statusCode).toBe(401);
    });

    it("when its user's password is reset", async () => {
      const { app, db } = server();
      const holder = await signedIn(db, app, 'reset');
      await cachedLive(app, holder);
      await resetPassword(app, holder);
      expect((await validate(app, holder)).statusCode).toBe(401);
    });

    it('when its user is deactivated, even if ending the sessions never happened', async () => {
      const { app, db } = server();
      const holder = await signedIn(db, app, 'half.deactivated');
      await cachedLive(app, holder);
      // the state change commits; this instance only forgets what the change's announcement names
      await setUserState(db, undefined, holder.userId, USER_STATE.inactive);
      app.ctx.sessions.ended({ users: [holder.userId] });
      expect((await validate(app, holder)).statusCode).toBe(401);
    });

    it('keeps nothing live while announcements could be missed, and forgets everything on a reset', async () => {
      const { app, db } = server();
      const unheard = await signedIn(db, app, 'unheard');
      const heard = await signedIn(db, app, 'heard');
      let listening = false;
      const sessions = new SessionService(db, undefined, 600_000, undefined, () => listening);
      const check = (holder: Holder) => sessions.isLive(decodeJwt(holder.token).sid as string, holder.userId);
      // a change made by hand in the database, which nothing announces
      const endByHand = (holder: Holder) =>
        db
          .updateTable('sessions')
          .set({ revoked_at: new Date() })
          .where('id', '=', decodeJwt(holder.token).sid as string)
          .execute();
      // not listening: every check reads the database
      expect(await check(unheard)).toBe(true);
      await endByHand(unheard);
      expect(await check(unheard)).toBe(false);
      // listening: the live answer is cached, so the unannounced change is not seen
      listening = true;
      expect(await check(heard)).toBe(true);
      await endByHand(heard);
      expect(await check(heard)).toBe(true);
      // a listener reset: nothing cached is trusted any more
      sessions.dropAll();
      expect(await check(heard)).toBe(false);
    });

    it('does not keep a live answer read while an announcement arrived', async () => {
      const { app, db } = server();
      const holder = await signedIn(db, app, 'raced');
      const sid = decodeJwt(holder.token).sid as string;
      const sessions = new SessionService(db, undefined, 600_000);
      const reading = sessions.isLive(sid, holder.userId);
      // an announcement arrives while the read is under way (its query was sent before it)
      sessions.ended({ users: [holder.userId] });
      expect(await reading).toBe(true);
      await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sid).execute();
      // the racing read's answer was not kept: this one reads the database
      expect(await sessions.isLive(sid, holder.userId)).toBe(false);
    });

    it('answers sessions read together in one batch each for itself', async () => {
      const { app, db } = server();
      const live = await signedIn(db, app, 'batch.live');
      const ended = await signedIn(db, app, 'batch.ended');
      const sid = (holder: Holder) => decodeJwt(holder.token).sid as string;
      await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sid(ended)).execute();
      const sessions = new SessionService(db, undefined, 600_000);
      const answers = await Promise.all([
        sessions.isLive(sid(live), live.userId),
        sessions.isLive(sid(ended), ended.userId),
        sessions.isLive('00000000-0000-4000-8000-000000000000', live.userId),
        sessions.isLive(sid(live).toUpperCase(), live.userId),
        sessions.isLive(sid(live), ended.userId),
      ]);
      expect(answers).toEqual([true, false, false, true, false]);
    });
  },
  LONG_CACHE,
);

const PG = Boolean(process.env.DATABASE_URL);

(PG ? describe : describe.skip)('a cached live session ends at once on another instance on the same PostgreSQL', () => {
  let a: TestServer & { dispose(): Promise<void> };
  let b: Server;
  let adminOnB: Awaited<ReturnType<typeof adminCaller>>;

  beforeAll(async () => {
    a = await startTestServer('postgres', LONG_CACHE);
    b = await createServer(a.config, { logger: false, onGeneratedAdminPassword: () => undefined });
    adminOnB = await adminCaller(b.app);
  }, 60_000);

  afterAll(async () => {
    await b?.app.close();
    await a?.dispose();
  }, 30_000);

  it('when instance B deactivates its user', async () => {
    const holder = await signedIn(a.db, a.app, 'b.deactivates');
    await cachedLive(a.app, holder);
    expect((await adminOnB('/api/user/Inactivate', { id: holder.userId, idstate: USER_STATE.inactive })).statusCode).toBe(200);
    expect(await refusedWithin(a.app, holder)).toBe(401);
  });

  it('when instance B deletes its user', async () => {
    const holder = await signedIn(a.db, a.app, 'b.deletes');
    await cachedLive(a.app, holder);
    expect((await adminOnB('/api/user/delete', { Id: holder.userId })).statusCode).toBe(200);
    expect(await refusedWithin(a.app, holder)).toBe(401);
  });

  it("when its user's password is reset through instance B", async () => {
    const holder = await signedIn(a.db, a.app, 'b.resets');
    await cachedLive(a.app, holder);
    await resetPassword(b.app, holder);
    expect(await refusedWithin(a.app, holder)).toBe(401);
  });

  it('when it signs out through instance B (no message is pushed for a sign-out)', async () => {
    const holder = await signedIn(a.db, a.app, 'b.signs.out');
    await cachedLive(a.app, holder);
    const out = await b.app.inject({
      method: 'PUT',
      url: '/api/login/RevokeToken',
      payload: { UserName: holder.user, Quantity: 1, AppName: APP, RefreshToken: holder.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expect(await refusedWithin(a.app, holder)).toBe(401);
  });

  it("when B's deactivation or deletion commits and its sessions are never ended (B went down in between)", async () => {
    const inactive = await signedIn(a.db, a.app, 'b.half.deactivates');
    const deleted = await signedIn(a.db, a.app, 'b.half.deletes');
    await cachedLive(a.app, inactive);
    await cachedLive(a.app, deleted);
    await setUserState(b.app.ctx.db, undefined, inactive.userId, USER_STATE.inactive);
    await deleteUser(b.app.ctx.db, undefined, deleted.userId);
    expect(await refusedWithin(a.app, inactive)).toBe(401);
    expect(await refusedWithin(a.app, deleted)).toBe(401);
  });

  it('while the token of an untouched session keeps validating from the cache', async () => {
    const holder = await signedIn(a.db, a.app, 'untouched');
    await cachedLive(a.app, holder);
    expect(await refusedWithin(a.app, holder, 300)).toBe(200);
  });
});
