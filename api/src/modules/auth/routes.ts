import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  APP_PARAMETERS,
  INFORMATION_CODES,
  JWKS_PATH,
  LoginRequestSchema,
  MESSAGES,
  USER_STATE,
  type Envelope,
  type LoginResult,
} from '@suite/shared/contracts';
import { ApiError, parseInput } from '../../http/errors';
import { decoyVerify, hashPassword, needsRehash, verifyPassword } from '../../security/passwords';
import { decryptPayload } from '../../security/payload';
import { newRefreshToken } from '../../security/tokens';
import { issueAccessToken } from './issue';
import { beginSignIn, clearLockout, recordFailure, type LoginUser, type SignInApplication, type SignInStart } from './lockout';
import { limitRefreshTokensByUser, recordSignIn } from './queries';

/** Lifetime of the single-use code for applications in another origin. */
export const EXCHANGE_CODE_SECONDS = 60;

/** How long an attempt waits for a free slot while others of the same account are being verified. */
const BUSY_WAIT_MS = 3000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Password expiry types of applications (console spec §3): 3 days, 4 months. */
const EXPIRATION_DAYS = 3;
const EXPIRATION_MONTHS = 4;

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** True when the password is older than the application's passwordExpiration (< 1: never). */
export function passwordExpired(app: Pick<SignInApplication, 'password_expiration' | 'password_type_expiration'>, user: Pick<LoginUser, 'password_changed_at' | 'created_on'>, now = new Date()): boolean {
  const amount = app.password_expiration;
  if (!(amount >= 1)) return false;
  const limit = new Date(user.password_changed_at ?? user.created_on);
  if (app.password_type_expiration === EXPIRATION_MONTHS) limit.setUTCMonth(limit.getUTCMonth() + amount);
  else if (app.password_type_expiration === EXPIRATION_DAYS) limit.setUTCDate(limit.getUTCDate() + amount);
  else return false;
  return now.getTime() >= limit.getTime();
}

/** True when `urlApp` is absolute and in another origin than the page that signed in. */
export function isOtherOrigin(urlApp: string, request: FastifyRequest): boolean {
  if (!/^https?:\/\//i.test(urlApp)) return false;
  try {
    const target = new URL(urlApp);
    const page = new URL(`${request.protocol}://${headerValue(request.headers.host) ?? 'localhost'}`);
    return target.origin !== page.origin;
  } catch {
    return false;
  }
}

export function withCode(urlApp: string, code: string): string {
  const hashAt = urlApp.indexOf('#');
  const base = hashAt >= 0 ? urlApp.slice(0, hashAt) : urlApp;
  const fragment = hashAt >= 0 ? urlApp.slice(hashAt) : '';
  return `${base}${base.includes('?') ? '&' : '?'}code=${encodeURIComponent(code)}${fragment}`;
}

export function hashCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/** Sign-in (POST /api/Login) and the public keys that verify its tokens. */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db, keys, config, directory, sessions, limits } = app.ctx;

  app.get(JWKS_PATH, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return keys.jwks();
  });

  async function supportContact(applicationId: number): Promise<string | undefined> {
    const row = await db
      .selectFrom('application_parameters')
      .select(sql<string | null>`value #>> '{}'`.as('text'))
      .where('application_id', '=', applicationId)
      .where('name', '=', APP_PARAMETERS.supportContact)
      .executeTakeFirst();
    return row?.text || undefined;
  }

  async function blocked(application: SignInApplication): Promise<ApiError> {
    const contact = await supportContact(application.id);
    return new ApiError(403, MESSAGES.userBlocked, INFORMATION_CODES.blocked, {
      isBlocked: true,
      ...(contact ? { messageParameter: contact } : {}),
    });
  }

  const locked = (failedAttempts: number, lockTime: number) =>
    new ApiError(423, MESSAGES.temporaryLock, INFORMATION_CODES.temporaryLock, {
      failedLoginInformation: { failedAttempts, lockTime },
    });

  app.post('/api/Login', { config: limits.login }, async (request, reply): Promise<Envelope<LoginResult>> => {
    const body = parseInput(LoginRequestSchema, request.body);

    // refusals that say nothing about the user come first and change nothing
    const password = decryptPayload(body.password, app.ctx.payloadKey);
    if (password === null) throw new ApiError(400, MESSAGES.undecodablePassword, INFORMATION_CODES.badRequest);

    // one call: the application, and only when it is open, the user and a lockout slot claimed
    // before verifying — parallel attempts cannot get past the limit
    let start: SignInStart = await beginSignIn(db, body.appname, body.user);
    for (let delay = 10, until = Date.now() + BUSY_WAIT_MS; start.kind === 'claim' && start.claim.kind === 'busy' && Date.now() < until; delay = Math.min(delay * 2, 100)) {
      await sleep(delay);
      start = await beginSignIn(db, body.appname, body.user);
    }
    if (start.kind === 'unknown-application') throw new ApiError(400, MESSAGES.applicationUnknown, INFORMATION_CODES.badRequest);
    const { application } = start;
    if (application.idstate !== 0) throw new ApiError(403, MESSAGES.applicationInactive, INFORMATION_CODES.applicationInactive);
    if (start.kind !== 'claim') {
      throw new ApiError(403, application.maintenance_message || MESSAGES.applicationMaintenance, INFORMATION_CODES.applicationMaintenance);
    }
    const { claim, user, subject } = start;
    if (claim.kind === 'blocked') throw await blocked(application);
    if (claim.kind === 'locked') throw locked(claim.failedAttempts, claim.lockTime);
    if (claim.kind === 'busy') throw new ApiError(429, MESSAGES.tooManyRequests, INFORMATION_CODES.tooManyRequests);

    // unknown users and users without a password cost one argon2 verify too
    const valid = user?.password_hash ? await verifyPassword(user.password_hash, password) : await decoyVerify(password);
    if (!user || !valid) {
      const outcome = await recordFailure(db, start, config.lockout);
      if (outcome.kind === 'blocked') {
        request.log.warn({ userId: user?.id }, 'sign-in blocked after repeated temporary locks');
        throw await blocked(application);
      }
      if (outcome.kind === 'locked') {
        request.log.info({ userId: user?.id, lockSeconds: outcome.lockTime }, 'sign-in temporarily locked');
        throw locked(outcome.failedAttempts, outcome.lockTime);
      }
      throw new ApiError(401, MESSAGES.loginFailed, INFORMATION_CODES.badCredentials, {
        failedLoginInformation: { failedAttempts: outcome.failedAttempts, lockTime: 0 },
      });
    }

    // the right password: the account's state is only revealed now
    const refuse = async (error: ApiError | Promise<ApiError>): Promise<never> => {
      await clearLockout(db, subject);
      throw await error;
    };
    if (user.idstate === USER_STATE.pendingActivation) await refuse(new ApiError(403, MESSAGES.userNotActivated, INFORMATION_CODES.notActivated));
    if (user.idstate === USER_STATE.blocked) await refuse(blocked(application));
    if (user.idstate !== USER_STATE.active) await refuse(new ApiError(403, MESSAGES.userInactive, INFORMATION_CODES.userInactive));
    if (passwordExpired(application, user)) {
      await refuse(
        new ApiError(403, MESSAGES.passwordExpired, INFORMATION_CODES.passwordExpired, {
          urlApp: application.url_assign_password || '/changepassword',
        }),
      );
    }

    const tenantHeader = headerValue(request.headers.tenant);
    const tenant = tenantHeader ? (await directory.snapshot()).findTenant(application.name, tenantHeader) : undefined;
    const refresh = newRefreshToken();
    const code = isOtherOrigin(application.url_app, request) ? randomBytes(32).toString('base64url') : undefined;
    const record = await recordSignIn(db, {
      userId: user.id,
      applicationId: application.id,
      subject,
      tenant,
      idSessionTab: body.idSessionTab,
      // what the server sees (TRUST_PROXY decides whether X-Forwarded-For counts); the body's
      // `ip` is the client's unverifiable claim and is not stored
      ip: request.ip,
      browser: body.Browser || headerValue(request.headers['user-agent']),
      refreshTokenHash: refresh.hash,
      refreshSeconds: application.refresh_seconds,
      newPasswordHash: needsRehash(user.password_hash as string) ? await hashPassword(password) : undefined,
      codeHash: code ? hashCode(code) : undefined,
      codeSeconds: EXCHANGE_CODE_SECONDS,
    });

    // the application's limits: sessions beyond them are revoked and told so in real time
    await sessions.enforceConcurrency(
      {
        applicationId: application.id,
        isConcurrentSession: application.is_concurrent_session,
        maxConcurrentTokens: application.max_concurrent_tokens,
        maxConcurrentTokensByUser: application.max_concurrent_tokens_by_user,
      },
      user.id,
    );
    await limitRefreshTokensByUser(db, user.id, application.id, application.max_refresh_tokens_by_user);

    const token = await issueAccessToken(app.ctx, {
      appName: application.name,
      amountTime: application.amount_time,
      timeUnit: application.time_unit,
      sessionId: record.sessionId,
      userId: user.id,
      userName: user.user_name,
      names: user.names,
      surnames: user.surnames,
      access: record,
    });
    request.log.info({ userId: user.id, app: application.name, sessionId: record.sessionId }, 'signed in');
    reply.header('cache-control', 'no-store');
    return {
      statusCode: 200,
      result: {
        information: MESSAGES.loginSuccess,
        informationCode: INFORMATION_CODES.success,
        urlApp: code ? withCode(application.url_app, code) : application.url_app,
        token,
        refreshToken: refresh.value,
      },
    };
  });
}
