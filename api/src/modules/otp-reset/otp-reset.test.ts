import { sql, type Kysely } from 'kysely';
import {
  OTP_RESET_MESSAGES,
  USER_TYPE,
  endpointPath,
  otpResetTokenOf,
  passwordsApi,
  type OtpResetRequestRecord,
} from '@suite/shared/contracts';
import { formatPhrase } from '@suite/shared/phrases';
import {
  mailSent,
  queuedMail,
  auditedChanges,
  createUser,
  describeEachBackend,
  expectRefusal,
  json,
  tokenFor,
} from '../../../test/harness';
import type { DB } from '../../db/schema';

const PASSWORD = 'Otp.Reset-2026';
const APP = 'confronta';

/** Everything the OTP-reset calls may change: requests, mail, audit. */
async function snapshot(db: Kysely<DB>): Promise<string> {
  // first: the outbox finishes what earlier calls queued (a link's token is issued when it is sent)
  const mailbox = await queuedMail(db);
  const requests = await db
    .selectFrom('otp_reset_requests')
    .select(['id', 'token_hash', 'expires_at', 'validated_at'])
    .orderBy('id')
    .execute();
  const audit = await auditedChanges(db);
  return JSON.stringify({ requests, mailbox, audit });
}

const refused = (reason: string) => formatPhrase(OTP_RESET_MESSAGES.refused, { reason });

describeEachBackend('OTP-reset requests', (server) => {
  let appToken = '';
  let otherAppToken = '';
  let personToken = '';
  beforeAll(async () => {
    const { app, db } = server();
    await createUser(db, { userName: 'svc.confronta', password: PASSWORD, typeuserid: USER_TYPE.application });
    await createUser(db, { userName: 'otp.person', password: PASSWORD, email: 'otp.person@test.localhost' });
    await createUser(db, { userName: 'otp.inactive', password: PASSWORD, idstate: 2 });
    appToken = await tokenFor(app, 'svc.confronta', PASSWORD, APP);
    otherAppToken = await tokenFor(app, 'svc.confronta', PASSWORD, 'biometria');
    personToken = await tokenFor(app, 'otp.person', PASSWORD, APP);
  });

  const create = (token: string | null, payload: unknown) =>
    server().app.inject({
      method: 'POST',
      url: passwordsApi.otpResetCreate.path,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: payload as object,
    });
  const read = (token: string, id: string) =>
    server().app.inject({
      method: 'GET',
      url: endpointPath(passwordsApi.otpResetRead.path, { id }),
      headers: { authorization: `Bearer ${token}` },
    });
  const validate = (token: unknown) =>
    server().app.inject({ method: 'POST', url: passwordsApi.otpResetValidate.path, payload: { token } as object });

  /** The token of the last link mailed to the address, read as the page reads it. */
  async function mailedToken(to: string): Promise<string> {
    await mailSent(server().app);
    const mail = await server()
      .db.selectFrom('mailbox')
      .select(['text_body', 'subject'])
      .where('to_address', '=', to)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Confirma el restablecimiento de tu OTP – Confronta');
    const link = /(http\S+\/resetotp\?\S+)/.exec(mail.text_body)?.[1];
    if (!link) throw new Error(`no link in ${mail.text_body}`);
    expect(link.startsWith('http://confronta.localhost:8080/resetotp?link=')).toBe(true);
    return otpResetTokenOf(new URL(link).search);
  }

  it('the application account asks, the user confirms once from the e-mailed link, the application reads the state', async () => {
    const { db } = server();
    const created = await create(appToken, { appName: 'Confronta', userName: 'OTP.person' });
    expect(created.statusCode).toBe(200);
    const { result } = json(created);
    expect(result).toMatchObject({
      informationCode: 'A10',
      information: OTP_RESET_MESSAGES.created,
      request: { appName: APP, userName: 'otp.person', state: 'pending', validatedAt: null },
    });
    const id = (result.request as OtpResetRequestRecord).id;
    const token = await mailedToken('otp.person@test.localhost');
    // only the hash is stored
    expect(await db.selectFrom('otp_reset_requests').select('token_hash').where('id', '=', id).executeTakeFirstOrThrow()).not.toEqual({
      token_hash: token,
    });

    const ok = await validate(token);
    expect(ok.statusCode).toBe(200);
    expect(json(ok).statusDetails).toEqual([
      { code: 'A10', description: 'Se envio correctamente la solicitud para el restablecimiento del OTP.' },
    ]);
    const state = json(await read(appToken, id)).result as OtpResetRequestRecord;
    expect(state).toMatchObject({ id, state: 'validated', validatedAt: expect.any(String) });

    const audit = await db.selectFrom('audit_log').select(['action', 'actor_name']).where('entity_id', '=', id).orderBy('at').execute();
    expect(audit).toEqual([
      { action: 'otp-reset.request', actor_name: 'svc.confronta' },
      { action: 'otp-reset.validate', actor_name: '' },
    ]);

    // spent: R11 with the reason, nothing changed
    const before = await snapshot(db);
    const again = await validate(token);
    await expectRefusal(again, { status: 400, information: refused(OTP_RESET_MESSAGES.linkUsed), before, snapshot: () => snapshot(db) });
    expect(json(again).statusDetails).toEqual([{ code: 'R11', description: refused(OTP_RESET_MESSAGES.linkUsed) }]);
    expect(json(again).statusDetails[0].description.startsWith('No se puede enviar la solicitud de restablecimiento de OTP')).toBe(true);
  });

  it('a tampered, unknown or expired link is refused with its reason and changes nothing', async () => {
    const { db } = server();
    const first = json(await create(appToken, { appName: APP, userName: 'otp.person' })).result.request as OtpResetRequestRecord;
    const token = await mailedToken('otp.person@test.localhost');
    const before = await snapshot(db);
    for (const [sent, reason] of [
      [`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, OTP_RESET_MESSAGES.linkInvalid],
      ['x'.repeat(43), OTP_RESET_MESSAGES.linkInvalid],
    ] as const) {
      await expectRefusal(await validate(sent), { status: 400, information: refused(reason), before, snapshot: () => snapshot(db) });
    }
    // bad input: 400 with the contract's message
    for (const sent of ['', 'a'.repeat(201), 42]) {
      await expectRefusal(await validate(sent), { status: 400, before, snapshot: () => snapshot(db) });
    }

    await db
      .updateTable('otp_reset_requests')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', first.id)
      .execute();
    const expiredBefore = await snapshot(db);
    await expectRefusal(await validate(token), {
      status: 400,
      information: refused(OTP_RESET_MESSAGES.linkExpired),
      before: expiredBefore,
      snapshot: () => snapshot(db),
    });
    expect(json(await read(appToken, first.id)).result.state).toBe('expired');
  });

  it('a new request spends the earlier link of the same user and application', async () => {
    await create(appToken, { appName: APP, userName: 'otp.person' });
    const older = await mailedToken('otp.person@test.localhost');
    await create(appToken, { appName: APP, userName: 'otp.person' });
    const newer = await mailedToken('otp.person@test.localhost');
    expect(json(await validate(older)).statusDetails[0]).toEqual({ code: 'R11', description: refused(OTP_RESET_MESSAGES.linkExpired) });
    expect(json(await validate(newer)).statusDetails[0].code).toBe('A10');
  });

  it('only the application account, with a token of that application, may ask or read', async () => {
    const { db } = server();
    const mine = json(await create(appToken, { appName: APP, userName: 'otp.person' })).result.request as OtpResetRequestRecord;
    const before = await snapshot(db);
    const refusals: [string | null, unknown, number][] = [
      [null, { appName: APP, userName: 'otp.person' }, 401],
      ['not-a-jwt', { appName: APP, userName: 'otp.person' }, 401],
      // a person's token, even for the application
      [personToken, { appName: APP, userName: 'otp.person' }, 403],
      // the account's token for another application
      [otherAppToken, { appName: APP, userName: 'otp.person' }, 403],
      [appToken, { appName: APP, userName: 'nobody.here' }, 400],
      [appToken, { appName: APP, userName: 'otp.inactive' }, 400],
      [appToken, { appName: APP }, 400],
      [appToken, { appName: APP, userName: 'x'.repeat(101) }, 400],
    ];
    for (const [token, payload, status] of refusals) {
      await expectRefusal(await create(token, payload), { status, before, snapshot: () => snapshot(db) });
    }
    expect(json(await create(personToken, { appName: APP, userName: 'otp.person' })).result.information).toBe(
      OTP_RESET_MESSAGES.applicationAccountOnly,
    );
    expect(json(await create(appToken, { appName: APP, userName: 'nobody.here' })).result.information).toBe(OTP_RESET_MESSAGES.userUnknown);

    expect((await read(otherAppToken, mine.id)).statusCode).toBe(404);
    expect((await read(personToken, mine.id)).statusCode).toBe(403);
    expect((await read(appToken, 'not-a-uuid')).statusCode).toBe(400);
    expect((await read(appToken, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describeEachBackend(
  'OTP-reset requests per person',
  (server) => {
    it('mails one person at most the hourly budget of requests, shared by every instance; others are not held back', async () => {
      const { app, db } = server();
      await createUser(db, { userName: 'svc.budget', password: PASSWORD, typeuserid: USER_TYPE.application });
      await createUser(db, { userName: 'otp.budget', password: PASSWORD });
      await createUser(db, { userName: 'otp.other', password: PASSWORD });
      const token = await tokenFor(app, 'svc.budget', PASSWORD, APP);
      const create = (userName: string) =>
        app.inject({
          method: 'POST',
          url: passwordsApi.otpResetCreate.path,
          headers: { authorization: `Bearer ${token}` },
          payload: { appName: APP, userName },
        });
      expect((await create('otp.budget')).statusCode).toBe(200);
      expect((await create('otp.budget')).statusCode).toBe(200);
      const before = await snapshot(db);
      const over = await create('otp.budget');
      expect(over.statusCode).toBe(429);
      expect(await snapshot(db)).toBe(before);
      expect((await create('otp.other')).statusCode).toBe(200);
    });
  },
  { rateLimit: { enabled: true, loginPerMinute: 1000, tokenPerMinute: 1000, resetPerMinute: 1000, resetPerAddressPerHour: 2 } },
);
