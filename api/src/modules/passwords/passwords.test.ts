import { decryptPayload, encryptPayload } from '@suite/shared/crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { MESSAGES, PASSWORD_MESSAGES, USER_STATE, maskEmail, type PasswordLinkPayload } from '@suite/shared/contracts';
import { localize, phrase } from '@suite/shared/phrases';

import { createServer, type Server } from '../../app';
import { mailSent, queuedMail, auditedChanges, createUser, describeEachBackend, json, login, startTestServer } from '../../../test/harness';
import type { DB } from '../../db/schema';
import { decoyVerify } from '../../security/passwords';
import { hashLinkToken } from './links';

// the decoy verify keeps working; the wrapper counts its calls (the credential check's timing defence)
jest.mock('../../security/passwords', () => {
  const actual = jest.requireActual('../../security/passwords');
  return { ...actual, decoyVerify: jest.fn(actual.decoyVerify) };
});

const APP = 'ibuhoo';
const OLD_PASSWORD = 'Old.Pass-w0rd';

interface MailJson {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}

async function mails(app: FastifyInstance): Promise<MailJson[]> {
  await mailSent(app);
  const response = await app.inject({ method: 'GET', url: '/dev/mail.json' });
  expect(response.statusCode).toBe(200);
  return json(response);
}

/** The newest mail to `to` and the payload of its link. */
async function lastLink(app: FastifyInstance, to: string): Promise<{ mail: MailJson; link: string; payload: PasswordLinkPayload }> {
  const mail = (await mails(app)).find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = mail.links.find((l) => l.includes('/changepassword?')) as string;
  expect(link).toBeDefined();
  const query = link.slice(link.indexOf('?') + 1);
  const plain = decryptPayload(decodeURIComponent(query), app.ctx.payloadKey);
  expect(plain).not.toBeNull();
  return { mail, link, payload: JSON.parse(plain as string) };
}

/** What a refused call must leave untouched. */
async function snapshot(db: Kysely<DB>) {
  // first: the outbox finishes what earlier calls queued (a link's token is issued when it is sent)
  const mailbox = await queuedMail(db);
  const users = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'password_changed_at', 'idstate', 'modified_on'])
    .orderBy('id')
    .execute();
  const tokens = await db.selectFrom('password_tokens').select(['id', 'token_hash', 'used_at', 'expires_at']).orderBy('id').execute();
  const history = await db.selectFrom('password_history').select(['id', 'password_hash']).orderBy('id').execute();
  const sessions = await db.selectFrom('sessions').select(['id', 'revoked_at']).orderBy('id').execute();
  const lockouts = await db.selectFrom('sign_in_lockouts').select(['subject', 'failed_attempts']).orderBy('subject').execute();
  const audit = await auditedChanges(db);
  return JSON.stringify({ users, tokens, history, sessions, lockouts, mailbox, audit });
}

/** The audit records of a person's own password settings, oldest first. */
async function passwordAudit(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('audit_log')
    .select(['actor_id', 'actor_name', 'action', 'entity', 'after'])
    .where('entity_id', '=', userId)
    .where('action', '=', 'user.password')
    .orderBy('id')
    .execute();
}

function assign(app: FastifyInstance, payload: PasswordLinkPayload, password: string, appname = APP) {
  return app.inject({
    method: 'POST',
    url: '/api/login/AssignPassword',
    payload: {
      user: payload.user,
      token: payload.token,
      appname,
      password: encryptPayload(password, app.ctx.payloadKey),
      isUserActivation: payload.isUserActivation,
    },
  });
}

function resetPassword(app: FastifyInstance, user: string, appname = APP) {
  return app.inject({ method: 'POST', url: '/api/login/ResetPassword', payload: { appname, user } });
}

function changePassword(app: FastifyInstance, user: string, password: string, newpassword: string) {
  const key = app.ctx.payloadKey;
  return app.inject({
    method: 'POST',
    url: '/api/login/ChangePassword',
    payload: { user, password: encryptPayload(password, key), newpassword: encryptPayload(newpassword, key), appname: APP },
  });
}

describeEachBackend('password flows', (server) => {
  it('GetUsersResetPassword lists the accounts of an e-mail with masked addresses', async () => {
    const { app, db } = server();
    await createUser(db, { userName: 'shared.one', email: 'shared.person@example.com', password: OLD_PASSWORD });
    await createUser(db, { userName: 'shared.two', email: 'Shared.Person@example.com', password: OLD_PASSWORD, typeuserid: 4 });
    const response = await app.inject({
      method: 'POST',
      url: '/api/login/GetUsersResetPassword',
      payload: { email: 'shared.person@example.com', appname: APP },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      statusCode: 200,
      result: {
        users: [
          { username: 'shared.one', email: '***rson@example.com', assignManualPassword: true },
          { username: 'shared.two', email: '***rson@example.com', assignManualPassword: false },
        ],
      },
    });
  });

  it('GetUsersResetPassword: unknown e-mail → 404 R11 "no users", bad e-mail → 400 with the documented message; nothing changes', async () => {
    const { app, db } = server();
    const before = await snapshot(db);
    const none = await app.inject({
      method: 'POST',
      url: '/api/login/GetUsersResetPassword',
      payload: { email: 'nobody@example.com', appname: APP },
    });
    expect(none.statusCode).toBe(404);
    expect(json(none).result).toEqual({ information: MESSAGES.noUsersForEmail, informationCode: 'R11' });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/login/GetUsersResetPassword',
      payload: { email: 'a@b.toolong', appname: APP },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).result.information).toContain('El formato de email ingresado no es válido. Inténtalo de nuevo.');
    const empty = await app.inject({ method: 'POST', url: '/api/login/GetUsersResetPassword', payload: { email: '', appname: APP } });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).result.information).toContain('El Campo email es obligatorio');
    const garbage = await app.inject({
      method: 'POST',
      url: '/api/login/GetUsersResetPassword',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(garbage.statusCode).toBe(400);
    expect(await snapshot(db)).toBe(before);
  });

  it('ResetPassword mails a working single-use link; AssignPassword accepts it once, and the new password signs in', async () => {
    const { app, db } = server();
    const userId = await createUser(db, { userName: 'reset.me', email: 'reset.me@example.com', password: OLD_PASSWORD });
    const response = await resetPassword(app, 'reset.me@example.com');
    expect(response.statusCode).toBe(200);
    expect(json(response).result).toEqual({ information: MESSAGES.resetEmailSent, maskedEmail: '***me@example.com' });

    const { mail, link, payload } = await lastLink(app, 'reset.me@example.com');
    expect(mail.subject).toContain('Restablece tu contraseña');
    expect(mail.text).toContain(link);
    expect(link.startsWith('http://localhost:8080/changepassword?')).toBe(true);
    expect(payload).toEqual({ user: 'reset.me', token: expect.any(String), tenantLanguage: 'es', isUserActivation: false });
    expect(Buffer.from(payload.token, 'base64url')).toHaveLength(32);
    // only the hash is stored, with purpose and expiry (ibuhoo: assignPasswordTokenTime)
    const tokens = await db.selectFrom('password_tokens').selectAll().where('user_id', '=', userId).execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0].token_hash).toBe(hashLinkToken(payload.token));
    expect(tokens[0].token_hash).not.toContain(payload.token);
    expect(tokens[0].purpose).toBe('reset');

    const accepted = await assign(app, payload, 'New.Pass-w0rd');
    expect(accepted.statusCode).toBe(200);
    expect(json(accepted).result).toEqual({
      information: MESSAGES.passwordUpdated,
      informationCode: 'A10',
      apps: [],
      mechanismAfterSetPass: expect.any(Number),
    });
    expect((await login(app, 'reset.me', 'New.Pass-w0rd')).statusCode).toBe(200);
    expect((await login(app, 'reset.me', OLD_PASSWORD)).statusCode).toBe(401);
    // audited, the person as its actor, without the hash
    expect(await passwordAudit(db, userId)).toEqual([
      { actor_id: userId, actor_name: 'reset.me', action: 'user.password', entity: 'user', after: { how: 'reset', application: APP } },
    ]);
    // the password-changed notice
    expect((await mails(app))[0]).toMatchObject({
      to: 'reset.me@example.com',
      subject: expect.stringContaining('Tu contraseña fue cambiada'),
    });

    // the same link again: refused, nothing changes
    const before = await snapshot(db);
    const again = await assign(app, payload, 'Other.Pass-w0rd');
    expect(again.statusCode).toBe(400);
    expect(json(again).result).toMatchObject({ information: MESSAGES.invalidLink, informationCode: 'R31', user: 'reset.me' });
    expect(await snapshot(db)).toBe(before);
    expect((await login(app, 'reset.me', 'New.Pass-w0rd')).statusCode).toBe(200);
  });

  it('refuses a tampered payload (other token, other user, other purpose, other application) and changes nothing', async () => {
    const { app, db } = server();
    await createUser(db, { userName: 'tamper.me', email: 'tamper.me@example.com', password: OLD_PASSWORD });
    await createUser(db, { userName: 'victim', email: 'victim@example.com', password: OLD_PASSWORD });
    expect((await resetPassword(app, 'tamper.me')).statusCode).toBe(200);
    const { payload } = await lastLink(app, 'tamper.me@example.com');
    const before = await snapshot(db);
    const flipped = payload.token.slice(0, -1) + (payload.token.endsWith('A') ? 'B' : 'A');
    for (const tampered of [
      { ...payload, token: flipped },
      { ...payload, user: 'victim' },
      { ...payload, isUserActivation: true },
      { ...payload, token: 'not-a-token' },
    ]) {
      const response = await assign(app, tampered, 'New.Pass-w0rd');
      expect(response.statusCode).toBe(400);
      expect(json(response).result.informationCode).toBe('R31');
    }
    const otherApp = await db
      .selectFrom('applications')
      .select('name')
      .where(sql<string>`lower(name)`, '!=', APP)
      .where('idstate', '=', 0)
      .executeTakeFirstOrThrow();
    const wrongApp = await assign(app, payload, 'New.Pass-w0rd', otherApp.name);
    expect(wrongApp.statusCode).toBe(400);
    expect(json(wrongApp).result.informationCode).toBe('R31');
    // a password that is not in the payload format
    const plain = await app.inject({
      method: 'POST',
      url: '/api/login/AssignPassword',
      payload: { user: payload.user, token: payload.token, appname: APP, password: 'New.Pass-w0rd', isUserActivation: false },
    });
    expect(plain.statusCode).toBe(400);
    const missing = await app.inject({ method: 'POST', url: '/api/login/AssignPassword', payload: { user: payload.user } });
    expect(missing.statusCode).toBe(400);
    expect(await snapshot(db)).toBe(before);
    // the real link still works
    expect((await assign(app, payload, 'New.Pass-w0rd')).statusCode).toBe(200);
  });

  it('refuses an expired link with 410 R32 and changes nothing; an expired activation link names user and e-mail', async () => {
    const { app, db } = server();
    const userId = await createUser(db, { userName: 'late.one', email: 'late.one@example.com', password: OLD_PASSWORD });
    expect((await resetPassword(app, 'late.one')).statusCode).toBe(200);
    const { payload } = await lastLink(app, 'late.one@example.com');
    await db
      .updateTable('password_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', userId)
      .execute();
    const before = await snapshot(db);
    const response = await assign(app, payload, 'New.Pass-w0rd');
    expect(response.statusCode).toBe(410);
    expect(json(response).result).toMatchObject({ information: MESSAGES.linkExpired, informationCode: 'R32' });
    expect(await snapshot(db)).toBe(before);

    const pendingId = await createUser(db, {
      userName: 'late.pending',
      email: 'late.pending@example.com',
      idstate: USER_STATE.pendingActivation,
    });
    const sent = await app.inject({
      method: 'POST',
      url: '/api/user/SendUserActivationEmail',
      payload: { user: 'late.pending', appname: APP },
    });
    expect(sent.statusCode).toBe(200);
    const activation = (await lastLink(app, 'late.pending@example.com')).payload;
    await db
      .updateTable('password_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', pendingId)
      .execute();
    const before2 = await snapshot(db);
    const expired = await assign(app, activation, 'New.Pass-w0rd');
    expect(expired.statusCode).toBe(410);
    expect(json(expired).result).toMatchObject({ informationCode: 'R32', user: 'late.pending', email: 'late.pending@example.com' });
    expect(await snapshot(db)).toBe(before2);
  });

  it('refuses a weak password with the strength message without spending the link', async () => {
    const { app, db } = server();
    await createUser(db, { userName: 'weak.one', email: 'weak.one@example.com', password: OLD_PASSWORD });
    expect((await resetPassword(app, 'weak.one')).statusCode).toBe(200);
    const { payload } = await lastLink(app, 'weak.one@example.com');
    const before = await snapshot(db);
    for (const weak of ['short1!A', 'alllower1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial12', 'Has space1!', 'Bad@char1A']) {
      const response = await assign(app, payload, weak === 'short1!A' ? 'Sh1!a' : weak);
      expect(response.statusCode).toBe(400);
      expect(json(response).result.information).toBe(PASSWORD_MESSAGES.weak);
    }
    expect(await snapshot(db)).toBe(before);
    expect((await assign(app, payload, 'Strong.Pass1')).statusCode).toBe(200);
  });

  it('refuses a password from the history (numberPasswordChanges) and changes nothing', async () => {
    const { app, db } = server();
    await db.updateTable('applications').set({ number_password_changes: 2 }).where(sql<string>`lower(name)`, '=', APP).execute();
    try {
      await createUser(db, { userName: 'history.one', email: 'history.one@example.com', password: OLD_PASSWORD });
      const setBy = async (pw: string) => {
        expect((await resetPassword(app, 'history.one')).statusCode).toBe(200);
        return assign(app, (await lastLink(app, 'history.one@example.com')).payload, pw);
      };
      expect((await setBy('First.Pass1')).statusCode).toBe(200);
      expect((await setBy('Second.Pass1')).statusCode).toBe(200);
      expect((await resetPassword(app, 'history.one')).statusCode).toBe(200);
      const { payload } = await lastLink(app, 'history.one@example.com');
      const before = await snapshot(db);
      for (const used of ['First.Pass1', 'Second.Pass1']) {
        const response = await assign(app, payload, used);
        expect(response.statusCode).toBe(400);
        expect(json(response).result).toEqual({ information: MESSAGES.passwordReused, informationCode: 'R33' });
      }
      expect(await snapshot(db)).toBe(before);
      // ChangePassword follows the same history
      const change = await changePassword(app, 'history.one', 'Second.Pass1', 'First.Pass1');
      expect(change.statusCode).toBe(400);
      expect(json(change).result.informationCode).toBe('R33');
      // beyond the last 2 the old one is allowed again
      expect((await assign(app, payload, 'Third.Pass1')).statusCode).toBe(200);
      expect((await changePassword(app, 'history.one', 'Third.Pass1', 'Second.Pass1')).statusCode).toBe(400);
      expect((await changePassword(app, 'history.one', 'Third.Pass1', 'First.Pass1')).statusCode).toBe(200);
    } finally {
      await db.updateTable('applications').set({ number_password_changes: -1 }).where(sql<string>`lower(name)`, '=', APP).execute();
    }
  });

  it('activation: a pending user gets the mail, creates a password with isUserActivation, becomes active and signs in', async () => {
    const { app, db } = server();
    const userId = await createUser(db, { userName: 'new.person', email: 'new.person@example.com', idstate: USER_STATE.pendingActivation });
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/SendUserActivationEmail',
      headers: { tenantLanguage: 'EN' },
      payload: { user: 'new.person', appname: APP },
    });
    expect(response.statusCode).toBe(200);
    // asked in English: the answer, like the mail, is English
    const activationEmailSent = phrase('messages.activationEmailSent', 'en');
    expect(json(response).result).toEqual({ information: activationEmailSent, informationCode: 'A10' });
    expect(json(response).statusDetails).toEqual([{ code: 'A10', description: activationEmailSent }]);
    const { mail, payload } = await lastLink(app, 'new.person@example.com');
    expect(mail.subject).toContain('Activate your account');
    expect(payload).toMatchObject({ user: 'new.person', isUserActivation: true, tenantLanguage: 'en' });
    const token = await db.selectFrom('password_tokens').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(token.purpose).toBe('activation');

    const created = await assign(app, payload, 'Created.Pass1');
    expect(created.statusCode).toBe(200);
    expect(json(created).result).toMatchObject({ information: MESSAGES.passwordCreated, informationCode: 'A10' });
    const user = await db.selectFrom('users').select(['idstate', 'password_changed_at']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user.idstate).toBe(USER_STATE.active);
    expect(user.password_changed_at).not.toBeNull();
    expect((await login(app, 'new.person', 'Created.Pass1')).statusCode).toBe(200);
    expect(await passwordAudit(db, userId)).toEqual([
      {
        actor_id: userId,
        actor_name: 'new.person',
        action: 'user.password',
        entity: 'user',
        after: { how: 'activation', application: APP },
      },
    ]);

    // an active account gets no activation link but a notice that it is active; an unknown one
    // nothing; the answer is the same for both, and for a pending account
    const before = await snapshot(db);
    const tokensBefore = await db.selectFrom('password_tokens').select(['id', 'used_at']).orderBy('id').execute();
    const again = await app.inject({
      method: 'POST',
      url: '/api/user/SendUserActivationEmail',
      payload: { user: 'new.person', appname: APP },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/user/SendUserActivationEmail',
      payload: { user: 'nobody.here', appname: APP },
    });
    for (const reply of [again, unknown]) {
      expect(reply.statusCode).toBe(200);
      expect(json(reply)).toEqual({
        statusCode: 200,
        result: { information: MESSAGES.activationEmailSent, informationCode: 'A10' },
        statusDetails: [{ code: 'A10', description: MESSAGES.activationEmailSent }],
      });
    }
    expect(json(response).result).toEqual({ ...json(again).result, information: localize(json(again).result.information, 'en') });
    const notice = (await mails(app))[0];
    expect(notice.to).toBe('new.person@example.com');
    expect(notice.subject).toContain('Tu cuenta ya está activa');
    expect(notice.links.filter((l) => l.includes('/changepassword'))).toEqual([]);
    expect(await db.selectFrom('password_tokens').select(['id', 'used_at']).orderBy('id').execute()).toEqual(tokensBefore);
    // a reset by an unknown user name is the one remaining 404 (docs/security/enumeration.md)
    const unknownReset = await resetPassword(app, 'nobody.here');
    expect(unknownReset.statusCode).toBe(404);
    const after = JSON.parse(await snapshot(db));
    expect(after).toEqual({ ...JSON.parse(before), mailbox: { n: JSON.parse(before).mailbox.n + 1 } });
  });

  it('ResetPassword answers an e-mail the same whether an account has it or not, and mails only the account', async () => {
    const { app, db } = server();
    await createUser(db, { userName: 'same.answer', email: 'same.answer@example.com', password: OLD_PASSWORD });
    const mailsBefore = (await mails(app)).length;
    const known = await resetPassword(app, 'same.answer@example.com');
    const unknown = await resetPassword(app, 'not.an.account@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(json(known).result).toEqual({ information: MESSAGES.resetEmailSent, maskedEmail: maskEmail('same.answer@example.com') });
    expect(json(unknown).result).toEqual({ information: MESSAGES.resetEmailSent, maskedEmail: maskEmail('not.an.account@example.com') });
    const sent = await mails(app);
    expect(sent.length).toBe(mailsBefore + 1);
    expect(sent[0].to).toBe('same.answer@example.com');
  });

  it('expired password: R18 at sign-in → ChangePassword (wrong current: 401 R11, changes nothing) → sign-in works', async () => {
    const { app, db } = server();
    const userId = await createUser(db, { userName: 'expired.one', email: 'expired.one@example.com', password: OLD_PASSWORD });
    await db
      .updateTable('applications')
      .set({ password_expiration: 30, password_type_expiration: 3 })
      .where(sql<string>`lower(name)`, '=', APP)
      .execute();
    try {
      await db
        .updateTable('users')
        .set({ password_changed_at: new Date(Date.now() - 40 * 86400_000) })
        .where('id', '=', userId)
        .execute();
      const refused = await login(app, 'expired.one', OLD_PASSWORD);
      expect(refused.statusCode).toBe(403);
      expect(json(refused).result.informationCode).toBe('R18');

      const wrong = await changePassword(app, 'expired.one', 'Wrong.Pass1', 'Changed.Pass1');
      expect(wrong.statusCode).toBe(401);
      expect(json(wrong).result).toMatchObject({ informationCode: 'R11', failedLoginInformation: { failedAttempts: 1, lockTime: 0 } });
      const hash = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
      const before = await snapshot(db);
      const weak = await changePassword(app, 'expired.one', OLD_PASSWORD, 'weak');
      expect(weak.statusCode).toBe(400);
      expect(json(weak).result.information).toBe(PASSWORD_MESSAGES.weak);
      expect(await snapshot(db)).toBe(before);

      const changed = await changePassword(app, 'expired.one', OLD_PASSWORD, 'Changed.Pass1');
      expect(changed.statusCode).toBe(200);
      expect(json(changed).result).toEqual({ information: MESSAGES.passwordUpdated, informationCode: 'A10' });
      const after = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
      expect(after.password_hash).not.toBe(hash.password_hash);
      expect(await passwordAudit(db, userId)).toEqual([
        {
          actor_id: userId,
          actor_name: 'expired.one',
          action: 'user.password',
          entity: 'user',
          after: { how: 'change', application: APP },
        },
      ]);
      // the failed attempt was forgotten with the change
      expect(await db.selectFrom('sign_in_lockouts').selectAll().where('user_id', '=', userId).execute()).toEqual([]);
      expect((await login(app, 'expired.one', 'Changed.Pass1')).statusCode).toBe(200);
    } finally {
      await db.updateTable('applications').set({ password_expiration: -1 }).where(sql<string>`lower(name)`, '=', APP).execute();
    }
  });

  it('ChangePassword checks the current password as sign-in does: a decoy verify for unknown users, the same answers, the support contact on a block', async () => {
    const { app, db } = server();
    await createUser(db, { userName: 'change.known', email: 'change.known@example.com', password: OLD_PASSWORD });
    const decoy = decoyVerify as jest.MockedFunction<typeof decoyVerify>;
    decoy.mockClear();
    {
      const unknown = await changePassword(app, 'change.nobody', 'Wrong.Pass1', 'Changed.Pass1');
      // an unknown user costs an argon2 verify too, so the answer's timing does not tell
      expect(decoy).toHaveBeenCalledTimes(1);
      const known = await changePassword(app, 'change.known', 'Wrong.Pass1', 'Changed.Pass1');
      expect(decoy).toHaveBeenCalledTimes(1);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
    }
    // blocked by wrong current passwords: A20 with the application's support contact, as sign-in answers
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) await changePassword(app, 'change.known', 'Wrong.Pass1', 'Changed.Pass1');
      await db
        .updateTable('sign_in_lockouts')
        .set({ locked_until: sql`now() - interval '1 second'` })
        .where('subject', 'like', '%')
        .execute();
    }
    const blocked = await changePassword(app, 'change.known', OLD_PASSWORD, 'Changed.Pass1');
    expect(json(blocked).result).toEqual(json(await login(app, 'change.known', OLD_PASSWORD)).result);
    expect(json(blocked).result).toMatchObject({ informationCode: 'A20', isBlocked: true, messageParameter: expect.any(String) });
  });

  it('a changed password lifts the lockout and ends the other sessions', async () => {
    const { app, db } = server();
    const userId = await createUser(db, { userName: 'locked.one', email: 'locked.one@example.com', password: OLD_PASSWORD });
    expect((await login(app, 'locked.one', OLD_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) await login(app, 'locked.one', 'Wrong.Pass1');
    expect((await login(app, 'locked.one', OLD_PASSWORD)).statusCode).toBe(423);
    expect((await resetPassword(app, 'locked.one')).statusCode).toBe(200);
    expect((await assign(app, (await lastLink(app, 'locked.one@example.com')).payload, 'Unlocked.Pass1')).statusCode).toBe(200);
    expect(await db.selectFrom('sign_in_lockouts').selectAll().where('user_id', '=', userId).execute()).toEqual([]);
    const live = await db.selectFrom('sessions').select(['revoked_at', 'revoked_reason']).where('user_id', '=', userId).execute();
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((s) => s.revoked_at !== null && s.revoked_reason === 'password_change')).toBe(true);
    expect((await login(app, 'locked.one', 'Unlocked.Pass1')).statusCode).toBe(200);
  });

  it("builds links from configuration, never from the request's Host header or an unknown tenant", async () => {
    const { app, db } = server();
    await createUser(db, { userName: 'poison.me', email: 'poison.me@example.com', password: OLD_PASSWORD });
    const reset = (headers: Record<string, string>, appname = APP) =>
      app.inject({ method: 'POST', url: '/api/login/ResetPassword', headers, payload: { appname, user: 'poison.me' } });

    const forged: Record<string, string>[] = [
      { host: 'evil.example:666' },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      { host: 'localhost:80', tenant: 'evil.example' },
    ];
    for (const headers of forged) {
      expect((await reset(headers)).statusCode).toBe(200);
      const { link } = await lastLink(app, 'poison.me@example.com');
      expect(link.startsWith('http://localhost:8080/changepassword?')).toBe(true);
      expect(link).not.toContain('evil');
    }
    // another application and one of its tenants: their own origins of the development suite
    expect((await reset({ host: 'evil.example:666' }, 'bemyself')).statusCode).toBe(200);
    expect((await lastLink(app, 'poison.me@example.com')).link.startsWith('http://bemyself.localhost:8080/changepassword?')).toBe(true);
    expect((await reset({ host: 'evil.example:666', tenant: 'BMSBRA' }, 'bemyself')).statusCode).toBe(200);
    expect((await lastLink(app, 'poison.me@example.com')).link.startsWith('http://bmsbra.bemyself.localhost:8080/changepassword?')).toBe(
      true,
    );
  });

  it("builds the link on the application's absolute urlAssignPassword, in the tenant language", async () => {
    const { app, db } = server();
    const other = await db
      .selectFrom('applications')
      .select(['id', 'name', 'url_assign_password'])
      .where(sql<string>`lower(name)`, '!=', APP)
      .where('idstate', '=', 0)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('applications')
      .set({ url_assign_password: 'https://id.example.com/changepassword' })
      .where('id', '=', other.id)
      .execute();
    try {
      await createUser(db, { userName: 'abs.link', email: 'abs.link@example.com', password: OLD_PASSWORD });
      const response = await app.inject({
        method: 'POST',
        url: '/api/login/ResetPassword',
        headers: { tenantLanguage: 'PT' },
        payload: { appname: other.name, user: 'abs.link' },
      });
      expect(response.statusCode).toBe(200);
      const { mail, link, payload } = await lastLink(app, 'abs.link@example.com');
      expect(link.startsWith('https://id.example.com/changepassword?')).toBe(true);
      expect(mail.subject).toContain('Redefina sua senha');
      expect(mail.html).toContain('lang="pt"');
      expect(payload.tenantLanguage).toBe('pt');
      // the link is for that application only
      expect(json(await assign(app, payload, 'Abs.Link-Pass1')).result.informationCode).toBe('R31');
      expect((await assign(app, payload, 'Abs.Link-Pass1', other.name)).statusCode).toBe(200);
    } finally {
      await db.updateTable('applications').set({ url_assign_password: other.url_assign_password }).where('id', '=', other.id).execute();
    }
  });

  it('serves the mailbox as HTML and JSON, newest first', async () => {
    const { app, db } = server();
    await createUser(db, { userName: 'mail.reader', email: 'mail.reader@example.com', password: OLD_PASSWORD });
    expect((await resetPassword(app, 'mail.reader')).statusCode).toBe(200);
    const list = await mails(app);
    expect(list[0].to).toBe('mail.reader@example.com');
    for (let i = 1; i < list.length; i++) expect(list[i - 1].id).toBeGreaterThan(list[i].id);
    const html = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('mail.reader@example.com');
    const one = await app.inject({ method: 'GET', url: `/dev/mail/${list[0].id}` });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toContain('text/html');
    const oneJson = await app.inject({ method: 'GET', url: `/dev/mail/${list[0].id}.json` });
    expect(json(oneJson)).toEqual(list[0]);
    expect((await app.inject({ method: 'GET', url: '/dev/mail/999999.json' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/dev/mail/abc' })).statusCode).toBe(404);
  });
});

describeEachBackend(
  'reset rate limits',
  (server) => {
    it('limits reset requests per address', async () => {
      const { app, db } = server();
      await createUser(db, { userName: 'limited.one', email: 'limited.one@example.com', password: OLD_PASSWORD });
      expect((await resetPassword(app, 'limited.one')).statusCode).toBe(200);
      expect((await resetPassword(app, 'LIMITED.ONE')).statusCode).toBe(200);
      const before = await snapshot(db);
      // the budget is the account's, however it is named: its e-mail in any case counts too
      for (const spelling of ['limited.one', 'Limited.One@Example.com', ' limited.one@example.com ']) {
        const third = await resetPassword(app, spelling);
        expect(third.statusCode).toBe(429);
        expect(json(third).result).toMatchObject({ informationCode: 'R429', information: MESSAGES.tooManyRequestsForAccount });
        const activation = await app.inject({
          method: 'POST',
          url: '/api/user/SendUserActivationEmail',
          payload: { user: spelling, appname: APP },
        });
        expect(activation.statusCode).toBe(429);
      }
      const lookups = [];
      for (let i = 0; i < 3; i++) {
        lookups.push(
          (
            await app.inject({
              method: 'POST',
              url: '/api/login/GetUsersResetPassword',
              payload: { email: 'unknown@example.com', appname: APP },
            })
          ).statusCode,
        );
      }
      expect(lookups).toEqual([404, 404, 429]);
      expect(await snapshot(db)).toBe(before);
    });
  },
  { rateLimit: { enabled: true, loginPerMinute: 1000, tokenPerMinute: 1000, resetPerMinute: 1000, resetPerAddressPerHour: 2 } },
);

describeEachBackend(
  'reset rate limit per client',
  (server) => {
    it('limits reset calls per client address', async () => {
      const { app } = server();
      const codes = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (
            await app.inject({
              method: 'POST',
              url: '/api/login/GetUsersResetPassword',
              payload: { email: `x${i}@example.com`, appname: APP },
            })
          ).statusCode,
        );
      }
      expect(codes).toEqual([404, 404, 404, 429]);
    });
  },
  { rateLimit: { enabled: true, loginPerMinute: 1000, tokenPerMinute: 1000, resetPerMinute: 3, resetPerAddressPerHour: 1000 } },
);

(process.env.DATABASE_URL ? describe : describe.skip)('reset rate limit per account on two API instances', () => {
  it('one budget per account whichever instance answers', async () => {
    const rateLimit = { enabled: true, loginPerMinute: 1000, tokenPerMinute: 1000, resetPerMinute: 1000, resetPerAddressPerHour: 2 };
    const a = await startTestServer('postgres', { rateLimit });
    let b: Server | undefined;
    try {
      b = await createServer(a.config, { logger: false, onGeneratedAdminPassword: () => undefined });
      await createUser(a.db, { userName: 'two.instances', email: 'two.instances@example.com', password: OLD_PASSWORD });
      // every accepted request queues one row, on whichever instance sends it later
      const mails = async () =>
        (await a.db.selectFrom('mail_outbox').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
      expect((await resetPassword(a.app, 'two.instances')).statusCode).toBe(200);
      expect((await resetPassword(b.app, 'two.instances')).statusCode).toBe(200);
      const sent = await mails();
      expect(sent).toBe(2);
      // the account's budget is spent: neither instance mails it again within the hour
      for (const app of [a.app, b.app]) {
        const refused = await resetPassword(app, 'Two.Instances@Example.com');
        expect(refused.statusCode).toBe(429);
        expect(json(refused).result).toMatchObject({ informationCode: 'R429', retryAfterSeconds: expect.any(Number) });
      }
      expect(await mails()).toEqual(sent);
    } finally {
      await b?.app.close();
      await a.dispose();
    }
  }, 30_000);
});

describe('mailbox off in production', () => {
  it('has no /dev/mail routes', async () => {
    const server = await startTestServer('pglite', { production: true });
    try {
      expect((await server.app.inject({ method: 'GET', url: '/dev/mail.json' })).statusCode).toBe(404);
    } finally {
      await server.dispose();
    }
  }, 60_000);
});
