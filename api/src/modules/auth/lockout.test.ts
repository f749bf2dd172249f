import { sql } from 'kysely';
import { encryptPayload } from '@suite/shared/crypto';
import { INFORMATION_CODES, MESSAGES, USER_STATE } from '@suite/shared/contracts';
import { createUser, describeEachBackend, json, login } from '../../../test/harness';
import { liftLockout } from './lockout';

const PASSWORD = 'L0ck.Out-Pass';
const WRONG = 'Wrong.Pass-1';

describeEachBackend('sign-in lockout', (server) => {
  let counter = 0;
  async function newUser(): Promise<{ name: string; id: string }> {
    const name = `lock.user${++counter}`;
    const id = await createUser(server().db, { userName: name, password: PASSWORD });
    return { name, id };
  }

  async function row(userId: string) {
    return server().db.selectFrom('sign_in_lockouts').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Ends the current temporary lock as if its time had passed. */
  async function expireLock(userId: string) {
    await server()
      .db.updateTable('sign_in_lockouts')
      .set({ locked_until: sql`now() - interval '1 second'` })
      .where('user_id', '=', userId)
      .execute();
  }

  it('counts R11 attempts, locks on the third with R13 and the seconds left, and refuses even the right password while locked', async () => {
    const { app } = server();
    const user = await newUser();
    const first = json(await login(app, user.name, WRONG));
    expect(first.result).toEqual({
      information: MESSAGES.loginFailed,
      informationCode: 'R11',
      failedLoginInformation: { failedAttempts: 1, lockTime: 0 },
    });
    expect(json(await login(app, user.name, WRONG)).result.failedLoginInformation).toEqual({ failedAttempts: 2, lockTime: 0 });

    const third = await login(app, user.name, WRONG);
    expect(third.statusCode).toBe(423);
    expect(json(third)).toEqual({
      statusCode: 423,
      result: {
        information: MESSAGES.temporaryLock,
        informationCode: 'R13',
        failedLoginInformation: { failedAttempts: 3, lockTime: 300 },
      },
    });

    const right = await login(app, user.name, PASSWORD);
    expect(right.statusCode).toBe(423);
    expect(json(right).result.informationCode).toBe('R13');
    expect(json(right).result.failedLoginInformation.lockTime).toBeGreaterThan(295);
    expect(await row(user.id)).toMatchObject({ failed_attempts: 3, lock_count: 1, blocked_at: null });
  });

  it('holds under 20 parallel wrong passwords: exactly 3 counted, then locked', async () => {
    const { app } = server();
    const user = await newUser();
    const replies = await Promise.all(Array.from({ length: 20 }, () => login(app, user.name, WRONG)));
    const bodies = replies.map((r) => json(r));
    const r11 = bodies.filter((b) => b.result.informationCode === 'R11');
    const r13 = bodies.filter((b) => b.result.informationCode === 'R13');
    expect(r11).toHaveLength(2);
    expect(r11.map((b) => b.result.failedLoginInformation.failedAttempts).sort()).toEqual([1, 2]);
    expect(r13).toHaveLength(18);
    for (const b of r13) {
      expect(b.result.failedLoginInformation.failedAttempts).toBe(3);
      expect(b.result.failedLoginInformation.lockTime).toBeGreaterThan(0);
    }
    // one lock, three attempts counted, nothing more
    expect(await row(user.id)).toMatchObject({ failed_attempts: 3, lock_count: 1, blocked_at: null });
    // and still locked for the right password
    expect(json(await login(app, user.name, PASSWORD)).result.informationCode).toBe('R13');
  });

  it('lets through at most three password checks per round, even when the right password is among 20 parallel attempts', async () => {
    const { app } = server();
    const user = await newUser();
    // the right password arrives last: the three slots are long taken
    const wrong = Array.from({ length: 19 }, () => login(app, user.name, WRONG));
    await new Promise((r) => setTimeout(r, 5));
    const replies = await Promise.all([...wrong, login(app, user.name, PASSWORD)]);
    const codes = replies.map((r) => json(r).result.informationCode as string);
    const verified = codes.filter((c) => c === 'R11' || c === 'A10').length;
    expect(verified).toBeLessThanOrEqual(3);
    expect(codes.filter((c) => c === 'R13').length).toBeGreaterThanOrEqual(17);
  });

  it('resets the counters on success', async () => {
    const { app } = server();
    const user = await newUser();
    await login(app, user.name, WRONG);
    await login(app, user.name, WRONG);
    expect((await row(user.id))?.failed_attempts).toBe(2);
    expect((await login(app, user.name, PASSWORD)).statusCode).toBe(200);
    expect(await row(user.id)).toBeUndefined();
    expect(json(await login(app, user.name, WRONG)).result.failedLoginInformation).toEqual({ failedAttempts: 1, lockTime: 0 });
    expect(json(await login(app, user.name, WRONG)).result.failedLoginInformation).toEqual({ failedAttempts: 2, lockTime: 0 });
  });

  it('counts lockTime down', async () => {
    const { app } = server();
    const user = await newUser();
    for (let i = 0; i < 3; i++) await login(app, user.name, WRONG);
    const before = json(await login(app, user.name, WRONG)).result.failedLoginInformation.lockTime as number;
    await new Promise((r) => setTimeout(r, 1100));
    const after = json(await login(app, user.name, WRONG)).result.failedLoginInformation.lockTime as number;
    expect(after).toBeLessThan(before);
    expect(after).toBeGreaterThanOrEqual(before - 3);
  });

  it('starts a new round when the lock runs out, and the right password then signs in', async () => {
    const { app } = server();
    const user = await newUser();
    for (let i = 0; i < 3; i++) await login(app, user.name, WRONG);
    await expireLock(user.id);
    expect(json(await login(app, user.name, WRONG)).result.failedLoginInformation).toEqual({ failedAttempts: 1, lockTime: 0 });
    expect((await login(app, user.name, PASSWORD)).statusCode).toBe(200);
  });

  it('doubles each temporary lock and blocks unrecognised clients (A20, isBlocked) at the third, leaving the account and its sessions alone; lifting it lets them in', async () => {
    const { app, db } = server();
    const user = await newUser();
    const session = json(await login(app, user.name, PASSWORD)).result.token as string;
    const lockRound = async () => {
      let last;
      for (let i = 0; i < 3; i++) last = json(await login(app, user.name, WRONG));
      return last;
    };
    const lock1 = await lockRound();
    expect(lock1.result).toMatchObject({ informationCode: 'R13', failedLoginInformation: { failedAttempts: 3, lockTime: 300 } });
    await expireLock(user.id);
    const lock2 = await lockRound();
    expect(lock2.result).toMatchObject({ informationCode: 'R13', failedLoginInformation: { failedAttempts: 3, lockTime: 600 } });
    await expireLock(user.id);
    const block = await lockRound();
    expect(block.statusCode).toBe(403);
    expect(block.result).toEqual({
      information: MESSAGES.userBlocked,
      informationCode: INFORMATION_CODES.blocked,
      isBlocked: true,
      messageParameter: 'soporte@suite.example',
    });
    // others' failures do not change the account: still active, and its live session goes on
    const state = await db.selectFrom('users').select('idstate').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(state.idstate).toBe(USER_STATE.active);
    expect(await db.selectFrom('sessions').select('revoked_at').where('user_id', '=', user.id).execute()).toEqual([{ revoked_at: null }]);
    const validation = await app.inject({
      method: 'GET',
      url: '/api/login/TokenValidation',
      headers: { user: user.name, token: `Bearer ${session}`, option: '0', currentApp: 'ibuhoo' },
    });
    expect(validation.statusCode).toBe(200);
    // the right password from an unrecognised client does not help, and time does not lift it
    await expireLock(user.id);
    expect(json(await login(app, user.name, PASSWORD)).result).toMatchObject({ informationCode: 'A20', isBlocked: true });

    // an administrator (or a password reset) lifts it
    expect(await liftLockout(db, user.id)).toBe(true);
    expect((await login(app, user.name, PASSWORD)).statusCode).toBe(200);
  });

  describe('recognised devices', () => {
    const DEVICE = 'suite_device';

    /** Signs in (or tries) from a client holding the cookie `device`; returns the reply and the cookie it holds afterwards. */
    async function attempt(user: string, password: string, device?: string) {
      const { app } = server();
      const response = await app.inject({
        method: 'POST',
        url: '/api/Login',
        payload: { user, password: encryptPayload(password, app.ctx.payloadKey), appname: 'ibuhoo', TypeDeviceId: 2 },
        ...(device ? { cookies: { [DEVICE]: device } } : {}),
      });
      const set = response.cookies.find((c) => c.name === DEVICE);
      return { response, code: json(response).result.informationCode as string, device: set?.value ?? device, set };
    }

    async function strangerBlocks(name: string, id: string) {
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 3; i++) await attempt(name, WRONG);
        await expireLock(id);
      }
      expect((await attempt(name, PASSWORD)).code).toBe('A20');
    }

    it('gives a browser that proved the password an HttpOnly, SameSite=Strict device cookie for /api, once', async () => {
      const user = await newUser();
      const first = await attempt(user.name, PASSWORD);
      expect(first.response.statusCode).toBe(200);
      expect(first.set).toMatchObject({ path: '/api', httpOnly: true, sameSite: 'Strict' });
      expect(first.set?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // only its hash is stored
      const stored = await server().db.selectFrom('recognised_devices').selectAll().where('user_id', '=', user.id).execute();
      expect(stored).toHaveLength(1);
      expect(stored[0].device_hash).not.toContain(first.device as string);
      // a device that already has one keeps it; a wrong password sets none
      expect((await attempt(user.name, PASSWORD, first.device)).set).toBeUndefined();
      expect((await attempt(user.name, WRONG)).set).toBeUndefined();
    });

    it("lets the owner's recognised device in while a stranger's wrong passwords have blocked every other client", async () => {
      const user = await newUser();
      const owner = (await attempt(user.name, PASSWORD)).device as string;
      await strangerBlocks(user.name, user.id);
      const back = await attempt(user.name, PASSWORD, owner);
      expect(back.response.statusCode).toBe(200);
      // the stranger's block stays for everyone else
      expect((await attempt(user.name, PASSWORD)).code).toBe('A20');
      expect((await attempt(user.name, PASSWORD, 'A'.repeat(43))).code).toBe('A20');
    });

    it("counts a recognised device's wrong passwords on its own: they lock that device, not the others", async () => {
      const user = await newUser();
      const owner = (await attempt(user.name, PASSWORD)).device as string;
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await attempt(user.name, WRONG, owner)).code);
      expect(codes).toEqual(['R11', 'R11', 'R13']);
      expect((await attempt(user.name, PASSWORD, owner)).code).toBe('R13');
      // an unrecognised client still has its three attempts, and the right password signs in
      expect((await attempt(user.name, WRONG)).response.json().result.failedLoginInformation).toEqual({ failedAttempts: 1, lockTime: 0 });
      expect((await attempt(user.name, PASSWORD)).response.statusCode).toBe(200);
    });

    it("does not recognise another account's device, a forged cookie, or a device whose proof is older than LOCKOUT_DEVICE_DAYS", async () => {
      const { db } = server();
      const user = await newUser();
      const other = await newUser();
      const othersDevice = (await attempt(other.name, PASSWORD)).device as string;
      const owner = (await attempt(user.name, PASSWORD)).device as string;
      await db
        .updateTable('recognised_devices')
        .set({ proved_at: sql`now() - interval '31 days'` })
        .where('user_id', '=', user.id)
        .execute();
      await strangerBlocks(user.name, user.id);
      expect((await attempt(user.name, PASSWORD, owner)).code).toBe('A20');
      expect((await attempt(user.name, PASSWORD, othersDevice)).code).toBe('A20');
      expect((await attempt(user.name, PASSWORD, 'not a device id')).code).toBe('A20');
    });

    it('a password reset lifts the block of every client, recognised or not', async () => {
      const { db } = server();
      const user = await newUser();
      const owner = (await attempt(user.name, PASSWORD)).device as string;
      for (let i = 0; i < 3; i++) await attempt(user.name, WRONG, owner);
      await strangerBlocks(user.name, user.id);
      expect(await liftLockout(db, user.id)).toBe(true);
      expect(await db.selectFrom('sign_in_lockouts').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
      expect((await attempt(user.name, PASSWORD, owner)).response.statusCode).toBe(200);
      expect((await attempt(user.name, PASSWORD)).response.statusCode).toBe(200);
    });
  });

  it('lifting a temporary lock lets the user in at once; a manual block stays unless asked', async () => {
    const { app, db } = server();
    const user = await newUser();
    for (let i = 0; i < 3; i++) await login(app, user.name, WRONG);
    expect(await liftLockout(db, user.id)).toBe(true);
    expect((await login(app, user.name, PASSWORD)).statusCode).toBe(200);

    const manual = await createUser(db, { userName: 'manual.block', password: PASSWORD, idstate: USER_STATE.blocked });
    expect(await liftLockout(db, manual)).toBe(false);
    expect(json(await login(app, 'manual.block', PASSWORD)).result.informationCode).toBe('A20');
    expect(await liftLockout(db, manual, { unblock: true })).toBe(true);
    expect((await login(app, 'manual.block', PASSWORD)).statusCode).toBe(200);
  });

  it('treats a name without an account the same way, step by step, without creating users', async () => {
    const { app, db } = server();
    const known = await newUser();
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) {
      const a = await login(app, 'ghost.account', WRONG);
      const b = await login(app, known.name, WRONG);
      expect(a.body).toBe(b.body);
      codes.push(json(a).result.informationCode);
    }
    expect(codes).toEqual(['R11', 'R11', 'R13', 'R13']);
    const ghost = await db.selectFrom('sign_in_lockouts').selectAll().where('subject', '=', '~ghost.account').executeTakeFirstOrThrow();
    expect(ghost).toMatchObject({ user_id: null, failed_attempts: 3, lock_count: 1 });
  });
});
