import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type * as v from 'valibot';
import {
  FACTOR_MESSAGES,
  FALLBACK_APP,
  INFORMATION_CODES,
  MESSAGES,
  type AccountFactors,
  type ConfirmPasskeyRequestSchema,
  type ConfirmTotpRequestSchema,
  type ConfirmedFactor,
  type FactorKind,
  type LoginResult,
  type PasskeyCreation,
  type PasskeyRequest,
  type RecoveryCodes,
  type SecondFactorMethod,
  type SecondFactorRequestSchema,
  type TotpSetup,
} from '@suite/shared/contracts';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { SharedLimiter, tooManyRequests } from '../../http/rate-limit';
import { actorOf, recordAudit } from '../../security/audit';
import { decryptPayload } from '../../security/payload';
import { actorGrants, assertNotAbove } from '../access/guard';
import { checkCredentials, checkSecondFactor } from '../auth/credentials';
import { mailLanguage, renderMail } from '../mail/templates';
import { clearLockout, type LoginUser } from '../auth/lockout';
import { startSession } from '../auth/service';
import {
  accountFactor,
  accountFactors,
  confirmFactor,
  insertPasskey,
  insertPendingTotp,
  liveChallenge,
  markFactorUsed,
  passkeysOf,
  removeFactor,
  renameFactor,
  replaceRecoveryCodes,
  setEnrollingFactor,
  spendChallenge,
  spendRecoveryCode,
  spendTotpStep,
  totpSecrets,
  unusedRecoveryCodes,
  type ChallengeRow,
} from './queries';
import { creationOptions, requestOptions, verifyAnswer, verifyCreation } from './passkeys';
import { hashRecoveryCode, newRecoveryCodes } from './recovery';
import { hashChallenge, type StoredStart } from './second-step';
import { matchingStep, newTotpSecret, qrCodeOf, totpUri } from './totp';

const stepExpired = () => new ApiError(400, FACTOR_MESSAGES.stepExpired, INFORMATION_CODES.badRequest);
const factorUnknown = () => new ApiError(404, FACTOR_MESSAGES.factorUnknown, INFORMATION_CODES.notFound);
const setupExpired = () => new ApiError(400, FACTOR_MESSAGES.setupExpired, INFORMATION_CODES.badRequest);

/** The name a new authenticator gets until the person renames it. */
const DEFAULT_TOTP_NAME = 'Aplicación de autenticación';

async function challengeOf(ctx: AppContext, challenge: string): Promise<{ row: ChallengeRow; start: StoredStart }> {
  const row = await liveChallenge(ctx.db, hashChallenge(challenge));
  if (!row) throw stepExpired();
  return { row, start: row.start as StoredStart };
}

/** A code of one of these authenticators, spent once within its window (on every instance). */
async function totpMatches(ctx: AppContext, factors: { id: string; secret: string }[], code: string): Promise<string | undefined> {
  for (const factor of factors) {
    const step = matchingStep(factor.secret, code);
    if (step !== null && (await spendTotpStep(ctx.db, factor.id, step))) {
      await markFactorUsed(ctx.db, factor.id);
      return factor.id;
    }
  }
  return undefined;
}

/** A setup's secret as the person's app takes it: the QR code, and the 'Clave' as text. */
async function setupOf(id: string, secret: string, userName: string, title: string): Promise<TotpSetup> {
  const uri = totpUri(secret, userName, title);
  return { id, secret, uri, qr: await qrCodeOf(uri) };
}

/** The issuer an authenticator app shows beside the code: the application's title. */
async function applicationTitle(ctx: AppContext, application: { id: number } | { name: string }): Promise<string> {
  const query = ctx.db.selectFrom('applications').select('title');
  const row = await ('id' in application
    ? query.where('id', '=', application.id)
    : query.where('name', '=', application.name)
  ).executeTakeFirst();
  return row?.title || 'Suite';
}

const methodOf = (body: v.InferOutput<typeof SecondFactorRequestSchema>): SecondFactorMethod =>
  body.passkey !== undefined ? 'passkey' : body.recoveryCode !== undefined ? 'recovery' : 'totp';

/** The prompt of the person's passkeys in a waiting second step: a challenge bound to that step. */
export async function passkeyStepOptions(ctx: AppContext, challenge: string): Promise<PasskeyRequest> {
  const { row } = await challengeOf(ctx, challenge);
  const passkeys = await passkeysOf(ctx.db, row.user_id);
  if (passkeys.length === 0) throw factorUnknown();
  const options = await requestOptions(ctx, { purpose: 'step', userId: row.user_id, signInChallengeId: row.id }, passkeys);
  return { options };
}

/**
 * The second step of a sign-in answered (docs/adr/0037-second-factors.md): the code of an
 * authenticator (or the one being set up), or a recovery code, checked under the account's lockout
 * (checkSecondFactor). Right: the step is spent, the new authenticator confirmed with the person's
 * recovery codes, and the session starts as the first step would have started it.
 */
export async function completeSecondStep(
  ctx: AppContext,
  request: FastifyRequest,
  body: v.InferOutput<typeof SecondFactorRequestSchema>,
): Promise<LoginResult> {
  const { db, config } = ctx;
  await limitAddress(ctx, request);
  const { row, start } = await challengeOf(ctx, body.challenge);
  let usedFactor: string | undefined;
  const verified = await checkSecondFactor(
    { db, lockout: config.lockout },
    request,
    {
      appName: start.application.name,
      userName: start.user.user_name,
      device: start.device,
      step: body.passkey ? 'passkey' : 'second_factor',
    },
    async (user: LoginUser) => {
      if (user.id !== row.user_id) return false;
      if (body.recoveryCode !== undefined)
        return !row.enrolling_factor_id && spendRecoveryCode(db, user.id, hashRecoveryCode(body.recoveryCode));
      if (body.passkey !== undefined) {
        const passkey = (await passkeysOf(db, user.id)).find((p) => p.credentialId === body.passkey?.id);
        return (
          passkey !== undefined &&
          verifyAnswer(
            ctx,
            passkey,
            body.passkey,
            { purpose: 'step', userId: user.id, signInChallengeId: row.id },
            {
              requireUserVerification: false,
            },
          )
        );
      }
      usedFactor = await totpMatches(ctx, await totpSecrets(db, user.id, row.enrolling_factor_id), body.code ?? '');
      return usedFactor !== undefined;
    },
  );
  if (!(await spendChallenge(db, row.id))) throw stepExpired();

  let recoveryCodes: string[] | undefined;
  if (row.enrolling_factor_id && usedFactor === row.enrolling_factor_id) {
    await db.transaction().execute(async (trx) => {
      await confirmFactor(trx, row.user_id, row.enrolling_factor_id as string);
      recoveryCodes = await firstRecoveryCodes(trx, row.user_id);
      await recordAudit(trx, {
        actor: { id: verified.user.id, userName: verified.user.user_name },
        action: 'factor.add',
        entity: 'user',
        entityId: verified.user.id,
        after: { kind: 'totp', id: row.enrolling_factor_id, during: 'sign_in' },
      });
    });
  }
  const result = await startSession(ctx, request, {
    ...start,
    application: verified.application,
    user: verified.user,
    subject: verified.subject,
    secondStepDone: true,
    auditDetails: { ...start.auditDetails, secondFactor: methodOf(body) },
  });
  request.log.info({ userId: verified.user.id, app: verified.application.name }, 'second factor accepted');
  return recoveryCodes ? { ...result, recoveryCodes } : result;
}

/**
 * The second steps answered from one address, per minute, counted on every instance at once
 * (PostgreSQL): codes tried across many accounts from one place are held at the sign-in's own
 * budget (LOGIN_RATE_LIMIT), whichever instance each attempt reaches. An account's own attempts
 * are bounded by its lockout.
 */
export async function limitAddress(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const { config, db } = ctx;
  const limiter = new SharedLimiter(db, 'second-factor', config.rateLimit.loginPerMinute, 60_000, config.rateLimit.enabled);
  const wait = await limiter.hit(`address:${request.ip}`);
  if (wait > 0) throw tooManyRequests(wait);
}

/**
 * In a sign-in whose application requires a second factor, a person without one sets up an
 * authenticator app before any token: its secret, unconfirmed until the first code answers the step.
 */
export async function enrolDuringSignIn(ctx: AppContext, challenge: string, name = DEFAULT_TOTP_NAME): Promise<TotpSetup> {
  const { row, start } = await challengeOf(ctx, challenge);
  const secret = newTotpSecret();
  const id = await insertPendingTotp(ctx.db, row.user_id, name, secret);
  await setEnrollingFactor(ctx.db, row.id, id);
  return setupOf(id, secret, start.user.user_name, await applicationTitle(ctx, { id: row.application_id }));
}

/** A person's first factor comes with their recovery codes (shown once); a later one leaves them as they are. */
async function firstRecoveryCodes(trx: Transaction<DB>, userId: string): Promise<string[] | undefined> {
  if ((await unusedRecoveryCodes(trx, userId)) > 0) return undefined;
  const issued = newRecoveryCodes();
  await replaceRecoveryCodes(trx, userId, issued.hashes);
  return issued.codes;
}

/**
 * A factor the person added on /security, in one transaction with its audit row and, for their
 * first factor, their recovery codes (shown once). `add` stores it and names it (undefined: the
 * setup it confirms is gone).
 */
async function factorAdded(
  ctx: AppContext,
  request: FastifyRequest,
  userId: string,
  kind: FactorKind,
  name: string,
  add: (trx: Transaction<DB>) => Promise<string | undefined>,
): Promise<ConfirmedFactor> {
  let recoveryCodes: string[] | undefined;
  let id: string | undefined;
  await ctx.db.transaction().execute(async (trx) => {
    id = await add(trx);
    if (!id) throw setupExpired();
    recoveryCodes = await firstRecoveryCodes(trx, userId);
    await recordAudit(trx, { actor: actorOf(request), action: 'factor.add', entity: 'user', entityId: userId, after: { kind, id, name } });
  });
  const factor = id ? await accountFactor(ctx.db, userId, id) : undefined;
  if (!factor) throw setupExpired();
  return recoveryCodes ? { factor, recoveryCodes } : { factor };
}

/** The person of the request's session (the /security page). */
function personOf(request: FastifyRequest): { id: string; userName: string; application: string } {
  const user = request.user;
  if (!user) throw new ApiError(401, MESSAGES.unauthorized, INFORMATION_CODES.unauthorized);
  return { id: user.id, userName: user.userName, application: user.audience[0] ?? '' };
}

/**
 * The person's password asked again before a change of their factors: checked as a sign-in checks
 * it (one credential check, under the same lockout; no captcha, the person is signed in).
 */
async function reauthenticate(ctx: AppContext, request: FastifyRequest, encrypted: string): Promise<void> {
  const person = personOf(request);
  const password = decryptPayload(encrypted, ctx.payloadKey);
  if (password === null) throw new ApiError(400, MESSAGES.undecodablePassword, INFORMATION_CODES.badRequest);
  const verified = await checkCredentials(
    { db: ctx.db, lockout: ctx.config.lockout, captcha: { passesForAccount: async () => true } },
    request,
    { appName: person.application, userName: person.userName, password, step: 'reauthentication' },
  );
  if (verified.user.id !== person.id) throw new ApiError(401, MESSAGES.unauthorized, INFORMATION_CODES.unauthorized);
  await clearLockout(ctx.db, verified.subject);
}

async function factorsOf(ctx: AppContext, userId: string): Promise<AccountFactors> {
  return { factors: await accountFactors(ctx.db, userId), recoveryCodesLeft: await unusedRecoveryCodes(ctx.db, userId) };
}

/** The /security page's calls: the person's own factors. */
export function accountFactorsService(ctx: AppContext) {
  const { db } = ctx;
  return {
    list: (request: FastifyRequest) => factorsOf(ctx, personOf(request).id),

    async startTotp(request: FastifyRequest, password: string): Promise<TotpSetup> {
      await reauthenticate(ctx, request, password);
      const person = personOf(request);
      const secret = newTotpSecret();
      const id = await insertPendingTotp(db, person.id, DEFAULT_TOTP_NAME, secret);
      return setupOf(id, secret, person.userName, await applicationTitle(ctx, { name: person.application }));
    },

    async confirmTotp(request: FastifyRequest, body: v.InferOutput<typeof ConfirmTotpRequestSchema>): Promise<ConfirmedFactor> {
      const person = personOf(request);
      const pending = (await totpSecrets(db, person.id, body.id)).find((f) => f.id === body.id);
      if (!pending) throw setupExpired();
      if ((await totpMatches(ctx, [pending], body.code)) !== body.id)
        throw new ApiError(400, FACTOR_MESSAGES.codeWrong, INFORMATION_CODES.badRequest);
      return factorAdded(ctx, request, person.id, 'totp', body.name, async (trx) =>
        (await confirmFactor(trx, person.id, body.id, body.name)) ? body.id : undefined,
      );
    },

    async startPasskey(request: FastifyRequest, password: string): Promise<PasskeyCreation> {
      await reauthenticate(ctx, request, password);
      const person = personOf(request);
      const user = await db.selectFrom('users').select(['names', 'surnames']).where('id', '=', person.id).executeTakeFirst();
      const displayName = [user?.names, user?.surnames].filter(Boolean).join(' ') || person.userName;
      const options = await creationOptions(
        ctx,
        { id: person.id, userName: person.userName, displayName },
        await applicationTitle(ctx, { name: person.application }),
        await passkeysOf(db, person.id),
      );
      return { options };
    },

    /** The passkey the browser created, checked against the challenge handed out after the password. */
    async confirmPasskey(request: FastifyRequest, body: v.InferOutput<typeof ConfirmPasskeyRequestSchema>): Promise<ConfirmedFactor> {
      const person = personOf(request);
      const created = await verifyCreation(ctx, person.id, body.passkey);
      if (!created) throw new ApiError(400, FACTOR_MESSAGES.passkeyRefused, INFORMATION_CODES.badRequest);
      return factorAdded(ctx, request, person.id, 'passkey', body.name, (trx) =>
        insertPasskey(trx, { userId: person.id, name: body.name, ...created }),
      );
    },

    async rename(request: FastifyRequest, id: string, name: string): Promise<ConfirmedFactor> {
      const person = personOf(request);
      const before = await accountFactor(db, person.id, id);
      if (!before) throw factorUnknown();
      await db.transaction().execute(async (trx) => {
        if (!(await renameFactor(trx, person.id, id, name))) throw factorUnknown();
        await recordAudit(trx, {
          actor: actorOf(request),
          action: 'factor.rename',
          entity: 'user',
          entityId: person.id,
          before: { id, name: before.name },
          after: { id, name },
        });
      });
      return { factor: { ...before, name } };
    },

    async remove(request: FastifyRequest, id: string, password: string): Promise<AccountFactors> {
      const person = personOf(request);
      const factor = await accountFactor(db, person.id, id);
      if (!factor) throw factorUnknown();
      await reauthenticate(ctx, request, password);
      await db.transaction().execute(async (trx) => {
        if (!(await removeFactor(trx, person.id, id))) throw factorUnknown();
        await recordAudit(trx, {
          actor: actorOf(request),
          action: 'factor.remove',
          entity: 'user',
          entityId: person.id,
          before: { id, kind: factor.kind, name: factor.name },
        });
      });
      return factorsOf(ctx, person.id);
    },

    async recoveryCodes(request: FastifyRequest, password: string): Promise<RecoveryCodes> {
      const person = personOf(request);
      await reauthenticate(ctx, request, password);
      if ((await accountFactors(db, person.id)).length === 0) throw factorUnknown();
      const issued = newRecoveryCodes();
      await db.transaction().execute(async (trx) => {
        await replaceRecoveryCodes(trx, person.id, issued.hashes);
        await recordAudit(trx, {
          actor: actorOf(request),
          action: 'factor.recovery_codes',
          entity: 'user',
          entityId: person.id,
          after: { count: issued.codes.length },
        });
      });
      return { codes: issued.codes };
    },
  };
}

const userUnknown = () => new ApiError(404, FACTOR_MESSAGES.userUnknown, INFORMATION_CODES.notFound);

/**
 * A person's factors in the users console: read with USERS_READ; removed with USERS_WRITE by an
 * administrator who does not act above their own grants, audited, and the person told by e-mail
 * (in the console application's language) in the same transaction.
 */
export function userFactorsService(ctx: AppContext) {
  const { db } = ctx;
  const person = async (userId: string) => {
    const row = await db
      .selectFrom('users')
      .select(['id', 'user_name', 'names', 'email'])
      .where('id', '=', userId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!row) throw userUnknown();
    return row;
  };
  return {
    async list(userId: string): Promise<AccountFactors> {
      await person(userId);
      return factorsOf(ctx, userId);
    },

    async remove(request: FastifyRequest, userId: string, factorId: string): Promise<AccountFactors> {
      const user = await person(userId);
      const actor = actorOf(request);
      const factor = await accountFactor(db, userId, factorId);
      if (!factor) throw factorUnknown();
      const app = await db
        .selectFrom('applications')
        .select(['title', 'default_language'])
        .where('name', '=', FALLBACK_APP)
        .executeTakeFirst();
      await db.transaction().execute(async (trx) => {
        await assertNotAbove(trx, actor, await actorGrants(trx, actor), userId);
        if (!(await removeFactor(trx, userId, factorId))) throw factorUnknown();
        await recordAudit(trx, {
          actor,
          action: 'factor.remove',
          entity: 'user',
          entityId: userId,
          before: { id: factor.id, kind: factor.kind, name: factor.name },
        });
        if (user.email) {
          const mail = renderMail('factorRemoved', mailLanguage(app?.default_language), {
            name: user.names || user.user_name,
            appTitle: app?.title || 'Suite',
          });
          await ctx.outbox.enqueue(trx, { to: user.email, ...mail });
        }
      });
      ctx.outbox.kick();
      request.log.info({ userId, factorId }, 'second factor removed by an administrator');
      return factorsOf(ctx, userId);
    },
  };
}
