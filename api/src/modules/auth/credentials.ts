import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { APP_PARAMETERS, INFORMATION_CODES, MESSAGES, USER_STATE } from '@suite/shared/contracts';
import type { LockoutConfig } from '../../config';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { decoyVerify, verifyPassword } from '../../security/passwords';
import type { CaptchaService } from '../captcha/service';
import { deviceOf } from './devices';
import { beginSignIn, clearLockout, recordFailure, type LoginUser, type SignInApplication, type SignInStart } from './lockout';

/** How long an attempt waits for a free slot while others of the same account are being verified. */
const BUSY_WAIT_MS = 3000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A right password of an active account. */
export interface VerifiedCredentials {
  application: SignInApplication;
  user: LoginUser;
  /** Lockout subject the attempt counted on; the caller's success clears it (clearLockout, or sign-in's success statement). */
  subject: string;
  /** Hash of the client's recognised-device id, when it sent one. */
  device?: string;
}

async function supportContact(db: Kysely<DB>, applicationId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('application_parameters')
    .select(sql<string | null>`value #>> '{}'`.as('text'))
    .where('application_id', '=', applicationId)
    .where('name', '=', APP_PARAMETERS.supportContact)
    .executeTakeFirst();
  return row?.text || undefined;
}

/** A20 with the application's support contact ('Para solucionarlo, comuníquese al {contact}'). */
export async function blockedError(db: Kysely<DB>, application: Pick<SignInApplication, 'id'>): Promise<ApiError> {
  const contact = await supportContact(db, application.id);
  return new ApiError(403, MESSAGES.userBlocked, INFORMATION_CODES.blocked, {
    isBlocked: true,
    ...(contact ? { messageParameter: contact } : {}),
  });
}

const lockedError = (failedAttempts: number, lockTime: number) =>
  new ApiError(423, MESSAGES.temporaryLock, INFORMATION_CODES.temporaryLock, { failedLoginInformation: { failedAttempts, lockTime } });

/**
 * The one credential check of the API — sign-in, change-password and every way of signing in to
 * come go through it, so none can drift from the others (docs/security/lockout.md):
 * the application must exist, be active and out of maintenance; a lockout slot is claimed before
 * the password is verified (parallel attempts cannot pass the limit); unknown users and users
 * without a password cost a decoy argon2 verify (timing does not tell whether an account exists);
 * a wrong password counts toward the lock and the block; the account's state is revealed only
 * after the right password, which also clears the counters when the state refuses the account.
 * Every refusal is thrown as an ApiError with its code (docs/security/codes.md).
 */
export async function checkCredentials(
  ctx: { db: Kysely<DB>; lockout: LockoutConfig; captcha: Pick<CaptchaService, 'passesForAccount'> },
  request: FastifyRequest,
  input: { appName: string; userName: string; password: string; tokenCaptcha?: string },
): Promise<VerifiedCredentials> {
  const { db, lockout } = ctx;
  const device = deviceOf(request);
  const recognition = { device, trustDays: lockout.deviceTrustDays };
  let start: SignInStart = await beginSignIn(db, input.appName, input.userName, recognition);
  for (
    let delay = 10, until = Date.now() + BUSY_WAIT_MS;
    start.kind === 'claim' && start.claim.kind === 'busy' && Date.now() < until;
    delay = Math.min(delay * 2, 100)
  ) {
    await sleep(delay);
    start = await beginSignIn(db, input.appName, input.userName, recognition);
  }
  if (start.kind === 'unknown-application') throw new ApiError(400, MESSAGES.applicationUnknown, INFORMATION_CODES.badRequest);
  const { application } = start;
  if (application.idstate !== 0) throw new ApiError(403, MESSAGES.applicationInactive, INFORMATION_CODES.applicationInactive);
  if (start.kind !== 'claim') {
    throw new ApiError(403, application.maintenance_message || MESSAGES.applicationMaintenance, INFORMATION_CODES.applicationMaintenance);
  }
  const { claim, user, subject } = start;
  if (claim.kind === 'blocked') throw await blockedError(db, application);
  if (claim.kind === 'locked') throw lockedError(claim.failedAttempts, claim.lockTime);
  if (claim.kind === 'busy') throw new ApiError(429, MESSAGES.tooManyRequests, INFORMATION_CODES.tooManyRequests);

  // an account whose own application asks for the captcha is not tried without one; refused as a
  // wrong password is, after the same decoy verify, so the answer tells nothing of the account
  const mayTry = await ctx.captcha.passesForAccount(application.name, user?.id, input.tokenCaptcha, request.log);
  const valid =
    mayTry && user?.password_hash ? await verifyPassword(user.password_hash, input.password) : await decoyVerify(input.password);
  if (!user || !valid) {
    const outcome = await recordFailure(db, start, lockout, { application: application.name, userName: input.userName, ip: request.ip });
    if (outcome.kind === 'blocked') {
      request.log.warn({ userId: user?.id, recognisedDevice: subject.includes('#') }, 'sign-in blocked after repeated temporary locks');
      throw await blockedError(db, application);
    }
    if (outcome.kind === 'locked') {
      request.log.info({ userId: user?.id, lockSeconds: outcome.lockTime }, 'sign-in temporarily locked');
      throw lockedError(outcome.failedAttempts, outcome.lockTime);
    }
    throw new ApiError(401, MESSAGES.loginFailed, INFORMATION_CODES.badCredentials, {
      failedLoginInformation: { failedAttempts: outcome.failedAttempts, lockTime: 0 },
    });
  }

  // the right password: the account's state is only revealed now
  if (user.idstate === USER_STATE.pendingActivation)
    await refuse(db, subject, new ApiError(403, MESSAGES.userNotActivated, INFORMATION_CODES.notActivated));
  if (user.idstate === USER_STATE.blocked) await refuse(db, subject, blockedError(db, application));
  if (user.idstate !== USER_STATE.active)
    await refuse(db, subject, new ApiError(403, MESSAGES.userInactive, INFORMATION_CODES.userInactive));
  return { application, user, subject, device };
}

/** Refuses a right password for the account's state: its counters are cleared first. */
async function refuse(db: Kysely<DB>, subject: string, error: ApiError | Promise<ApiError>): Promise<never> {
  await clearLockout(db, subject);
  throw await error;
}
