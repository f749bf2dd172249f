import { sql } from 'kysely';
import { encryptPayload } from '@suite/shared/crypto';
import {
  APP_PARAMETERS,
  FACTOR_MESSAGES,
  INFORMATION_CODES,
  LOGIN_MAX_FAILED_ATTEMPTS,
  accountFactorsApi,
  secondFactorApi,
  userFactorsApi,
} from '@suite/shared/contracts';
import { ADMIN_PASSWORD, auditedChanges, createUser, describeEachBackend, json, login, queuedMail, tokenFor } from '../../../test/harness';
import type { DB } from '../../db/schema';
import type { Kysely } from 'kysely';
import { totpClock, totpCode } from './totp';

const APP = 'biometria';
const PASSWORD = 'Factors.Person2026';
const T0 = Date.UTC(2026, 10, 29, 12, 0, 0);

async function setPolicy(db: Kysely<DB>, policy: 'off' | 'optional' | 'required'): Promise<void> {
  const app = await db.selectFrom('applications').select('id').where('name', '=', APP).executeTakeFirstOrThrow();
  await sql`
    insert into application_parameters (application_id, parameter_type, name, value, value_type)
    values (${app.id}, 'login', ${APP_PARAMETERS.secondFactor}, ${JSON.stringify(policy)}::jsonb, 'string')
    on conflict (application_id, name) do update set value = excluded.value`.execute(db);
}

describeEachBackend('second factors', (server) => {
  const app = () => server().app;
  const db = () => server().db;
  let now = T0;

  beforeAll(() => {
    totpClock.now = () => now;
  });
  afterAll(() => {
    totpClock.now = () => Date.now();
  });
  beforeEach(async () => {
    now += 10 * 60_000;
    await setPolicy(db(), 'optional');
  });

  const signIn = async (user: string) => json(await login(app(), user, PASSWORD, APP));
  const answer = (payload: Record<string, unknown>) => app().inject({ method: 'POST', url: secondFactorApi.verify.path, payload });
  const call = (e: { method: string; path: string }, token: string, payload?: Record<string, unknown>, id?: string) =>
    app().inject({
      method: e.method as 'GET' | 'POST' | 'PUT',
      url: id ? e.path.replace(':id', id) : e.path,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload }),
    });
  const secret = (password = PASSWORD) => ({ password: encryptPayload(password, app().ctx.payloadKey) });

  /** A person with an authenticator set up on the /security page; its secret and recovery codes. */
  async function enrolled(userName: string) {
    await createUser(db(), { userName, password: PASSWORD });
    const token = (await signIn(userName)).result.token as string;
    const setup = json(await call(accountFactorsApi.startTotp, token, secret())).result;
    const confirmed = json(
      await call(accountFactorsApi.confirmTotp, token, { id: setup.id, code: totpCode(setup.secret, now), name: 'Teléfono' }),
    );
    return { token, secret: setup.secret as string, recoveryCodes: confirmed.result.recoveryCodes as string[] };
  }

  it('sets up an authenticator on the /security page: the password again, a first code, ten recovery codes shown once', async () => {
    await createUser(db(), { userName: 'f.setup', password: PASSWORD });
    const first = await signIn('f.setup');
    expect(first.result.token).toEqual(expect.any(String)); // 'Opcional' and no factor yet: no second step
    const token = first.result.token as string;

    const before = await auditedChanges(db());
    const wrongPassword = await call(accountFactorsApi.startTotp, token, secret('not-it'));
    expect(wrongPassword.statusCode).toBe(401);
    expect(json(wrongPassword).result.information).toBe(FACTOR_MESSAGES.passwordWrong);
    const setup = json(await call(accountFactorsApi.startTotp, token, secret())).result;
    expect(setup).toMatchObject({ secret: expect.stringMatching(/^[A-Z2-7]{32}$/), uri: expect.stringContaining('otpauth://totp/') });
    expect(setup.qr).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrongCode = await call(accountFactorsApi.confirmTotp, token, { id: setup.id, code: '000000', name: 'Teléfono' });
    expect(wrongCode.statusCode).toBe(400);
    const badName = await call(accountFactorsApi.confirmTotp, token, { id: setup.id, code: totpCode(setup.secret, now), name: '' });
    expect(badName.statusCode).toBe(400);
    expect(json(await call(accountFactorsApi.list, token)).result).toEqual({ factors: [], recoveryCodesLeft: 0 });
    expect(await auditedChanges(db())).toEqual(before);

    const confirmed = json(
      await call(accountFactorsApi.confirmTotp, token, { id: setup.id, code: totpCode(setup.secret, now), name: 'Teléfono' }),
    );
    expect(confirmed.result.factor).toMatchObject({ kind: 'totp', name: 'Teléfono' });
    expect(confirmed.result.recoveryCodes).toHaveLength(10);
    const stored = await db().selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(confirmed.result.recoveryCodes[0]);
    expect(json(await call(accountFactorsApi.list, token)).result).toMatchObject({
      factors: [{ name: 'Teléfono' }],
      recoveryCodesLeft: 10,
    });
  });

  it('asks a person with a factor for a code before any token: a wrong one counts on the lockout, a right one once', async () => {
    const person = await enrolled('f.code');
    now += 5 * 60_000;
    const step = await signIn('f.code');
    expect(step.result).toMatchObject({
      informationCode: INFORMATION_CODES.secondFactorRequired,
      secondFactor: { methods: ['totp', 'recovery'], enrol: false },
    });
    expect(step.result.token).toBeUndefined();
    const challenge = step.result.secondFactor.challenge as string;

    const wrong = await answer({ challenge, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong).result).toMatchObject({ information: FACTOR_MESSAGES.codeWrong, failedLoginInformation: { failedAttempts: 1 } });
    const code = totpCode(person.secret, now);
    const right = json(await answer({ challenge, code }));
    expect(right.result.token).toEqual(expect.any(String));
    // the step is spent, and the same code is not taken again within its window
    expect((await answer({ challenge, code })).statusCode).toBe(400);
    const again = (await signIn('f.code')).result.secondFactor.challenge as string;
    expect((await answer({ challenge: again, code })).statusCode).toBe(401);
    // the next step's code (the window allows the one after)
    expect(json(await answer({ challenge: again, code: totpCode(person.secret, now + 30_000) })).result.token).toEqual(expect.any(String));

    const failed = await db()
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', 'in', ['user.sign_in', 'user.sign_in_failed'])
      .where('entity_id', '=', (await db().selectFrom('users').select('id').where('user_name', '=', 'f.code').executeTakeFirstOrThrow()).id)
      .orderBy('id')
      .execute();
    expect(
      failed.map((r) => [
        r.action,
        (r.after as { step?: string; secondFactor?: string }).step ?? (r.after as { secondFactor?: string }).secondFactor,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['user.sign_in_failed', 'second_factor'],
        ['user.sign_in', 'totp'],
      ]),
    );
  });

  it('locks the account after the wrong codes the lockout allows, however often the password is given again', async () => {
    await enrolled('f.lock');
    const replies = [];
    for (let round = 0; round < 2; round += 1) {
      // the right password starts a new step but forgets none of the wrong codes
      const challenge = (await signIn('f.lock')).result.secondFactor.challenge as string;
      for (let i = 0; i < LOGIN_MAX_FAILED_ATTEMPTS - 1; i += 1)
        replies.push(await answer({ challenge, code: String(100000 + replies.length) }));
    }
    expect(replies.slice(0, LOGIN_MAX_FAILED_ATTEMPTS - 1).map((r) => r.statusCode)).toEqual(
      Array.from({ length: LOGIN_MAX_FAILED_ATTEMPTS - 1 }, () => 401),
    );
    expect(replies.at(-1)?.statusCode).toBe(423);
    expect(json(replies.at(-1) as never).result.informationCode).toBe(INFORMATION_CODES.temporaryLock);
  });

  it('takes each recovery code once', async () => {
    const person = await enrolled('f.recovery');
    const [code] = person.recoveryCodes;
    const first = (await signIn('f.recovery')).result.secondFactor.challenge as string;
    expect(json(await answer({ challenge: first, recoveryCode: code.toUpperCase() })).result.token).toEqual(expect.any(String));
    const second = (await signIn('f.recovery')).result.secondFactor.challenge as string;
    expect((await answer({ challenge: second, recoveryCode: code })).statusCode).toBe(401);
    expect((await answer({ challenge: second, recoveryCode: 'not a code' })).statusCode).toBe(400);
    expect(json(await call(accountFactorsApi.list, person.token)).result.recoveryCodesLeft).toBe(9);
  });

  it('lets the step expire after five minutes', async () => {
    const person = await enrolled('f.expiry');
    const challenge = (await signIn('f.expiry')).result.secondFactor.challenge as string;
    await sql`update sign_in_challenges set expires_at = now() - interval '1 second'`.execute(db());
    const expired = await answer({ challenge, code: totpCode(person.secret, now) });
    expect(expired.statusCode).toBe(400);
    expect(json(expired).result.information).toBe(FACTOR_MESSAGES.stepExpired);
  });

  it("under 'Obligatorio' a person without a factor sets one up before any token; under 'Desactivado' nobody is asked", async () => {
    await createUser(db(), { userName: 'f.required', password: PASSWORD });
    await setPolicy(db(), 'required');
    const step = (await signIn('f.required')).result;
    expect(step.secondFactor).toMatchObject({ enrol: true, methods: ['totp'] });
    const enrol = (payload: Record<string, unknown>) => app().inject({ method: 'POST', url: secondFactorApi.enrolTotp.path, payload });
    expect((await enrol({ challenge: step.secondFactor.challenge, name: 'x'.repeat(61) })).statusCode).toBe(400);
    const setup = json(await enrol({ challenge: step.secondFactor.challenge, name: 'Authenticator app' })).result;
    const done = json(await answer({ challenge: step.secondFactor.challenge, code: totpCode(setup.secret, now) })).result;
    expect(done.token).toEqual(expect.any(String));
    expect(done.recoveryCodes).toHaveLength(10);
    expect(json(await call(accountFactorsApi.list, done.token)).result.factors).toMatchObject([{ name: 'Authenticator app' }]);

    await setPolicy(db(), 'off');
    expect((await signIn('f.required')).result.token).toEqual(expect.any(String));
  });

  it('removes a factor with the password again; the last one takes the recovery codes with it', async () => {
    const person = await enrolled('f.remove');
    const [factor] = json(await call(accountFactorsApi.list, person.token)).result.factors;
    const before = await auditedChanges(db());
    expect((await call(accountFactorsApi.remove, person.token, secret('wrong'), factor.id)).statusCode).toBe(401);
    expect(await auditedChanges(db())).toEqual(before);
    const renamed = await call(accountFactorsApi.rename, person.token, { name: 'Móvil' }, factor.id);
    expect(json(renamed).result.factor.name).toBe('Móvil');
    const after = json(await call(accountFactorsApi.remove, person.token, secret(), factor.id)).result;
    expect(after).toEqual({ factors: [], recoveryCodesLeft: 0 });
    expect((await signIn('f.remove')).result.token).toEqual(expect.any(String));
    const actions = await db().selectFrom('audit_log').select('action').where('action', 'like', 'factor.%').execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['factor.add', 'factor.rename', 'factor.remove']));
  });

  it("shows a person's factors to the users console and lets an administrator remove one, audited, the person told by e-mail", async () => {
    await enrolled('f.admin');
    const userId = (await db().selectFrom('users').select('id').where('user_name', '=', 'f.admin').executeTakeFirstOrThrow()).id;
    const admin = await tokenFor(app(), 'admin', ADMIN_PASSWORD);
    await createUser(db(), { userName: 'f.reader', password: PASSWORD, privileges: ['USERS_READ'] });
    const reader = await tokenFor(app(), 'f.reader', PASSWORD);
    const listPath = userFactorsApi.list.path.replace(':id', userId);
    const listed = json(await app().inject({ method: 'GET', url: listPath, headers: { authorization: `Bearer ${reader}` } })).result;
    expect(listed).toMatchObject({ factors: [{ kind: 'totp', name: 'Teléfono' }], recoveryCodesLeft: 10 });
    const removePath = userFactorsApi.remove.path.replace(':id', userId).replace(':factorId', listed.factors[0].id);

    const before = await auditedChanges(db());
    const mailsBefore = await queuedMail(db(), 'f.admin@test.localhost');
    expect((await app().inject({ method: 'POST', url: removePath, headers: { authorization: `Bearer ${reader}` } })).statusCode).toBe(403);
    const stranger = userFactorsApi.remove.path.replace(':id', userId).replace(':factorId', '00000000-0000-4000-8000-000000000000');
    expect((await app().inject({ method: 'POST', url: stranger, headers: { authorization: `Bearer ${admin}` } })).statusCode).toBe(404);
    expect(
      (
        await app().inject({
          method: 'GET',
          url: userFactorsApi.list.path.replace(':id', 'nope'),
          headers: { authorization: `Bearer ${admin}` },
        })
      ).statusCode,
    ).toBe(400);
    expect(await auditedChanges(db())).toEqual(before);
    expect(await queuedMail(db(), 'f.admin@test.localhost')).toEqual(mailsBefore);

    const removed = await app().inject({ method: 'POST', url: removePath, headers: { authorization: `Bearer ${admin}` } });
    expect(json(removed).result).toEqual({ factors: [], recoveryCodesLeft: 0 });
    expect((await queuedMail(db(), 'f.admin@test.localhost')).n).toBe(mailsBefore.n + 1);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor_name', 'entity_id', 'before'])
      .where('action', '=', 'factor.remove')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_name: 'admin', entity_id: userId, before: { kind: 'totp', name: 'Teléfono' } });
    expect((await signIn('f.admin')).result.token).toEqual(expect.any(String));
  });
});
