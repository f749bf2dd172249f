import { encryptPayload } from '@suite/shared/crypto';
import { sql, type Kysely } from 'kysely';
import {
  APP_PARAMETERS,
  CERTIFICATE_LOGIN_PATH,
  CERTIFICATE_MESSAGES,
  INFORMATION_CODES,
  MESSAGES,
  RESET_EMAIL_MESSAGES,
  USER_TYPE,
  secondFactorApi,
} from '@suite/shared/contracts';
import { mailSent, queuedMail, auditedChanges, createUser, describeEachBackend, json, login, solvedCaptcha } from '../../../test/harness';
import type { DB } from '../../db/schema';
import { hashPassword } from '../../security/passwords';
import { newTotpSecret, totpCode } from '../factors/totp';
import { newResetCode, unknownDocumentName } from './service';

const APP = 'firmaya';
const PASSWORD = 'Cert.Pass-w0rd';
const INITIAL = 'Inicial.Cert-2025';
const PER_ADDRESS = 4;

/** Everything the certificate calls may change: a refusal must leave all of it as it was. */
async function snapshot(db: Kysely<DB>): Promise<string> {
  // first: the outbox finishes what earlier calls queued (a link's token is issued when it is sent)
  const mailbox = await queuedMail(db);
  const users = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'password_changed_at', 'idstate', 'modified_on'])
    .orderBy('id')
    .execute();
  const codes = await db.selectFrom('certificate_reset_codes').select(['id', 'attempts', 'used_at', 'expires_at']).orderBy('id').execute();
  const sessions = await db.selectFrom('sessions').select(['id', 'revoked_at']).orderBy('id').execute();
  const lockouts = await db
    .selectFrom('sign_in_lockouts')
    .select(['subject', 'failed_attempts', 'locked_until', 'blocked_at'])
    .orderBy('subject')
    .execute();
  const tokens = await db.selectFrom('password_tokens').select(['id', 'used_at']).orderBy('id').execute();
  const audit = await auditedChanges(db);
  return JSON.stringify({ users, codes, sessions, lockouts, tokens, mailbox, audit });
}

describeEachBackend(
  'certificate users',
  (server) => {
    let n = 0;
    /** A certificate user with its own document; `initial`: the certificate's password (reset by code). */
    async function certificateUser(options: { email?: string; initial?: boolean; documentTypeId?: number; document?: string } = {}) {
      const { db } = server();
      const userName = `cert.user${++n}`;
      const document = options.document ?? String(70_000_000 + n * 37);
      const id = await createUser(db, {
        userName,
        password: PASSWORD,
        typeuserid: USER_TYPE.certifiedUser,
        email: options.email,
        document,
      });
      await db
        .updateTable('users')
        .set({
          document_type_id: options.documentTypeId ?? 1,
          certificate_password_hash: options.initial === false ? null : await hashPassword(INITIAL),
        })
        .where('id', '=', id)
        .execute();
      return { id, userName, document, documentTypeId: options.documentTypeId ?? 1, email: options.email ?? `${userName}@test.localhost` };
    }

    // as the screen signs in: with the captcha firmaya asks for solved
    const certificateLogin = async (documentType: number, documentNumber: string, password: string, appname = APP) =>
      server().app.inject({
        method: 'POST',
        url: CERTIFICATE_LOGIN_PATH,
        payload: {
          documentType,
          documentNumber,
          password: encryptPayload(password, server().app.ctx.payloadKey),
          appname,
          tokenCaptcha: await solvedCaptcha(server().app),
        },
      });
    const post = (url: string, payload: Record<string, unknown>) => server().app.inject({ method: 'POST', url, payload });
    const accounts = (documentType: string, documentNumber: string) =>
      server().app.inject({ method: 'GET', url: '/api/login/GetExistsUsersAccount', headers: { documentType, documentNumber } });
    const sendCode = (UserName: string) => post('/api/user/send-otp-user', { UserName, appname: APP });
    const validate = (UserName: string, OtpCode: string) => post('/api/user/validate-otp-user', { UserName, OtpCode, appname: APP });

    async function lastCode(to: string): Promise<string> {
      await mailSent(server().app);
      const mail = await server()
        .db.selectFrom('mailbox')
        .select(['text_body'])
        .where('to_address', '=', to)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      const code = /: (\d{6})\n/.exec(mail.text_body)?.[1];
      if (!code) throw new Error(`no code in ${mail.text_body}`);
      return code;
    }
    const mailsTo = async (to: string) => (await queuedMail(server().db, to)).n;

    async function expectRefused(response: Awaited<ReturnType<typeof post>>, before: string, status: number, information: string) {
      expect({ status: response.statusCode, information: json(response).result.information }).toEqual({ status, information });
      expect(await snapshot(server().db)).toBe(before);
    }

    describe('GET /api/documentType/GetDocumentTypesLogin', () => {
      it('lists the certificate document types in the documented shape', async () => {
        const response = await server().app.inject({ method: 'GET', url: '/api/documentType/GetDocumentTypesLogin' });
        expect(response.statusCode).toBe(200);
        const { records } = json(response).result.records.result;
        expect(json(response).result.records.result.count).toBe(records.length);
        expect(records.map((r: { documentTypeAllowed: string }) => r.documentTypeAllowed)).toEqual(['CC', 'CE', 'PA', 'NIT']);
        expect(records[2]).toEqual({
          documentTypeId: 5,
          documentTypeDescription: 'Pasaporte',
          documentTypeAllowed: 'PA',
          country: 'CO',
          alphanumeric: true,
        });
      });
    });

    describe('certificate sign-in', () => {
      it('signs a certificate user in by document type, number and password, with the sign-in reply and a session', async () => {
        const user = await certificateUser();
        const response = await certificateLogin(user.documentTypeId, user.document, PASSWORD);
        expect(response.statusCode).toBe(200);
        const result = json(response).result;
        expect(result).toMatchObject({
          information: MESSAGES.loginSuccess,
          informationCode: 'A10',
          token: expect.any(String),
          refreshToken: expect.any(String),
        });
        const payload = JSON.parse(Buffer.from(result.token.split('.')[1], 'base64url').toString());
        expect(payload).toMatchObject({ unique_name: user.userName, aud: APP });
        const live = await server()
          .db.selectFrom('sessions')
          .select('id')
          .where('user_id', '=', user.id)
          .where('revoked_at', 'is', null)
          .execute();
        expect(live).toHaveLength(1);
      });

      it("follows the application's second factor policy: a certificate user with an authenticator answers the second step", async () => {
        const { db } = server();
        const user = await certificateUser();
        const secret = newTotpSecret();
        await db
          .insertInto('user_factors')
          .values({ user_id: user.id, kind: 'totp', name: 'App', secret, confirmed_at: new Date() })
          .execute();
        const firmaya = await db.selectFrom('applications').select('id').where('name', '=', APP).executeTakeFirstOrThrow();
        const policy = (value: string) =>
          sql`insert into application_parameters (application_id, parameter_type, name, value, value_type)
              values (${firmaya.id}, 'login', ${APP_PARAMETERS.secondFactor}, ${JSON.stringify(value)}::jsonb, 'string')
              on conflict (application_id, name) do update set value = excluded.value`.execute(db);
        await policy('optional');
        try {
          const step = json(await certificateLogin(user.documentTypeId, user.document, PASSWORD)).result;
          expect(step).toMatchObject({ informationCode: INFORMATION_CODES.secondFactorRequired, secondFactor: { methods: ['totp'] } });
          expect(step.token).toBeUndefined();
          const done = await server().app.inject({
            method: 'POST',
            url: secondFactorApi.verify.path,
            payload: { challenge: step.secondFactor.challenge, code: totpCode(secret) },
          });
          expect(json(done).result.token).toEqual(expect.any(String));
          const audit = await db
            .selectFrom('audit_log')
            .select('after')
            .where('action', '=', 'user.sign_in')
            .where('entity_id', '=', user.id)
            .executeTakeFirstOrThrow();
          expect(audit.after).toMatchObject({ way: 'certificate', secondFactor: 'totp' });
        } finally {
          await policy('off');
        }
      });

      it('matches a passport number whatever its case', async () => {
        const user = await certificateUser({ documentTypeId: 5, document: `PA${n}X77` });
        expect((await certificateLogin(5, user.document.toLowerCase(), PASSWORD)).statusCode).toBe(200);
      });

      it('answers a wrong password and an unknown document alike: 401 R11 with the attempts', async () => {
        const user = await certificateUser();
        const wrong = await certificateLogin(1, user.document, 'Wrong.Pass-w0rd');
        const unknown = await certificateLogin(1, '99999999901', 'Wrong.Pass-w0rd');
        for (const response of [wrong, unknown]) {
          expect(response.statusCode).toBe(401);
          expect(json(response).result).toEqual({
            information: MESSAGES.loginFailed,
            informationCode: 'R11',
            failedLoginInformation: { failedAttempts: 1, lockTime: 0 },
          });
        }
      });

      it('does not sign in a user of another type holding the document, nor a certificate user by user name on firmaya', async () => {
        const { db } = server();
        await createUser(db, { userName: `plain.user${++n}`, password: PASSWORD, document: '55566677788' });
        expect((await certificateLogin(1, '55566677788', PASSWORD)).statusCode).toBe(401);
      });

      it('shares the lockout of the user name sign-in: parallel wrong passwords on both paths lock after three', async () => {
        const user = await certificateUser();
        const attempts = await Promise.all([
          ...Array.from({ length: 4 }, () => certificateLogin(1, user.document, 'Wrong.Pass-w0rd')),
          ...Array.from({ length: 4 }, () => login(server().app, user.userName, 'Wrong.Pass-w0rd', APP)),
        ]);
        const codes = attempts.map((r) => json(r).result.informationCode);
        expect(codes.filter((c) => c === 'R11').length).toBeLessThanOrEqual(2);
        expect(codes.every((c) => c === 'R11' || c === 'R13')).toBe(true);
        const row = await server()
          .db.selectFrom('sign_in_lockouts')
          .select(['failed_attempts', 'locked_until'])
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow();
        expect(row.failed_attempts).toBe(3);
        expect(row.locked_until).not.toBeNull();
        // the right password is refused while locked, on either path
        expect(json(await certificateLogin(1, user.document, PASSWORD)).result.informationCode).toBe('R13');
      });

      it('refuses a number against its type rule, an unknown type and an application without certificate sign-in, changing nothing', async () => {
        const user = await certificateUser();
        const before = await snapshot(server().db);
        await expectRefused(await certificateLogin(1, '12a45', PASSWORD), before, 400, CERTIFICATE_MESSAGES.documentNumeric);
        await expectRefused(await certificateLogin(1, '1234', PASSWORD), before, 400, CERTIFICATE_MESSAGES.documentNumeric);
        await expectRefused(await certificateLogin(5, 'AB-12345', PASSWORD), before, 400, CERTIFICATE_MESSAGES.documentAlphanumeric);
        await expectRefused(await certificateLogin(3, '1234567', PASSWORD), before, 400, CERTIFICATE_MESSAGES.documentTypeInvalid);
        await expectRefused(
          await certificateLogin(1, user.document, PASSWORD, 'ibuhoo'),
          before,
          400,
          CERTIFICATE_MESSAGES.notCertificateApp,
        );
        await expectRefused(await certificateLogin(1, user.document, PASSWORD, 'nosuchapp'), before, 400, MESSAGES.applicationUnknown);
        const raw = await post(CERTIFICATE_LOGIN_PATH, { documentType: '1', documentNumber: user.document, password: 'x', appname: APP });
        expect(raw.statusCode).toBe(400);
        expect(await snapshot(server().db)).toBe(before);
      });

      it('names no account with the name of an unknown document', () => {
        expect(unknownDocumentName(1, '12345').length).toBeGreaterThan(100);
      });

      it('keeps one certificate user per document type and number', async () => {
        const user = await certificateUser();
        await expect(
          server()
            .db.insertInto('users')
            .values({
              user_name: `dup${++n}`,
              email: 'dup@test.localhost',
              document: user.document,
              document_type_id: 1,
              typeuserid: USER_TYPE.certifiedUser,
            })
            .execute(),
        ).rejects.toThrow(/users_certificate_document_key|unique/);
      });
    });

    describe('GET /api/login/GetExistsUsersAccount', () => {
      it('lists the holder and the certificate users of its e-mail, masked, telling which reset by link', async () => {
        const email = `person.${String(++n).padStart(3, '0')}@example.com`;
        const holder = await certificateUser({ email });
        const other = await certificateUser({ email, initial: false, documentTypeId: 12 });
        await certificateUser(); // someone else
        const response = await accounts('1', holder.document);
        expect(response.statusCode).toBe(200);
        expect(json(response).result.accounts).toEqual(
          [
            { username: holder.userName, email: 'per*******@example.com', assignManualPassword: false },
            { username: other.userName, email: 'per*******@example.com', assignManualPassword: true },
          ].sort((a, b) => a.username.localeCompare(b.username)),
        );
      });

      it('answers 404 for a document without certificate user and 400 for bad headers', async () => {
        const missing = await accounts('1', '88877766655');
        expect(missing.statusCode).toBe(404);
        expect(json(missing).result.information).toBe(CERTIFICATE_MESSAGES.noAccounts);
        expect((await accounts('x', '12345')).statusCode).toBe(400);
        expect(json(await accounts('1', '12a45')).result.information).toBe(CERTIFICATE_MESSAGES.documentNumeric);
        expect((await server().app.inject({ method: 'GET', url: '/api/login/GetExistsUsersAccount' })).statusCode).toBe(400);
      });
    });

    describe('POST /api/login/resetPasswordCertificateUser', () => {
      it('mails a reset link to an account whose password was assigned by hand', async () => {
        const user = await certificateUser({ initial: false });
        const response = await post('/api/login/resetPasswordCertificateUser', { UserName: user.userName, appname: APP });
        expect(response.statusCode).toBe(200);
        expect(json(response).result).toEqual({ information: MESSAGES.resetEmailSent, informationCode: 'A10' });
        expect(await mailsTo(user.email)).toBe(1);
        const token = await server()
          .db.selectFrom('password_tokens')
          .select('purpose')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow();
        expect(token.purpose).toBe('reset');
      });

      it('answers an unknown name and an account that resets by code the same, sending and changing nothing', async () => {
        const user = await certificateUser();
        const before = await snapshot(server().db);
        for (const UserName of [user.userName, 'nobody.here']) {
          const response = await post('/api/login/resetPasswordCertificateUser', { UserName, appname: APP });
          expect(json(response)).toEqual({ statusCode: 200, result: { information: MESSAGES.resetEmailSent, informationCode: 'A10' } });
        }
        expect(await snapshot(server().db)).toBe(before);
        await expectRefused(
          await post('/api/login/resetPasswordCertificateUser', { UserName: '', appname: APP }),
          before,
          400,
          expect.stringContaining(MESSAGES.required) as unknown as string,
        );
      });
    });

    describe('reset by e-mailed code', () => {
      it('mails a 6-digit code, stored only hashed, and the right code puts the initial password back once', async () => {
        const user = await certificateUser();
        await certificateLogin(1, user.document, PASSWORD); // a session the reset ends
        const sent = await sendCode(user.userName);
        expect(json(sent)).toEqual({ statusCode: 200, result: { information: CERTIFICATE_MESSAGES.codeSent, informationCode: 'A10' } });
        const code = await lastCode(user.email);
        const row = await server()
          .db.selectFrom('certificate_reset_codes')
          .selectAll()
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow();
        expect(row.code_hash).not.toContain(code);
        expect(new Date(row.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);

        const ok = await validate(user.userName, code);
        expect(json(ok)).toEqual({
          statusCode: 200,
          result: { information: CERTIFICATE_MESSAGES.passwordRestored, informationCode: 'A10' },
        });
        expect((await certificateLogin(1, user.document, PASSWORD)).statusCode).toBe(401);
        expect((await certificateLogin(1, user.document, INITIAL)).statusCode).toBe(200);
        const revoked = await server()
          .db.selectFrom('sessions')
          .select('revoked_at')
          .where('user_id', '=', user.id)
          .orderBy('created_at')
          .executeTakeFirstOrThrow();
        expect(revoked.revoked_at).not.toBeNull();
        const audit = await server()
          .db.selectFrom('audit_log')
          .selectAll()
          .where('entity_id', '=', user.id)
          .where('action', '=', 'user.certificate-password-reset')
          .execute();
        expect(audit).toHaveLength(1);

        // spent: the same code again changes nothing
        const before = await snapshot(server().db);
        await expectRefused(await validate(user.userName, code), before, 400, CERTIFICATE_MESSAGES.codeExpired);
      });

      it('refuses a wrong code without changing anything but its tries, and allows five tries at most', async () => {
        const user = await certificateUser();
        await sendCode(user.userName);
        const code = await lastCode(user.email);
        const wrong = code === '000000' ? '111111' : '000000';
        const passwordBefore = await server()
          .db.selectFrom('users')
          .select('password_hash')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        for (let i = 0; i < 5; i++) {
          const response = await validate(user.userName, wrong);
          expect({ status: response.statusCode, information: json(response).result.information }).toEqual({
            status: 400,
            information: CERTIFICATE_MESSAGES.codeWrong,
          });
        }
        // the sixth try, even with the right code, finds no live code
        const sixth = await validate(user.userName, code);
        expect(json(sixth).result.information).toBe(CERTIFICATE_MESSAGES.codeExpired);
        const after = await server().db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
        expect(after.password_hash).toBe(passwordBefore.password_hash);
      });

      it('counts parallel tries atomically: never more than five verifies of one code', async () => {
        const user = await certificateUser();
        await sendCode(user.userName);
        const code = await lastCode(user.email);
        const wrong = code === '000000' ? '111111' : '000000';
        const replies = await Promise.all(Array.from({ length: 8 }, () => validate(user.userName, wrong)));
        const infos = replies.map((r) => json(r).result.information);
        expect(infos.filter((i) => i === CERTIFICATE_MESSAGES.codeWrong)).toHaveLength(5);
        expect(infos.filter((i) => i === CERTIFICATE_MESSAGES.codeExpired)).toHaveLength(3);
      });

      it('refuses an expired code and a code superseded by a newer one', async () => {
        const user = await certificateUser();
        await sendCode(user.userName);
        const first = await lastCode(user.email);
        await server()
          .db.updateTable('certificate_reset_codes')
          .set({ expires_at: new Date(Date.now() - 1000) })
          .where('user_id', '=', user.id)
          .execute();
        expect(json(await validate(user.userName, first)).result.information).toBe(CERTIFICATE_MESSAGES.codeExpired);

        await sendCode(user.userName);
        const second = await lastCode(user.email);
        await sendCode(user.userName);
        const third = await lastCode(user.email);
        if (second !== third) expect(json(await validate(user.userName, second)).result.information).toBe(CERTIFICATE_MESSAGES.codeWrong);
        expect(json(await validate(user.userName, third)).statusCode).toBe(200);
      });

      it('answers a name that cannot get a code like one that can, sending nothing, and its codes never validate', async () => {
        const manual = await certificateUser({ initial: false });
        for (const UserName of [manual.userName, 'nobody.at.all']) {
          expect(json(await sendCode(UserName))).toEqual({
            statusCode: 200,
            result: { information: CERTIFICATE_MESSAGES.codeSent, informationCode: 'A10' },
          });
        }
        expect(await mailsTo(manual.email)).toBe(0);
        const before = await snapshot(server().db);
        const refused = await validate('nobody.at.all', newResetCode());
        expect(json(refused).result.information).toBe(CERTIFICATE_MESSAGES.codeExpired);
        const after = JSON.parse(await snapshot(server().db));
        expect({ ...after, codes: undefined }).toEqual({ ...JSON.parse(before), codes: undefined });
      });

      it('limits the codes of an address per hour and of a client', async () => {
        const user = await certificateUser();
        for (let i = 0; i < PER_ADDRESS; i++) expect((await sendCode(user.userName)).statusCode).toBe(200);
        const before = await snapshot(server().db);
        // an hour's budget: the text says later, not in a few seconds
        await expectRefused(await sendCode(user.userName), before, 429, MESSAGES.tooManyRequestsForAccount);

        // a client that asked for a code for many names is refused too
        const other = await certificateUser();
        await sql`insert into certificate_reset_codes (subject, application_id, code_hash, expires_at, client, used_at)
                  select '~filler' || g, (select id from applications where name = 'firmaya'), 'x', now(), '127.0.0.1', now()
                    from generate_series(1, 1000) g`.execute(server().db);
        const again = await snapshot(server().db);
        await expectRefused(await sendCode(other.userName), again, 429, MESSAGES.tooManyRequestsForAccount);
        await sql`delete from certificate_reset_codes where subject like '~filler%'`.execute(server().db);
      });

      it('refuses a malformed code with the documented text, changing nothing', async () => {
        const user = await certificateUser();
        await sendCode(user.userName);
        const before = await snapshot(server().db);
        for (const code of ['12345', '1234567', 'abcdef']) {
          const response = await validate(user.userName, code);
          expect(response.statusCode).toBe(400);
          expect(json(response).result.information).toContain(CERTIFICATE_MESSAGES.codeFormat);
        }
        expect(await snapshot(server().db)).toBe(before);
      });
    });

    describe('the code calls named by e-mail (docs/product/passwords.md, Calls)', () => {
      const sendByEmail = (body: Record<string, unknown>) => post('/api/user/send-otp-user', { ...body, appname: APP });
      const validateByEmail = (body: Record<string, unknown>, OtpCode: string) =>
        post('/api/user/validate-otp-user', { ...body, OtpCode, appname: APP });
      const codeSent = { statusCode: 200, result: { information: CERTIFICATE_MESSAGES.codeSent, informationCode: 'A10' } };
      const restored = { statusCode: 200, result: { information: CERTIFICATE_MESSAGES.passwordRestored, informationCode: 'A10' } };
      const decoys = async () =>
        (
          await server()
            .db.selectFrom('certificate_reset_codes')
            .select(sql<number>`count(*)::int`.as('n'))
            .where('user_id', 'is', null)
            .executeTakeFirstOrThrow()
        ).n;

      it('sends and checks a code by the e-mail of its one certificate user, whatever its case, putting the initial password back', async () => {
        const email = `solo.${++n}@example.com`;
        const user = await certificateUser({ email });
        await certificateUser(); // someone else
        expect(json(await sendByEmail({ Email: email.toUpperCase() }))).toEqual(codeSent);
        const code = await lastCode(email);
        const row = await server()
          .db.selectFrom('certificate_reset_codes')
          .select(['subject', 'user_id'])
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ subject: user.id, user_id: user.id });

        expect(json(await validateByEmail({ Email: email }, code))).toEqual(restored);
        expect((await certificateLogin(1, user.document, PASSWORD)).statusCode).toBe(401);
        expect((await certificateLogin(1, user.document, INITIAL)).statusCode).toBe(200);
      });

      it('answers an e-mail two certificate users share like an unknown name, sending nothing; with the document it reaches its holder', async () => {
        const email = `shared.${++n}@example.com`;
        const first = await certificateUser({ email });
        const second = await certificateUser({ email, documentTypeId: 5, document: `PA${n}Z42` });
        const unknown = await sendCode('nobody.by.name');
        const decoysBefore = await decoys();
        const shared = await sendByEmail({ Email: email });
        expect({ status: shared.statusCode, body: json(shared) }).toEqual({ status: unknown.statusCode, body: json(unknown) });
        expect(json(shared)).toEqual(codeSent);
        expect(await mailsTo(email)).toBe(0);
        // a code row nobody can use, as for an unknown name
        expect(await decoys()).toBe(decoysBefore + 1);
        const refused = await validateByEmail({ Email: email }, newResetCode());
        expect({ status: refused.statusCode, information: json(refused).result.information }).toEqual({
          status: 400,
          information: CERTIFICATE_MESSAGES.codeExpired,
        });

        const document = { documentType: 5, documentNumber: second.document.toLowerCase() };
        expect(json(await sendByEmail({ Email: email, ...document }))).toEqual(codeSent);
        expect(await mailsTo(email)).toBe(1);
        const code = await lastCode(email);
        const rows = await server().db.selectFrom('certificate_reset_codes').select('user_id').where('subject', '=', second.id).execute();
        expect(rows).toEqual([{ user_id: second.id }]);
        expect(json(await validateByEmail({ Email: email, ...document }, code))).toEqual(restored);
        expect((await certificateLogin(5, second.document, INITIAL)).statusCode).toBe(200);
        // the other account of the e-mail keeps its password
        expect((await certificateLogin(1, first.document, PASSWORD)).statusCode).toBe(200);
      });

      it('refuses neither or both of UserName and Email, a document without the e-mail or half of it, changing nothing', async () => {
        const user = await certificateUser({ email: `refused.${++n}@example.com` });
        const before = await snapshot(server().db);
        const refusals: [Record<string, unknown>, string][] = [
          [{}, CERTIFICATE_MESSAGES.accountNameOrEmail],
          [{ UserName: user.userName, Email: user.email }, CERTIFICATE_MESSAGES.accountNameOrEmail],
          [{ UserName: user.userName, documentType: 1, documentNumber: user.document }, CERTIFICATE_MESSAGES.documentWithEmail],
          [{ Email: user.email, documentType: 1 }, CERTIFICATE_MESSAGES.documentWithEmail],
          [{ Email: user.email, documentType: 1, documentNumber: '12a45' }, CERTIFICATE_MESSAGES.documentNumeric],
          [{ Email: 'not-an-email' }, RESET_EMAIL_MESSAGES.format],
        ];
        for (const [body, message] of refusals) {
          const information = expect.stringContaining(message) as unknown as string;
          await expectRefused(await sendByEmail(body), before, 400, information);
          await expectRefused(await validateByEmail(body, '123456'), before, 400, information);
        }
      });

      it("counts an e-mail naming no account on a budget of its own, and one naming an account on the account's", async () => {
        const nobody = `nobody.${++n}@example.com`;
        for (let i = 0; i < PER_ADDRESS; i++) expect(json(await sendByEmail({ Email: nobody }))).toEqual(codeSent);
        let before = await snapshot(server().db);
        await expectRefused(await sendByEmail({ Email: nobody.toUpperCase() }), before, 429, MESSAGES.tooManyRequestsForAccount);

        const user = await certificateUser({ email: `counted.${n}@example.com` });
        for (let i = 0; i < PER_ADDRESS; i++) {
          const response = i % 2 === 0 ? await sendCode(user.userName) : await sendByEmail({ Email: user.email });
          expect(json(response)).toEqual(codeSent);
        }
        before = await snapshot(server().db);
        await expectRefused(await sendByEmail({ Email: user.email }), before, 429, MESSAGES.tooManyRequestsForAccount);
        await expectRefused(await sendCode(user.userName), before, 429, MESSAGES.tooManyRequestsForAccount);
      });
    });
  },
  { rateLimit: { enabled: true, loginPerMinute: 1000, tokenPerMinute: 10_000, resetPerMinute: 1000, resetPerAddressPerHour: PER_ADDRESS } },
);
