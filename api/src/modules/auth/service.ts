import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import {
  INFORMATION_CODES,
  LOGIN_PAGE,
  MESSAGES,
  PASSWORD_EXPIRATION_TYPE,
  type AccessTokenClaims,
  type GenerateTokensRequestSchema,
  type GenerateTokensResult,
  type LoginRequestSchema,
  type LoginResult,
  type RefreshTokenRequestSchema,
  type RefreshTokenResult,
  type RevokeTokenRequestSchema,
  type RevokeTokenResult,
  type TokenValidationHeadersSchema,
  type TokenValidationResult,
} from '@suite/shared/contracts';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import { first } from '../../http/headers';
import { hashPassword, needsRehash } from '../../security/passwords';
import { decryptPayload } from '../../security/payload';
import { randomToken } from '../../security/random';
import { hashRefreshToken, newRefreshToken, secretHash, verifyAccessToken } from '../../security/tokens';
import { secondStepFor } from '../factors/second-step';
import { checkCredentials } from './credentials';
import { provenDevice } from './devices';
import { accessTokenInput, issueAccessToken } from './issue';
import { clearLockout, type LoginUser, type SignInApplication } from './lockout';
import {
  exchangeCode,
  limitRefreshTokensByUser,
  recordSignIn,
  refreshTokenState,
  revokeReplayedCode,
  rotateRefreshToken,
  sessionOfRefreshToken,
} from './queries';

/**
 * Sign-in and the token calls (docs/product/sign-in.md, docs/product/sessions.md): refresh (rotation with reuse detection), revoke
 * (logout), validation, and the single-use code exchange for applications in another origin. Each
 * answers the `result` of its reply or throws the ApiError of its refusal.
 */

/** Lifetime of the single-use code for applications in another origin. */
export const EXCHANGE_CODE_SECONDS = 60;

/** True when the password is older than the application's passwordExpiration (< 1: never). */
export function passwordExpired(
  app: Pick<SignInApplication, 'password_expiration' | 'password_type_expiration'>,
  user: Pick<LoginUser, 'password_changed_at' | 'created_on'>,
  now = new Date(),
): boolean {
  const amount = app.password_expiration;
  if (!(amount >= 1)) return false;
  const limit = new Date(user.password_changed_at ?? user.created_on);
  if (app.password_type_expiration === PASSWORD_EXPIRATION_TYPE.months) limit.setUTCMonth(limit.getUTCMonth() + amount);
  else if (app.password_type_expiration === PASSWORD_EXPIRATION_TYPE.days) limit.setUTCDate(limit.getUTCDate() + amount);
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
  return secretHash(code);
}

const refreshRevoked = (information: string = MESSAGES.refreshRevoked) => new ApiError(401, information, INFORMATION_CODES.refreshRevoked);
const refreshInvalid = () => new ApiError(401, MESSAGES.refreshInvalid, INFORMATION_CODES.unauthorized);
const unauthorized = () => new ApiError(401, MESSAGES.unauthorized, INFORMATION_CODES.unauthorized);

/** Signs in: checks the credentials, records the session, enforces the limits, issues the tokens. */
export async function signIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: v.InferOutput<typeof LoginRequestSchema>,
  way: 'password' | 'certificate' = 'password',
): Promise<LoginResult> {
  const { db, config } = ctx;
  // refusals that say nothing about the user come first and change nothing
  const password = decryptPayload(body.password, ctx.payloadKey);
  if (password === null) throw new ApiError(400, MESSAGES.undecodablePassword, INFORMATION_CODES.badRequest);
  // before the credential check: a refused captcha spends no lockout attempt and no argon2 verify
  await ctx.captcha.requireFor(body.appname, body.tokenCaptcha, request.log);

  const { application, user, subject, device } = await checkCredentials({ db, lockout: config.lockout, captcha: ctx.captcha }, request, {
    appName: body.appname,
    userName: body.user,
    password,
    tokenCaptcha: body.tokenCaptcha,
  });
  if (passwordExpired(application, user)) {
    await clearLockout(db, subject);
    throw new ApiError(403, MESSAGES.passwordExpired, INFORMATION_CODES.passwordExpired, {
      urlApp: application.url_assign_password || '/changepassword',
    });
  }

  return startSession(ctx, request, {
    application,
    user,
    subject,
    tenant: first(request.headers.tenant),
    idSessionTab: body.idSessionTab,
    browser: body.Browser,
    newPasswordHash: needsRehash(user.password_hash as string) ? await hashPassword(password) : undefined,
    device: provenDevice(request, reply, device),
    way,
  });
}

/** Who signs in, once proven, and what the session records (the device and rehash only for a password). */
export interface SessionStart {
  application: SignInApplication;
  user: LoginUser;
  /** Lockout subject whose counters the success clears (one that names nothing leaves every counter as it is). */
  subject: string;
  /** The request's tenant header (kept only when it names a tenant of the application). */
  tenant?: string;
  idSessionTab?: string;
  browser?: string;
  newPasswordHash?: string;
  device?: string;
  /** How the person proved who they are (the audit row's `way`); with what else the row keeps. */
  way: SignInWay;
  auditDetails?: Record<string, unknown>;
  /** The second step is behind (answered, or an external provider said it used one): no other is asked. */
  secondStepDone?: boolean;
}

/** The ways of signing in the audit log tells apart. */
export type SignInWay = 'password' | 'certificate' | 'external' | 'passkey';

/**
 * What every way of signing in does once the person is proven: records the session, enforces the
 * application's concurrency and refresh limits (sessions beyond them are revoked and told so
 * through the hub), issues the tokens and, for an application in another origin, the single-use code.
 */
export async function startSession(ctx: AppContext, request: FastifyRequest, input: SessionStart): Promise<LoginResult> {
  // the application may ask for a second factor first: then no token yet (factors/second-step.ts)
  if (!input.secondStepDone) {
    const step = await secondStepFor(ctx, input);
    if (step) return step;
  }
  const { db, directory, sessions } = ctx;
  const { application, user } = input;
  const tenant = input.tenant ? (await directory.snapshot()).findTenant(application.name, input.tenant) : undefined;
  const refresh = newRefreshToken();
  const code = isOtherOrigin(application.url_app, request) ? randomToken(32, 'base64url') : undefined;
  const record = await recordSignIn(db, {
    userId: user.id,
    applicationId: application.id,
    subject: input.subject,
    tenant,
    idSessionTab: input.idSessionTab,
    // what the server sees (TRUST_PROXY decides whether X-Forwarded-For counts); the body's
    // `ip` is the client's unverifiable claim and is not stored
    ip: request.ip,
    // the User-Agent the server saw (the users console reads the browser and device from it); the
    // body's `Browser` name only when there is none
    browser: first(request.headers['user-agent']) || input.browser,
    refreshTokenHash: refresh.hash,
    refreshSeconds: application.refresh_seconds,
    newPasswordHash: input.newPasswordHash,
    codeHash: code ? hashCode(code) : undefined,
    codeSeconds: EXCHANGE_CODE_SECONDS,
    device: input.device,
    audit: {
      userName: user.user_name,
      action: input.way === 'external' ? 'user.sign_in_external' : 'user.sign_in',
      after: { application: application.name, way: input.way, ip: request.ip, ...input.auditDetails },
    },
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

  const token = await issueAccessToken(ctx, accessTokenInput({ application, user, record }));
  request.log.info({ userId: user.id, app: application.name, sessionId: record.sessionId }, 'signed in');
  return {
    information: MESSAGES.loginSuccess,
    informationCode: INFORMATION_CODES.success,
    urlApp: code ? withCode(application.url_app, code) : application.url_app,
    ententerpriseList: record.enterprises,
    token,
    refreshToken: refresh.value,
  };
}

/**
 * Rotates a refresh token for new tokens. A spent one presented again ends its session, unless it
 * is a retry within REFRESH_REUSE_GRACE_SECONDS of its first spend while its successor is unused
 * (the answer was lost): then that successor is revoked and a new one issued (docs/adr/0020).
 */
export async function refreshTokens(
  ctx: AppContext,
  request: FastifyRequest,
  body: v.InferOutput<typeof RefreshTokenRequestSchema>,
): Promise<RefreshTokenResult> {
  const { db, sessions, config } = ctx;
  // a retry may replace only a successor issued before it arrived (a request sent before that
  // answer existed cannot be retrying its loss)
  const requestedAt = new Date();
  const graceSeconds = config.refreshReuseGraceSeconds;
  const tokenHash = hashRefreshToken(body.RefreshToken);
  const next = newRefreshToken();
  const rotated = await rotateRefreshToken(db, {
    tokenHash,
    userName: body.UserName,
    appName: body.Appname,
    newId: randomUUID(),
    newHash: next.hash,
    graceSeconds,
    requestedAt,
  });
  if (!rotated) {
    const state = await refreshTokenState(db, { tokenHash, userName: body.UserName, appName: body.Appname, graceSeconds });
    // someone else's or unknown tokens change nothing
    if (!state || !state.user_matches || !state.app_matches) throw refreshInvalid();
    if (state.revoked || state.session_revoked) throw refreshRevoked();
    if (state.used) {
      if (state.superseded_in_grace) {
        // another presentation of the same token was answered first: its answer is the one that
        // stands; this one is refused as a superseded token, and the session goes on
        request.log.info(
          { sessionId: state.session_id, familyId: state.family_id },
          'refresh token presented again while another presentation was answered: refused, session kept',
        );
        throw refreshRevoked();
      }
      // a spent token presented again: the family leaked; end its session everywhere
      const ended = await sessions.revoke([state.session_id], 'refresh_reuse', MESSAGES.sessionClosedForSecurity);
      request.log.warn(
        { sessionId: state.session_id, familyId: state.family_id, ended: ended.length },
        'refresh token reused: session revoked',
      );
      throw refreshRevoked();
    }
    if (state.expired) throw refreshInvalid();
    if (state.over_limit) throw refreshRevoked(MESSAGES.refreshLimitReached);
    throw refreshInvalid(); // inactive user or application
  }
  if (rotated.superseded) {
    request.log.info(
      { sessionId: rotated.session_id, superseded: rotated.superseded },
      'refresh token retried within the reuse grace: its unseen successor was revoked',
    );
  }
  const token = await issueAccessToken(ctx, accessTokenInput(rotated));
  return { information: MESSAGES.tokenRefreshed, informationCode: INFORMATION_CODES.success, token, refreshToken: next.value };
}

/** Signs out: ends the session of a refresh token (nothing to end is not a refusal). */
export async function revokeRefreshToken(
  ctx: AppContext,
  request: FastifyRequest,
  body: v.InferOutput<typeof RevokeTokenRequestSchema>,
): Promise<RevokeTokenResult> {
  const sessionId = await sessionOfRefreshToken(ctx.db, {
    tokenHash: hashRefreshToken(body.RefreshToken),
    userName: body.UserName,
    appName: body.AppName,
  });
  // logging out twice, or with a token already gone, still ends where the client wants to be
  if (sessionId) {
    const ended = await ctx.sessions.revoke([sessionId], 'logout');
    if (ended.length) request.log.info({ sessionId }, 'signed out');
  }
  return { information: LOGIN_PAGE, informationCode: INFORMATION_CODES.success, message: MESSAGES.sessionEnded };
}

/** Whether an access token verifies, is the user's, was issued for the application and its session is live. */
export async function validateAccessToken(
  ctx: AppContext,
  headers: v.InferOutput<typeof TokenValidationHeadersSchema>,
): Promise<TokenValidationResult> {
  const { keys, config, sessions } = ctx;
  const raw = headers.token.replace(/^Bearer\s+/i, '');
  let claims: AccessTokenClaims;
  try {
    claims = await verifyAccessToken(keys, config.tokenIssuer, raw);
  } catch {
    throw unauthorized();
  }
  const audience = claims.aud === undefined ? [] : Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.unique_name.toLowerCase() !== headers.user.toLowerCase()) throw unauthorized();
  if (headers.currentApp && !audience.some((a) => a.toLowerCase() === headers.currentApp?.toLowerCase())) throw unauthorized();
  if (!(await sessions.isLive(claims.sid, claims.identifier))) throw unauthorized();
  return {
    information: MESSAGES.tokenValid,
    informationCode: INFORMATION_CODES.success,
    userName: claims.unique_name,
    application: audience[0] ?? '',
    exp: claims.exp,
    ...(headers.option !== undefined ? { option: headers.option } : {}),
  };
}

/** Exchanges the single-use sign-in code for tokens; a code presented again revokes what it gave. */
export async function exchangeSignInCode(
  ctx: AppContext,
  request: FastifyRequest,
  body: v.InferOutput<typeof GenerateTokensRequestSchema>,
): Promise<GenerateTokensResult> {
  const { db } = ctx;
  const codeHash = hashCode(body.code);
  const refresh = newRefreshToken();
  const exchanged = await exchangeCode(db, { codeHash, appName: body.appName, familyId: randomUUID(), refreshHash: refresh.hash });
  if (!exchanged) {
    if (await revokeReplayedCode(db, codeHash)) request.log.warn('exchange code presented again: its tokens were revoked');
    throw new ApiError(401, MESSAGES.codeInvalid, INFORMATION_CODES.unauthorized);
  }
  const token = await issueAccessToken(ctx, accessTokenInput(exchanged));
  return {
    information: MESSAGES.loginSuccess,
    informationCode: INFORMATION_CODES.success,
    token,
    refreshToken: refresh.value,
    urlApp: exchanged.url_app,
  };
}
