import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import {
  INFORMATION_CODES,
  MESSAGES,
  PASSWORD_MESSAGES,
  USER_STATE,
  USER_TYPE,
  isStrongPassword,
  maskEmail,
  type AssignPasswordApp,
  type AssignPasswordRequestSchema,
  type AssignPasswordResult,
  type ChangePasswordRequestSchema,
  type ErrorResult,
  type GetUsersResetPasswordRequestSchema,
  type GetUsersResetPasswordResult,
  type ResetPasswordRequestSchema,
  type ResetPasswordResult,
  type SendUserActivationEmailRequestSchema,
} from '@suite/shared/contracts';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import { SharedLimiter } from '../../http/rate-limit';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { decryptPayload } from '../../security/payload';
import { checkCredentials } from '../auth/credentials';
import { provenDevice, rememberDevice } from '../auth/devices';
import { clearLockout, liftLockout } from '../auth/lockout';
import { hashLinkToken, type LinkPurpose } from './links';
import {
  accountsOfEmail,
  applicationsOfUser,
  findLinkToken,
  findPasswordApplication,
  recentPasswordHashes,
  storePassword,
  userById,
  usersNamedOrMailed,
  type PasswordApplication,
  type PasswordUser,
} from './queries';
import { queuePasswordMail, sendPasswordMail, tenantLanguage } from './send-link';

/** With its application: the route fills it from the page's host when the call left it out. */
type GetUsersResetPassword = v.InferOutput<typeof GetUsersResetPasswordRequestSchema> & { appname: string };
type ResetPassword = v.InferOutput<typeof ResetPasswordRequestSchema>;
type SendUserActivationEmail = v.InferOutput<typeof SendUserActivationEmailRequestSchema>;
type AssignPassword = v.InferOutput<typeof AssignPasswordRequestSchema>;
type ChangePassword = v.InferOutput<typeof ChangePasswordRequestSchema>;

const weakPassword = () => new ApiError(400, PASSWORD_MESSAGES.weak, INFORMATION_CODES.badRequest);
const reusedPassword = () => new ApiError(400, MESSAGES.passwordReused, INFORMATION_CODES.passwordReused);
const undecodablePassword = () => new ApiError(400, MESSAGES.undecodablePassword, INFORMATION_CODES.badRequest);
const isEmail = (identifier: string) => identifier.includes('@');

export type PasswordFlows = ReturnType<typeof passwordFlows>;

/** The named application; unknown is a 400, inactive a 403. */
export async function findOpenApplication(db: AppContext['db'], name: string): Promise<PasswordApplication> {
  const row = await findPasswordApplication(db, name);
  if (!row) throw new ApiError(400, MESSAGES.applicationUnknown, INFORMATION_CODES.badRequest);
  if (row.idstate !== 0) throw new ApiError(403, MESSAGES.applicationInactive, INFORMATION_CODES.applicationInactive);
  return row;
}

/** After a password was set: lockout lifted, other sessions ended, a notice mailed. */
export async function afterPasswordSet(
  ctx: Pick<AppContext, 'db' | 'sessions' | 'outbox'>,
  request: FastifyRequest,
  user: PasswordUser,
  application: PasswordApplication,
): Promise<void> {
  await liftLockout(ctx.db, user.id);
  await ctx.sessions.revokeUserSessions(user.id, 'password_change', MESSAGES.sessionPasswordChanged);
  try {
    await sendPasswordMail(ctx, 'passwordChanged', user, application, tenantLanguage(request, application));
  } catch (err) {
    request.log.warn({ err }, 'password-changed notice not sent');
  }
}

/**
 * Password flows (issue 4): accounts of an e-mail, reset and activation links by e-mail,
 * assigning a password from a link, changing a password (also the R18 expired-password flow).
 * Each flow answers the `result` of its reply or throws the ApiError of its refusal. The
 * per-address limit of the e-mail flows lives as long as the returned flows.
 */
export function passwordFlows(ctx: AppContext) {
  const { db, config } = ctx;
  const perAddress = new SharedLimiter(db, 'password-flows', config.rateLimit.resetPerAddressPerHour, 3600_000, config.rateLimit.enabled);

  /**
   * The per-address limit counts on the account, however its name or e-mail was spelt (an unknown
   * identifier counts on itself; the limiter normalises spelling).
   */
  const limitAccount = (user: PasswordUser | undefined, identifier: string) =>
    perAddress.enforce(user ? `account:${user.id}` : `name:${identifier}`);

  const findApp = (name: string) => findOpenApplication(db, name);

  /**
   * The one account a user name or e-mail names (a user name wins over an e-mail); undefined when
   * none does. Several accounts of one e-mail are a 400 (GetUsersResetPassword lists them anyway).
   */
  async function findUser(identifier: string): Promise<PasswordUser | undefined> {
    const key = identifier.trim().toLowerCase();
    const rows = await usersNamedOrMailed(db, key);
    const byName = rows.find((r) => r.user_name.toLowerCase() === key);
    if (byName) return byName;
    if (rows.length > 1) throw new ApiError(400, MESSAGES.severalAccounts, INFORMATION_CODES.badRequest);
    return rows[0];
  }

  /** True when `password` equals the current password or one of the last N of the application. */
  async function inHistory(user: PasswordUser, application: PasswordApplication, password: string): Promise<boolean> {
    const n = application.number_password_changes;
    if (!(n >= 1)) return false;
    const hashes = new Set(await recentPasswordHashes(db, user.id, application.id, n));
    if (user.password_hash) hashes.add(user.password_hash);
    for (const hash of hashes) if (await verifyPassword(hash, password)) return true;
    return false;
  }

  return {
    /** The accounts of an e-mail, masked, telling which may set a password by hand. */
    async usersForReset(body: GetUsersResetPassword): Promise<GetUsersResetPasswordResult> {
      await findApp(body.appname);
      // counted once the request is valid: bad input changes nothing
      await perAddress.enforce(`email:${body.email}`);
      const rows = await accountsOfEmail(db, body.email);
      if (rows.length === 0) throw new ApiError(404, MESSAGES.noUsersForEmail, INFORMATION_CODES.badCredentials);
      return {
        users: rows.map((r) => ({
          username: r.user_name,
          email: maskEmail(r.email),
          // certified users sign in with a certificate: their password is not assigned by hand
          assignManualPassword: r.typeuserid !== USER_TYPE.certifiedUser,
        })),
      };
    },

    /** Mails a reset link (an activation link to an account never activated). */
    async requestReset(request: FastifyRequest, body: ResetPassword): Promise<ResetPasswordResult> {
      const application = await findApp(body.appname);
      const user = await findUser(body.user);
      await limitAccount(user, body.user);
      // an e-mail answers the same whether or not an account has it (docs/security/enumeration.md);
      // an unknown user name stays a 404: the reply's masked e-mail cannot be made up
      if (!user && !isEmail(body.user)) throw new ApiError(404, MESSAGES.userUnknown, INFORMATION_CODES.notFound);
      // one queued job either way (none is sent without an account): the answer takes the same time;
      // an account never activated gets a new activation link instead
      await queuePasswordMail(ctx, request, user?.idstate === USER_STATE.pendingActivation ? 'activation' : 'reset', user, application);
      return {
        information: MESSAGES.resetEmailSent,
        maskedEmail: maskEmail(isEmail(body.user) ? body.user : (user as PasswordUser).email),
      };
    },

    /** Mails an activation link to a pending account, a notice to an active one, nothing to none. */
    async sendActivation(request: FastifyRequest, body: SendUserActivationEmail): Promise<ErrorResult> {
      const application = await findApp(body.appname);
      const user = await findUser(body.user);
      await limitAccount(user, body.user);
      // one answer for every account and none (docs/security/enumeration.md): a pending account gets
      // its link, an account already active a notice that it is, an unknown one nothing
      await queuePasswordMail(
        ctx,
        request,
        user && user.idstate !== USER_STATE.pendingActivation ? 'alreadyActive' : 'activation',
        user,
        application,
      );
      return { information: MESSAGES.activationEmailSent, informationCode: INFORMATION_CODES.success };
    },

    /** Sets a password from an activation or reset link, spending the link. */
    async assignPassword(request: FastifyRequest, body: AssignPassword): Promise<AssignPasswordResult> {
      const application = await findApp(body.appname);
      const purpose: LinkPurpose = body.isUserActivation ? 'activation' : 'reset';
      const row = await findLinkToken(db, hashLinkToken(body.token));
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
      const password = decryptPayload(body.password, ctx.payloadKey);
      if (password === null) throw undecodablePassword();
      if (!isStrongPassword(password)) throw weakPassword();
      const user: PasswordUser = row;
      if (await inHistory(user, application, password)) throw reusedPassword();
      const stored = await storePassword(db, user, application, await hashPassword(password), purpose, row.token_id);
      if (!stored) throw new ApiError(400, MESSAGES.invalidLink, INFORMATION_CODES.invalidLink, { user: body.user });
      await afterPasswordSet(ctx, request, user, application);

      const apps = await applicationsOfUser(db, user.id);
      const list: AssignPasswordApp[] =
        apps.length > 1 ? apps.map((a) => ({ name: a.name, title: a.title, urlApp: a.url_app, landing: a.landing })) : [];
      request.log.info({ userId: user.id, app: application.name, purpose }, 'password assigned from a link');
      return {
        information: purpose === 'activation' ? MESSAGES.passwordCreated : MESSAGES.passwordUpdated,
        informationCode: INFORMATION_CODES.success,
        apps: list,
        mechanismAfterSetPass: application.mechanism_after_set_pass,
      };
    },

    /** Changes the password after checking the current one as a sign-in does. */
    async changePassword(request: FastifyRequest, reply: FastifyReply, body: ChangePassword): Promise<ErrorResult> {
      const current = decryptPayload(body.password, ctx.payloadKey);
      const next = decryptPayload(body.newpassword, ctx.payloadKey);
      if (current === null || next === null) throw undecodablePassword();
      if (!isStrongPassword(next)) throw weakPassword();
      const application = await findApp(body.appname);

      // the current password is checked as a sign-in checks it (one credential check for both, the captcha included)
      await ctx.captcha.requireFor(application.name, body.tokenCaptcha, request.log);
      const verified = await checkCredentials({ db, lockout: config.lockout, captcha: ctx.captcha }, request, {
        appName: application.name,
        userName: body.user,
        password: current,
        tokenCaptcha: body.tokenCaptcha,
      });
      await clearLockout(db, verified.subject);
      await rememberDevice(db, verified.user.id, provenDevice(request, reply, verified.device));
      const user = await userById(db, verified.user.id);
      if (await inHistory(user, application, next)) throw reusedPassword();
      await storePassword(db, user, application, await hashPassword(next), 'change');
      await afterPasswordSet(ctx, request, user, application);
      request.log.info({ userId: user.id, app: application.name }, 'password changed');
      return { information: MESSAGES.passwordUpdated, informationCode: INFORMATION_CODES.success };
    },
  };
}
