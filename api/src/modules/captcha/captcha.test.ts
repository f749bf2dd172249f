import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { CAPTCHA_CHALLENGE_PATH, CERTIFICATE_LOGIN_PATH, INFORMATION_CODES, OTP_RESET_MESSAGES } from '@suite/shared/contracts';
import { encryptPayload } from '@suite/shared/crypto';
import { createServer, type Server } from '../../app';
import {
  auditedChanges,
  ADMIN_PASSWORD,
  createUser,
  describeEachBackend,
  expectRefusal,
  json,
  solvedCaptcha,
  startTestServer,
  tokenFor,
} from '../../../test/harness';
import type { DB } from '../../db/schema';
import { purgeExpiredSolutions } from './queries';

const PASSWORD = 'Capt.Cha-2026';
const APP = 'firmaya';

/** What a refused sign-in must leave as it was: sessions, lockout counters, spent solutions, the audit. */
async function snapshot(db: Kysely<DB>): Promise<string> {
  const sessions = await db.selectFrom('sessions').select(['id', 'revoked_at']).orderBy('id').execute();
  const lockouts = await db
    .selectFrom('sign_in_lockouts')
    .select(['subject', 'failed_attempts', 'locked_until', 'blocked_at'])
    .orderBy('subject')
    .execute();
  const solutions = await db.selectFrom('captcha_solutions').select(['nonce', 'expires_at']).orderBy('nonce').execute();
  const users = await db.selectFrom('users').select(['id', 'last_login_at', 'password_hash']).orderBy('id').execute();
  const audit = await auditedChanges(db);
  return JSON.stringify({ sessions, lockouts, solutions, users, audit });
}

async function challenge(app: FastifyInstance): Promise<Challenge> {
  const reply = await app.inject({ method: 'GET', url: CAPTCHA_CHALLENGE_PATH });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['cache-control']).toBe('no-store');
  return json<Challenge>(reply);
}

/** The widget's payload: base64 of the challenge and its solution (`tamper` alters the challenge sent back). */
async function solved(app: FastifyInstance, tamper?: (c: Challenge) => Challenge): Promise<string> {
  if (!tamper) return solvedCaptcha(app);
  const c = await challenge(app);
  const solution = await solveChallenge({ challenge: c, deriveKey });
  if (!solution) throw new Error('the test challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge: tamper ? tamper(c) : c, solution })).toString('base64');
}

function signIn(app: FastifyInstance, user: string, tokenCaptcha?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/Login',
    payload: {
      user,
      password: encryptPayload(PASSWORD, app.ctx.payloadKey),
      appname: APP,
      TypeDeviceId: 2,
      ...(tokenCaptcha === undefined ? {} : { tokenCaptcha }),
    },
  });
}

describeEachBackend('sign-in captcha (ALTCHA)', (server) => {
  const user = 'captcha.user';
  beforeAll(async () => {
    await createUser(server().db, { userName: user, password: PASSWORD });
  });

  it('firmaya asks for it (seeded captchaApply), other applications do not', async () => {
    const { app } = server();
    const firmaya = json(
      await app.inject({ method: 'GET', url: '/api/application/GetParametersApp', headers: { appName: APP, parameterType: 'login' } }),
    );
    expect(firmaya.result.parameters).toContainEqual({ name: 'captchaApply', value: 'true', type: 'boolean' });
    const ibuhoo = await app.inject({
      method: 'POST',
      url: '/api/Login',
      payload: { user, password: encryptPayload(PASSWORD, app.ctx.payloadKey), appname: 'ibuhoo' },
    });
    expect(ibuhoo.statusCode).toBe(200);
  });

  it('a challenge is signed PBKDF2 work that expires at the configured time', async () => {
    const c = await challenge(server().app);
    expect(c.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1 });
    expect(c.signature).toEqual(expect.any(String));
    const left = (c.parameters.expiresAt as number) - Date.now() / 1000;
    expect(left).toBeGreaterThan(290);
    expect(left).toBeLessThanOrEqual(300);
  });

  it('refuses a missing, malformed, wrong or tampered payload with the documented text, changing nothing', async () => {
    const { app, db } = server();
    const before = await snapshot(db);
    const other = async () => (await solved(app)).slice(0, 20);
    const cases: [string, string | undefined][] = [
      ['missing', undefined],
      ['empty', ''],
      ['not base64 JSON', 'bm90IGpzb24='],
      ['truncated', await other()],
      // the counter of another challenge: the proof does not hold
      [
        'wrong proof',
        await (async () => {
          const payload = JSON.parse(Buffer.from(await solved(app), 'base64').toString()) as { solution: { counter: number } };
          payload.solution.counter += 1;
          return Buffer.from(JSON.stringify(payload)).toString('base64');
        })(),
      ],
      // an easier key prefix than the one signed: the signature no longer matches
      ['tampered challenge', await solved(app, (c) => ({ ...c, parameters: { ...c.parameters, keyPrefix: '0' } }))],
      ['too long', 'A'.repeat(5000)],
    ];
    for (const [, token] of cases) {
      await expectRefusal(await signIn(app, user, token), {
        status: 400,
        information: OTP_RESET_MESSAGES.captchaRequired,
        before,
        snapshot: () => snapshot(db),
      });
    }
    expect(json(await signIn(app, user)).result.informationCode).toBe('R400');
  });

  it('a solved captcha signs in once; the same payload again is refused', async () => {
    const { app, db } = server();
    const token = await solved(app);
    expect((await signIn(app, user, token)).statusCode).toBe(200);
    const before = await snapshot(db);
    await expectRefusal(await signIn(app, user, token), {
      status: 400,
      information: OTP_RESET_MESSAGES.captchaRequired,
      before,
      snapshot: () => snapshot(db),
    });
  });

  it('also guards the certificate sign-in of firmaya', async () => {
    const { app } = server();
    const reply = await app.inject({
      method: 'POST',
      url: CERTIFICATE_LOGIN_PATH,
      payload: { documentType: 1, documentNumber: '12345678', password: encryptPayload(PASSWORD, app.ctx.payloadKey), appname: APP },
    });
    expect(reply.statusCode).toBe(400);
    expect(json(reply).result.information).toBe(OTP_RESET_MESSAGES.captchaRequired);
  });

  it('a wrong password with a solved captcha still counts as a failed attempt (the captcha is spent)', async () => {
    const { app } = server();
    const reply = await app.inject({
      method: 'POST',
      url: '/api/Login',
      payload: { user, password: encryptPayload('Wrong.Pass-1', app.ctx.payloadKey), appname: APP, tokenCaptcha: await solved(app) },
    });
    expect(json(reply).result.informationCode).toBe('R11');
  });

  /** Gives the user a role on firmaya (an application that asks for the captcha). */
  async function grantFirmaya(db: Kysely<DB>, userId: string): Promise<void> {
    const app = await db.selectFrom('applications').select('id').where('name', '=', APP).executeTakeFirstOrThrow();
    const role = await db
      .insertInto('roles')
      .values({ name: `firmaya-${userId.slice(0, 8)}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('role_applications').values({ role_id: role.id, application_id: app.id }).execute();
    await db.insertInto('user_roles').values({ user_id: userId, role_id: role.id, application_id: app.id }).execute();
  }

  const through = (app: FastifyInstance, appname: string, user: string, password: string, tokenCaptcha?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/Login',
      payload: {
        user,
        password: encryptPayload(password, app.ctx.payloadKey),
        appname,
        TypeDeviceId: 2,
        ...(tokenCaptcha ? { tokenCaptcha } : {}),
      },
    });

  it("an account of firmaya is not tried through another application's sign-in without the captcha: answered as a wrong password", async () => {
    const { app, db } = server();
    const owner = 'captcha.owner';
    await grantFirmaya(db, await createUser(db, { userName: owner, password: PASSWORD }));
    // the right password through ibuhoo, which asks no captcha: refused exactly like a wrong one and like an unknown name
    const right = await through(app, 'ibuhoo', owner, PASSWORD);
    const wrong = await through(app, 'ibuhoo', owner, 'Wrong.Pass-2026');
    const unknown = await through(app, 'ibuhoo', 'nobody.captcha.owner', PASSWORD);
    for (const [reply, attempts] of [
      [right, 1],
      [wrong, 2],
      [unknown, 1],
    ] as const) {
      expect(reply.statusCode).toBe(401);
      expect(json(reply).result).toEqual({
        information: expect.any(String),
        informationCode: INFORMATION_CODES.badCredentials,
        failedLoginInformation: { failedAttempts: attempts, lockTime: 0 },
      });
    }
    expect(json(right).result.information).toBe(json(unknown).result.information);
    expect(
      await db
        .selectFrom('sessions')
        .select('sessions.id')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .where('users.user_name', '=', owner)
        .execute(),
    ).toEqual([]);
    // with a solved one it signs in there; the counters start over
    const solvedThere = await through(app, 'ibuhoo', owner, PASSWORD, await solved(app));
    expect(solvedThere.statusCode).toBe(200);
  });

  it('the change of an expired password asks for the captcha as the sign-in does', async () => {
    const { app, db } = server();
    const owner = 'captcha.changer';
    await grantFirmaya(db, await createUser(db, { userName: owner, password: PASSWORD }));
    const change = (appname: string, tokenCaptcha?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/login/ChangePassword',
        payload: {
          user: owner,
          password: encryptPayload(PASSWORD, app.ctx.payloadKey),
          newpassword: encryptPayload('Capt.Cha-2027', app.ctx.payloadKey),
          appname,
          ...(tokenCaptcha ? { tokenCaptcha } : {}),
        },
      });
    const before = await snapshot(db);
    await expectRefusal(await change(APP), {
      status: 400,
      information: OTP_RESET_MESSAGES.captchaRequired,
      before,
      snapshot: () => snapshot(db),
    });
    const elsewhere = await change('ibuhoo');
    expect(elsewhere.statusCode).toBe(401);
    const stored = await db.selectFrom('users').select('password_hash').where('user_name', '=', owner).executeTakeFirstOrThrow();
    expect(
      (await db.selectFrom('users').select('password_hash').where('user_name', '=', owner).executeTakeFirstOrThrow()).password_hash,
    ).toBe(stored.password_hash);
    expect((await change(APP, await solved(app))).statusCode).toBe(200);
  });
});

describeEachBackend('captchaApply in the console (POST /api/application/modify)', (server) => {
  it('an administrator switches it per application; audited, and the sign-in follows at once', async () => {
    const { app, db } = server();
    await createUser(db, { userName: 'captcha.switch', password: PASSWORD });
    const admin = await tokenFor(app, 'admin', ADMIN_PASSWORD);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: { authorization: `Bearer ${admin}` }, ...(payload ? { payload } : {}) });
    const records = json(await call('GET', '/api/application/list')).result.records as { name: string; captchaApply: boolean }[];
    // the seed leaves firmaya's urlAssignPassword empty, which the form requires
    const firmaya: Record<string, unknown> = {
      ...records.find((r) => r.name === APP),
      urlAssignPassword: 'https://firmaya.suite.example/',
    };
    expect(firmaya.captchaApply).toBe(true);
    expect((await call('POST', '/api/application/modify', firmaya)).statusCode).toBe(200);
    expect(records.filter((r) => r.captchaApply).map((r) => r.name)).toEqual([APP]);

    const saved = await call('POST', '/api/application/modify', { ...firmaya, captchaApply: false });
    expect(saved.statusCode).toBe(200);
    const audit = await db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'application.modify')
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect([(audit.before as { captchaApply: boolean }).captchaApply, (audit.after as { captchaApply: boolean }).captchaApply]).toEqual([
      true,
      false,
    ]);
    expect((await signIn(app, 'captcha.switch')).statusCode).toBe(200);

    // a body without the field leaves it as it is
    const { captchaApply: _omitted, ...withoutField }: Record<string, unknown> = { ...firmaya, title: 'Firmaya Dos' };
    expect((await call('POST', '/api/application/modify', withoutField)).statusCode).toBe(200);
    const after = (json(await call('GET', '/api/application/list')).result.records as { name: string; captchaApply: boolean }[]).find(
      (r) => r.name === APP,
    );
    expect(after?.captchaApply).toBe(false);
    expect((await call('POST', '/api/application/modify', { ...firmaya, title: 'Firmaya Dos', captchaApply: 'yes' })).statusCode).toBe(400);
  });
});

/** Every timer jest can fake but Date: a test moves the clock of the code under test, not the event loop. */
const REAL_TIMERS = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

describeEachBackend(
  'an expired captcha',
  (server) => {
    it('is refused, and its spent record is purged once expired', async () => {
      const { app, db } = server();
      await createUser(db, { userName: 'captcha.late', password: PASSWORD });
      const spent = await solved(app);
      const unused = await solved(app);
      expect((await signIn(app, 'captcha.late', spent)).statusCode).toBe(200);
      // both challenges run out: eleven seconds pass for the API's clock (Date only: the server's
      // timers and I/O run as ever) and for the stored record, whose expiry the database's clock judges
      jest.useFakeTimers({ now: Date.now() + 11_000, doNotFake: [...REAL_TIMERS] });
      try {
        const before = await snapshot(db);
        for (const token of [unused, spent]) {
          await expectRefusal(await signIn(app, 'captcha.late', token), {
            status: 400,
            information: OTP_RESET_MESSAGES.captchaRequired,
            before,
            snapshot: () => snapshot(db),
          });
        }
      } finally {
        jest.useRealTimers();
      }
      expect((await db.selectFrom('captcha_solutions').select('nonce').execute()).length).toBe(1);
      await purgeExpiredSolutions(db);
      // not yet expired by the database's clock: kept
      expect((await db.selectFrom('captcha_solutions').select('nonce').execute()).length).toBe(1);
      await db.updateTable('captcha_solutions').set({ expires_at: sql<Date>`expires_at - interval '11 seconds'` }).execute();
      await purgeExpiredSolutions(db);
      expect(await db.selectFrom('captcha_solutions').select('nonce').execute()).toEqual([]);
    });
  },
  // the shortest expiry the configuration allows
  { captcha: { cost: 1, maxNumber: 20, expiresSeconds: 10 } },
);

const PG = Boolean(process.env.DATABASE_URL);

(PG ? describe : describe.skip)('two API instances on one PostgreSQL', () => {
  it('a captcha spent on instance A is refused on instance B', async () => {
    const a = await startTestServer('postgres');
    let b: Server | undefined;
    try {
      b = await createServer(a.config, { logger: false, onGeneratedAdminPassword: () => undefined });
      await createUser(a.db, { userName: 'captcha.twice', password: PASSWORD });
      // B's challenge is accepted by A: both sign with the one stored key
      const token = await solved(b.app);
      expect((await signIn(a.app, 'captcha.twice', token)).statusCode).toBe(200);
      const refused = await signIn(b.app, 'captcha.twice', token);
      expect(refused.statusCode).toBe(400);
      expect(json(refused).result.information).toBe(OTP_RESET_MESSAGES.captchaRequired);
    } finally {
      await b?.app.close();
      await a.dispose();
    }
  }, 30_000);
});
