import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  INFORMATION_CODES,
  JWKS_PATH,
  LoginRequestSchema,
  LoginResultSchema,
  MESSAGES,
  type Envelope,
  type LoginResult,
} from '@suite/shared/contracts';
import { ApiError, parseInput } from '../../http/errors';
import { first } from '../../http/headers';
import { hashPassword, needsRehash } from '../../security/passwords';
import { decryptPayload } from '../../security/payload';
import { newRefreshToken } from '../../security/tokens';
import { checkCredentials } from './credentials';
import { provenDevice } from './devices';
import { issueAccessToken } from './issue';
import { clearLockout, type LoginUser, type SignInApplication } from './lockout';
import { limitRefreshTokensByUser, recordSignIn } from './queries';

/** Lifetime of the single-use code for applications in another origin. */
export const EXCHANGE_CODE_SECONDS = 60;

/** Password expiry types of applications (console spec §3): 3 days, 4 months. */
const EXPIRATION_DAYS = 3;
const EXPIRATION_MONTHS = 4;

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
    const page = new URL(`${request.protocol}://${first(request.headers.host) ?? 'localhost'}`);
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

/** Headers the sign-in reads besides its body (published in the OpenAPI document). */
const LoginHeadersSchema = v.object({ tenant: v.optional(v.string()), 'user-agent': v.optional(v.string()) });

/** Sign-in (POST /api/Login) and the public keys that verify its tokens. */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db, keys, config, directory, sessions, limits } = app.ctx;

  app.get(JWKS_PATH, { config: { contract: { summary: 'Public keys that verify access tokens (JWKS)', tag: 'auth', raw: true } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return keys.jwks();
  });

  app.post('/api/Login', { config: { ...limits.login, contract: { summary: 'Sign in', tag: 'auth', body: LoginRequestSchema, headers: LoginHeadersSchema, result: LoginResultSchema } } }, async (request, reply): Promise<Envelope<LoginResult>> => {
    const body = parseInput(LoginRequestSchema, request.body);

    // refusals that say nothing about the user come first and change nothing
    const password = decryptPayload(body.password, app.ctx.payloadKey);
    if (password === null) throw new ApiError(400, MESSAGES.undecodablePassword, INFORMATION_CODES.badRequest);

    const { application, user, subject, device } = await checkCredentials({ db, lockout: config.lockout }, request, {
      appName: body.appname,
      userName: body.user,
      password,
    });
    if (passwordExpired(application, user)) {
      await clearLockout(db, subject);
      throw new ApiError(403, MESSAGES.passwordExpired, INFORMATION_CODES.passwordExpired, {
        urlApp: application.url_assign_password || '/changepassword',
      });
    }

    const tenantHeader = first(request.headers.tenant);
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
      browser: body.Browser || first(request.headers['user-agent']),
      refreshTokenHash: refresh.hash,
      refreshSeconds: application.refresh_seconds,
      newPasswordHash: needsRehash(user.password_hash as string) ? await hashPassword(password) : undefined,
      codeHash: code ? hashCode(code) : undefined,
      codeSeconds: EXCHANGE_CODE_SECONDS,
      device: provenDevice(request, reply, device),
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
