import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  AssignPasswordRequestSchema,
  ChangePasswordRequestSchema,
  GetUsersResetPasswordRequestSchema,
  INFORMATION_CODES,
  MESSAGES,
  PASSWORD_MESSAGES,
  ResetPasswordRequestSchema,
  SendUserActivationEmailRequestSchema,
  USER_STATE,
  USER_TYPE,
  isStrongPassword,
  maskEmail,
  type AssignPasswordApp,
  type AssignPasswordResult,
  type Envelope,
  type GetUsersResetPasswordResult,
  type ResetPasswordResult,
} from '@suite/shared/contracts';
import { ApiError, parseInput } from '../../http/errors';
import { AddressLimiter } from '../../http/rate-limit';
import { decryptPayload } from '../../security/payload';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { checkCredentials } from '../auth/credentials';
import { provenDevice, rememberDevice } from '../auth/devices';
import { clearLockout, liftLockout } from '../auth/lockout';
import type { MailKind } from '../mail/templates';
import { hashLinkToken, type LinkPurpose } from './links';
import { sendPasswordLink, sendPasswordMail, tenantLanguage } from './send-link';

/** The application columns the password flows need. */
interface AppRow {
  id: number;
  name: string;
  title: string;
  url_assign_password: string;
  idstate: number;
  user_activate_token_time: number;
  user_activate_token_time_unit: number;
  assign_password_token_time: number;
  assign_password_token_time_unit: number;
  number_password_changes: number;
  mechanism_after_set_pass: number;
  default_language: string;
}

interface UserRow {
  id: string;
  user_name: string;
  email: string;
  names: string;
  idstate: number;
  typeuserid: number;
  password_hash: string | null;
}

/**
 * Password flows (issue 4): accounts of an e-mail, reset and activation links by e-mail,
 * assigning a password from a link, changing a password (also the R18 expired-password flow).
 */
export default async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, sessions, limits, mailer } = app.ctx;
  const perAddress = new AddressLimiter(config.rateLimit.resetPerAddressPerHour, 3600_000, config.rateLimit.enabled);

  const limitAddress = (key: string) => {
    const wait = perAddress.hit(key);
    if (wait > 0) throw new ApiError(429, MESSAGES.tooManyRequests, INFORMATION_CODES.tooManyRequests, { retryAfterSeconds: wait });
  };

  async function findApp(name: string): Promise<AppRow> {
    const row = await db
      .selectFrom('applications')
      .select([
        'id',
        'name',
        'title',
        'url_assign_password',
        'idstate',
        'user_activate_token_time',
        'user_activate_token_time_unit',
        'assign_password_token_time',
        'assign_password_token_time_unit',
        'number_password_changes',
        'mechanism_after_set_pass',
        'default_language',
      ])
      .where(sql<string>`lower(name)`, '=', name.trim().toLowerCase())
      .executeTakeFirst();
    if (!row) throw new ApiError(400, MESSAGES.applicationUnknown, INFORMATION_CODES.badRequest);
    if (row.idstate !== 0) throw new ApiError(403, MESSAGES.applicationInactive, INFORMATION_CODES.applicationInactive);
    return row as AppRow;
  }

  const userColumns = ['id', 'user_name', 'email', 'names', 'idstate', 'typeuserid', 'password_hash'] as const;

  /**
   * The one account a user name or e-mail names (a user name wins over an e-mail); undefined when
   * none does. Several accounts of one e-mail are a 400 (GetUsersResetPassword lists them anyway).
   */
  async function findUser(identifier: string): Promise<UserRow | undefined> {
    const key = identifier.trim().toLowerCase();
    const rows = (await db
      .selectFrom('users')
      .select([...userColumns])
      .where('deleted', '=', false)
      .where((eb) => eb.or([eb(sql<string>`lower(user_name)`, '=', key), eb(sql<string>`lower(email)`, '=', key)]))
      .limit(50)
      .execute()) as UserRow[];
    const byName = rows.find((r) => r.user_name.toLowerCase() === key);
    if (byName) return byName;
    if (rows.length > 1) throw new ApiError(400, MESSAGES.severalAccounts, INFORMATION_CODES.badRequest);
    return rows[0];
  }

  /**
   * The per-address limit counts on the account, however its name or e-mail was spelt (an unknown
   * identifier counts on itself, normalised).
   */
  const limitAccount = (user: UserRow | undefined, identifier: string) => limitAddress(user ? `account:${user.id}` : `name:${identifier.trim().toLowerCase()}`);

  const isEmail = (identifier: string) => identifier.includes('@');

  const sendMail = (kind: MailKind, user: UserRow, application: AppRow, language: string) => sendPasswordMail(mailer, kind, user, application, language);
  const sendLink = (request: FastifyRequest, purpose: LinkPurpose, user: UserRow, application: AppRow) =>
    sendPasswordLink(app.ctx, request, purpose, user, application);

  /** True when `password` equals the current password or one of the last N of the application. */
  async function inHistory(user: { id: string; password_hash: string | null }, application: AppRow, password: string): Promise<boolean> {
    const n = application.number_password_changes;
    if (!(n >= 1)) return false;
    const rows = await db
      .selectFrom('password_history')
      .select('password_hash')
      .where('user_id', '=', user.id)
      .where('application_id', '=', application.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(n)
      .execute();
    const hashes = new Set(rows.map((r) => r.password_hash));
    if (user.password_hash) hashes.add(user.password_hash);
    for (const hash of hashes) if (await verifyPassword(hash, password)) return true;
    return false;
  }

  /** After a password was set: lockout lifted, other sessions ended, a notice mailed. */
  async function afterPasswordSet(request: FastifyRequest, user: UserRow, application: AppRow): Promise<void> {
    await liftLockout(db, user.id);
    await sessions.revokeUserSessions(user.id, 'password_change', MESSAGES.sessionPasswordChanged);
    try {
      await sendMail('passwordChanged', user, application, tenantLanguage(request, application));
    } catch (err) {
      request.log.warn({ err }, 'password-changed notice not sent');
    }
  }

  /** Stores the new password: hash, changed-at (clears the expired state), history row; optionally spends a token. */
  async function storePassword(user: UserRow, application: AppRow, hash: string, tokenId?: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      if (tokenId) {
        const spent = await trx
          .updateTable('password_tokens')
          .set({ used_at: new Date() })
          .where('id', '=', tokenId)
          .where('used_at', 'is', null)
          .where('expires_at', '>', new Date())
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) return false;
        // the other outstanding links of the account die with it
        await trx.updateTable('password_tokens').set({ used_at: new Date() }).where('user_id', '=', user.id).where('used_at', 'is', null).execute();
      }
      await trx
        .updateTable('users')
        .set({
          password_hash: hash,
          password_changed_at: new Date(),
          modified_on: new Date(),
          idstate: sql<number>`case when idstate = ${USER_STATE.pendingActivation} then ${USER_STATE.active} else idstate end`,
        })
        .where('id', '=', user.id)
        .execute();
      await trx.insertInto('password_history').values({ user_id: user.id, application_id: application.id, password_hash: hash }).execute();
      if (application.number_password_changes >= 1) {
        // keep the last N per application
        await sql`
          delete from password_history
           where user_id = ${user.id}::uuid and application_id = ${application.id}::int
             and id not in (select id from password_history
                             where user_id = ${user.id}::uuid and application_id = ${application.id}::int
                             order by created_at desc, id desc limit ${application.number_password_changes}::int)
        `.execute(trx);
      }
      return true;
    });
  }

  const weakPassword = () => new ApiError(400, PASSWORD_MESSAGES.weak, INFORMATION_CODES.badRequest);
  const reusedPassword = () => new ApiError(400, MESSAGES.passwordReused, INFORMATION_CODES.passwordReused);

  app.post('/api/login/GetUsersResetPassword', { config: { ...limits.reset, contract: { summary: 'Accounts that can reset their password', tag: 'passwords', body: GetUsersResetPasswordRequestSchema } } }, async (request): Promise<Envelope<GetUsersResetPasswordResult>> => {
    const body = parseInput(GetUsersResetPasswordRequestSchema, request.body);
    limitAddress(`email:${body.email}`);
    await findApp(body.appname);
    const rows = await db
      .selectFrom('users')
      .select(['user_name', 'email', 'typeuserid'])
      .where('deleted', '=', false)
      .where(sql<string>`lower(email)`, '=', body.email.toLowerCase())
      .orderBy('user_name')
      .limit(50)
      .execute();
    if (rows.length === 0) throw new ApiError(404, MESSAGES.noUsersForEmail, INFORMATION_CODES.badCredentials);
    return {
      statusCode: 200,
      result: {
        users: rows.map((r) => ({
          username: r.user_name,
          email: maskEmail(r.email),
          // certified users sign in with a certificate: their password is not assigned by hand
          assignManualPassword: r.typeuserid !== USER_TYPE.certifiedUser,
        })),
      },
    };
  });

  app.post('/api/login/ResetPassword', { config: { ...limits.reset, contract: { summary: 'Send a password reset link', tag: 'passwords', body: ResetPasswordRequestSchema } } }, async (request): Promise<Envelope<ResetPasswordResult>> => {
    const body = parseInput(ResetPasswordRequestSchema, request.body);
    const application = await findApp(body.appname);
    const user = await findUser(body.user);
    limitAccount(user, body.user);
    // an e-mail answers the same whether or not an account has it (docs/security/enumeration.md);
    // an unknown user name stays a 404: the reply's masked e-mail cannot be made up
    if (!user && !isEmail(body.user)) throw new ApiError(404, MESSAGES.userUnknown, INFORMATION_CODES.notFound);
    if (user) {
      // an account never activated gets a new activation link instead
      const purpose: LinkPurpose = user.idstate === USER_STATE.pendingActivation ? 'activation' : 'reset';
      await sendLink(request, purpose, user, application);
    }
    return { statusCode: 200, result: { information: MESSAGES.resetEmailSent, maskedEmail: maskEmail(isEmail(body.user) ? body.user : (user as UserRow).email) } };
  });

  app.post('/api/user/SendUserActivationEmail', { config: { ...limits.reset, contract: { summary: 'Send an activation e-mail', tag: 'passwords', body: SendUserActivationEmailRequestSchema } } }, async (request) => {
    const body = parseInput(SendUserActivationEmailRequestSchema, request.body);
    const application = await findApp(body.appname);
    const user = await findUser(body.user);
    limitAccount(user, body.user);
    // one answer for every account and none (docs/security/enumeration.md): a pending account gets
    // its link, an account already active a notice that it is, an unknown one nothing
    if (user?.idstate === USER_STATE.pendingActivation) await sendLink(request, 'activation', user, application);
    else if (user) await sendMail('alreadyActive', user, application, tenantLanguage(request, application));
    return {
      statusCode: 200,
      result: { information: MESSAGES.activationEmailSent, informationCode: INFORMATION_CODES.success },
      statusDetails: [{ code: INFORMATION_CODES.success, description: MESSAGES.activationEmailSent }],
    };
  });

  app.post('/api/login/AssignPassword', { config: { ...limits.login, contract: { summary: 'Set a password from an activation or reset link', tag: 'passwords', body: AssignPasswordRequestSchema } } }, async (request): Promise<Envelope<AssignPasswordResult>> => {
    const body = parseInput(AssignPasswordRequestSchema, request.body);
    const application = await findApp(body.appname);
    const purpose: LinkPurpose = body.isUserActivation ? 'activation' : 'reset';
    const row = await db
      .selectFrom('password_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.id as token_id',
        't.application_id',
        't.purpose',
        't.used_at',
        sql<boolean>`t.expires_at <= now()`.as('expired'),
        'u.id',
        'u.user_name',
        'u.email',
        'u.names',
        'u.idstate',
        'u.typeuserid',
        'u.password_hash',
        'u.deleted',
      ])
      .where('t.token_hash', '=', hashLinkToken(body.token))
      .executeTakeFirst();
    const valid =
      row &&
      !row.deleted &&
      row.used_at === null &&
      row.application_id === application.id &&
      row.purpose === purpose &&
      row.user_name.toLowerCase() === body.user.toLowerCase();
    if (!valid) {
      throw new ApiError(400, MESSAGES.invalidLink, INFORMATION_CODES.invalidLink, {
        user: body.user,
        ...(row && !row.deleted && row.user_name.toLowerCase() === body.user.toLowerCase() ? { email: row.email } : {}),
        isUserActivation: body.isUserActivation,
      });
    }
    if (row.expired) {
      throw new ApiError(410, MESSAGES.linkExpired, INFORMATION_CODES.linkExpired, {
        isUserActivation: body.isUserActivation,
        ...(body.isUserActivation ? { user: row.user_name, email: row.email } : {}),
      });
    }
    const password = decryptPayload(body.password, app.ctx.payloadKey);
    if (password === null) throw new ApiError(400, MESSAGES.undecodablePassword, INFORMATION_CODES.badRequest);
    if (!isStrongPassword(password)) throw weakPassword();
    const user: UserRow = row;
    if (await inHistory(user, application, password)) throw reusedPassword();
    const stored = await storePassword(user, application, await hashPassword(password), row.token_id);
    if (!stored) throw new ApiError(400, MESSAGES.invalidLink, INFORMATION_CODES.invalidLink, { user: body.user });
    await afterPasswordSet(request, user, application);

    const apps = await db
      .selectFrom('user_roles as ur')
      .innerJoin('applications as a', 'a.id', 'ur.application_id')
      .select(['a.name', 'a.title', 'a.url_app', 'a.landing'])
      .distinct()
      .where('ur.user_id', '=', user.id)
      .where('a.idstate', '=', 0)
      .where('a.is_visible', '=', true)
      .orderBy('a.name')
      .execute();
    const list: AssignPasswordApp[] = apps.length > 1 ? apps.map((a) => ({ name: a.name, title: a.title, urlApp: a.url_app, landing: a.landing })) : [];
    request.log.info({ userId: user.id, app: application.name, purpose }, 'password assigned from a link');
    return {
      statusCode: 200,
      result: {
        information: purpose === 'activation' ? MESSAGES.passwordCreated : MESSAGES.passwordUpdated,
        informationCode: INFORMATION_CODES.success,
        apps: list,
        mechanismAfterSetPass: application.mechanism_after_set_pass,
      },
    };
  });

  app.post('/api/login/ChangePassword', { config: { ...limits.login, contract: { summary: 'Change the password', tag: 'passwords', body: ChangePasswordRequestSchema } } }, async (request, reply) => {
    const body = parseInput(ChangePasswordRequestSchema, request.body);
    const current = decryptPayload(body.password, app.ctx.payloadKey);
    const next = decryptPayload(body.newpassword, app.ctx.payloadKey);
    if (current === null || next === null) throw new ApiError(400, MESSAGES.undecodablePassword, INFORMATION_CODES.badRequest);
    if (!isStrongPassword(next)) throw weakPassword();
    const application = await findApp(body.appname);

    // the current password is checked as a sign-in checks it (one credential check for both)
    const verified = await checkCredentials({ db, lockout: config.lockout }, request, { appName: application.name, userName: body.user, password: current });
    await clearLockout(db, verified.subject);
    await rememberDevice(db, verified.user.id, provenDevice(request, reply, verified.device));
    const loginUser = verified.user;
    const user = (await db.selectFrom('users').select([...userColumns]).where('id', '=', loginUser.id).executeTakeFirstOrThrow()) as UserRow;
    if (await inHistory(user, application, next)) throw reusedPassword();
    await storePassword(user, application, await hashPassword(next));
    await afterPasswordSet(request, user, application);
    request.log.info({ userId: user.id, app: application.name }, 'password changed');
    return { statusCode: 200, result: { information: MESSAGES.passwordUpdated, informationCode: INFORMATION_CODES.success } };
  });
}
