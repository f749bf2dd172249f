import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { APP_PARAMETERS, FACTOR_MESSAGES, INFORMATION_CODES, MESSAGES, USER_STATE } from '@suite/shared/contracts';
import type { LockoutConfig } from '../../config';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { decoyVerify, verifyPassword } from '../../security/passwords';
import type { CaptchaService } from '../captcha/service';
import { deviceOf } from './devices';
import {
  beginSignIn,
  clearLockout,
  recordFailure,
  type FailedAttempt,
  type LoginUser,
  type SignInApplication,
  type SignInStart,
} from './lockout';

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
  input: { appName: string; userName: string; password: string; tokenCaptcha?: string; step?: FailedAttempt['step'] },
): Promise<VerifiedCredentials> {
  const { db } = ctx;
  const device = deviceOf(request);
  const start = await claimAttempt(ctx, input.appName, input.userName, device);
  const { application, user } = start;

  // an account whose own application asks for the captcha is not tried without one; refused as a
  // wrong password is, after the same decoy verify, so the answer tells nothing of the account
  const mayTry = await ctx.captcha.passesForAccount(application.name, user?.id, input.tokenCaptcha, request.log);
  const valid =
    mayTry && user?.password_hash ? await verifyPassword(user.password_hash, input.password) : await decoyVerify(input.password);
  if (!user || !valid)
    return countFailure(ctx, request, start, { application: application.name, userName: input.userName, ip: request.ip, step: input.step });
  await refuseClosedAccount(db, start.subject, application, user);
  return { application, user, subject: start.subject, device };
}

/**
 * The second step of a sign-in (docs/adr/0037-second-factors.md) under the same lockout as the
 * password: a slot claimed first, a wrong code counted toward the lock and the block, the
 * account's state checked again. `verify` answers whether the code (or recovery code) is right.
 */
export async function checkSecondFactor(
  ctx: { db: Kysely<DB>; lockout: LockoutConfig },
  request: FastifyRequest,
  input: { appName: string; userName: string; device?: string; step?: 'second_factor' | 'passkey' },
  verify: (user: LoginUser) => Promise<boolean>,
): Promise<VerifiedCredentials> {
  const start = await claimAttempt(ctx, input.appName, input.userName, input.device);
  const { application, user } = start;
  if (!user || !(await verify(user)))
    return countFailure(ctx, request, start, {
      application: application.name,
      userName: input.userName,
      ip: request.ip,
      step: input.step ?? 'second_factor',
    });
  await refuseClosedAccount(ctx.db, start.subject, application, user);
  return { application, user, subject: start.subject, device: input.device };
}

type Claimed = Extract<SignInStart, { kind: 'claim' }>;

/** The application open, the account neither locked nor blocked, and a slot of its lockout claimed; else the refusal. */
async function claimAttempt(
  ctx: { db: Kysely<DB>; lockout: LockoutConfig },
  appName: string,
  userName: string,
  device?: string,
): Promise<Claimed> {
  const { db, lockout } = ctx;
  const recognition = { device, trustDays: lockout.deviceTrustDays };
  let start: SignInStart = await beginSignIn(db, appName, userName, recognition);
  for (
    let delay = 10, until = Date.now() + BUSY_WAIT_MS;
    start.kind === 'claim' && start.claim.kind === 'busy' && Date.now() < until;
    delay = Math.min(delay * 2, 100)
  ) {
    await sleep(delay);
    start = await beginSignIn(db, appName, userName, recognition);
  }
  if (start.kind === 'unknown-application') throw new ApiError(400, MESSAGES.applicationUnknown, INFORMATION_CODES.badRequest);
  const { application } = start;
  if (application.idstate !== 0) throw new ApiError(403, MESSAGES.applicationInactive, INFORMATION_CODES.applicationInactive);
  if (start.kind !== 'claim') {
    throw new ApiError(403, application.maintenance_message || MESSAGES.applicationMaintenance, INFORMATION_CODES.applicationMaintenance);
  }
  const { claim } = start;
  if (claim.kind === 'blocked') throw await blockedError(db, application);
  if (claim.kind === 'locked') throw lockedError(claim.failedAttempts, claim.lockTime);
  if (claim.kind === 'busy') throw new ApiError(429, MESSAGES.tooManyRequests, INFORMATION_CODES.tooManyRequests);
  return start;
}

/** A wrong password or code: counted (the slot released), and refused as a lock, a block or a wrong credential. */
async function countFailure(
  ctx: { db: Kysely<DB>; lockout: LockoutConfig },
  request: FastifyRequest,
  start: Claimed,
  attempt: FailedAttempt,
): Promise<never> {
  const { db, lockout } = ctx;
  const { user, subject, application } = start;
  const outcome = await recordFailure(db, start, lockout, attempt);
  if (outcome.kind === 'blocked') {
    request.log.warn({ userId: user?.id, recognisedDevice: subject.includes('#') }, 'sign-in blocked after repeated temporary locks');
    throw await blockedError(db, application);
  }
  if (outcome.kind === 'locked') {
    request.log.info({ userId: user?.id, lockSeconds: outcome.lockTime }, 'sign-in temporarily locked');
    throw lockedError(outcome.failedAttempts, outcome.lockTime);
  }
  const message = attempt.step
    ? {
        second_factor: FACTOR_MESSAGES.codeWrong,
        reauthentication: FACTOR_MESSAGES.passwordWrong,
        passkey: FACTOR_MESSAGES.passkeyRefused,
      }[attempt.step]
    : MESSAGES.loginFailed;
  throw new ApiError(401, message, INFORMATION_CODES.badCredentials, {
    failedLoginInformation: { failedAttempts: outcome.failedAttempts, lockTime: 0 },
  });
}

/** The right credential: the account's state is only revealed now (its counters cleared before a refusal). */
async function refuseClosedAccount(db: Kysely<DB>, subject: string, application: SignInApplication, user: LoginUser): Promise<void> {
  if (user.idstate === USER_STATE.pendingActivation)
    await refuse(db, subject, new ApiError(403, MESSAGES.userNotActivated, INFORMATION_CODES.notActivated));
  if (user.idstate === USER_STATE.blocked) await refuse(db, subject, blockedError(db, application));
  if (user.idstate !== USER_STATE.active)
    await refuse(db, subject, new ApiError(403, MESSAGES.userInactive, INFORMATION_CODES.userInactive));
}

/** Refuses a right password for the account's state: its counters are cleared first. */
async function refuse(db: Kysely<DB>, subject: string, error: ApiError | Promise<ApiError>): Promise<never> {
  await clearLockout(db, subject);
  throw await error;
}
