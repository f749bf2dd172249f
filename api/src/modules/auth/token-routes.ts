import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  GenerateTokensRequestSchema,
  GenerateTokensResultSchema,
  INFORMATION_CODES,
  LOGIN_PAGE,
  MESSAGES,
  RefreshTokenRequestSchema,
  RefreshTokenResultSchema,
  RevokeTokenRequestSchema,
  RevokeTokenResultSchema,
  TokenValidationHeadersSchema,
  TokenValidationResultSchema,
  type AccessTokenClaims,
  type Envelope,
  type GenerateTokensResult,
  type RefreshTokenResult,
  type RevokeTokenResult,
  type TokenValidationResult,
} from '@suite/shared/contracts';
import { ApiError, parseInput } from '../../http/errors';
import { first } from '../../http/headers';
import { hashRefreshToken, newRefreshToken, verifyAccessToken } from '../../security/tokens';
import { issueAccessToken } from './issue';
import { exchangeCode, refreshTokenState, revokeReplayedCode, rotateRefreshToken, sessionOfRefreshToken } from './queries';
import { hashCode } from './routes';

const refreshRevoked = (information: string = MESSAGES.refreshRevoked) =>
  new ApiError(401, information, INFORMATION_CODES.refreshRevoked);
const refreshInvalid = () => new ApiError(401, MESSAGES.refreshInvalid, INFORMATION_CODES.unauthorized);
const unauthorized = () => new ApiError(401, MESSAGES.unauthorized, INFORMATION_CODES.unauthorized);

/**
 * Token calls of the portal spec: refresh (rotation with reuse detection), revoke (logout),
 * validation, and the single-use code exchange for applications in another origin.
 */
export default async function tokenRoutes(app: FastifyInstance): Promise<void> {
  const { db, keys, config, sessions, limits } = app.ctx;

  app.post('/api/Login/RefreshToken', { config: { ...limits.token, contract: { summary: 'Rotate a refresh token for new tokens', tag: 'auth', body: RefreshTokenRequestSchema, result: RefreshTokenResultSchema } } }, async (request, reply): Promise<Envelope<RefreshTokenResult>> => {
    const body = parseInput(RefreshTokenRequestSchema, request.body);
    const tokenHash = hashRefreshToken(body.RefreshToken);
    const next = newRefreshToken();
    const rotated = await rotateRefreshToken(db, {
      tokenHash,
      userName: body.UserName,
      appName: body.Appname,
      newId: randomUUID(),
      newHash: next.hash,
    });
    if (!rotated) {
      const state = await refreshTokenState(db, { tokenHash, userName: body.UserName, appName: body.Appname });
      // someone else's or unknown tokens change nothing
      if (!state || !state.user_matches || !state.app_matches) throw refreshInvalid();
      if (state.revoked || state.session_revoked) throw refreshRevoked();
      if (state.used) {
        // a spent token presented again: the family leaked; end its session everywhere
        const ended = await sessions.revoke([state.session_id], 'refresh_reuse', MESSAGES.sessionClosedForSecurity);
        request.log.warn({ sessionId: state.session_id, familyId: state.family_id, ended: ended.length }, 'refresh token reused: session revoked');
        throw refreshRevoked();
      }
      if (state.expired) throw refreshInvalid();
      if (state.over_limit) throw refreshRevoked(MESSAGES.refreshLimitReached);
      throw refreshInvalid(); // inactive user or application
    }
    const token = await issueAccessToken(app.ctx, {
      appName: rotated.app_name,
      amountTime: rotated.amount_time,
      timeUnit: rotated.time_unit,
      sessionId: rotated.session_id,
      userId: rotated.user_id,
      userName: rotated.user_name,
      names: rotated.names,
      surnames: rotated.surnames,
      access: rotated,
    });
    reply.header('cache-control', 'no-store');
    return {
      statusCode: 200,
      result: { information: MESSAGES.tokenRefreshed, informationCode: INFORMATION_CODES.success, token, refreshToken: next.value },
    };
  });

  app.put('/api/login/RevokeToken', { config: { ...limits.token, contract: { summary: 'Revoke a refresh token', tag: 'auth', body: RevokeTokenRequestSchema, result: RevokeTokenResultSchema } } }, async (request, reply): Promise<Envelope<RevokeTokenResult>> => {
    const body = parseInput(RevokeTokenRequestSchema, request.body);
    const sessionId = await sessionOfRefreshToken(db, {
      tokenHash: hashRefreshToken(body.RefreshToken),
      userName: body.UserName,
      appName: body.AppName,
    });
    // logging out twice, or with a token already gone, still ends where the client wants to be
    if (sessionId) {
      const ended = await sessions.revoke([sessionId], 'logout');
      if (ended.length) request.log.info({ sessionId }, 'signed out');
    }
    reply.header('cache-control', 'no-store');
    return {
      statusCode: 200,
      result: { information: LOGIN_PAGE, informationCode: INFORMATION_CODES.success, message: MESSAGES.sessionEnded },
    };
  });

  app.get('/api/login/TokenValidation', { config: { ...limits.token, contract: { summary: 'Validate an access token', tag: 'auth', headers: TokenValidationHeadersSchema, result: TokenValidationResultSchema } } }, async (request, reply): Promise<Envelope<TokenValidationResult>> => {
    const headers = parseInput(
      TokenValidationHeadersSchema,
      {
        user: first(request.headers.user),
        token: first(request.headers.token),
        option: first(request.headers.option),
        currentApp: first(request.headers.currentapp),
      },
      'headers',
    );
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
    reply.header('cache-control', 'no-store');
    return {
      statusCode: 200,
      result: {
        information: MESSAGES.tokenValid,
        informationCode: INFORMATION_CODES.success,
        userName: claims.unique_name,
        application: audience[0] ?? '',
        exp: claims.exp,
        ...(headers.option !== undefined ? { option: headers.option } : {}),
      },
    };
  });

  app.post('/api/login/GenerateTokens', { config: { ...limits.login, contract: { summary: 'Exchange a sign-in code for tokens', tag: 'auth', body: GenerateTokensRequestSchema, result: GenerateTokensResultSchema } } }, async (request, reply): Promise<Envelope<GenerateTokensResult>> => {
    const body = parseInput(GenerateTokensRequestSchema, request.body);
    const codeHash = hashCode(body.code);
    const refresh = newRefreshToken();
    const exchanged = await exchangeCode(db, { codeHash, appName: body.appName, familyId: randomUUID(), refreshHash: refresh.hash });
    if (!exchanged) {
      if (await revokeReplayedCode(db, codeHash)) request.log.warn('exchange code presented again: its tokens were revoked');
      throw new ApiError(401, MESSAGES.codeInvalid, INFORMATION_CODES.unauthorized);
    }
    const token = await issueAccessToken(app.ctx, {
      appName: exchanged.app_name,
      amountTime: exchanged.amount_time,
      timeUnit: exchanged.time_unit,
      sessionId: exchanged.session_id,
      userId: exchanged.user_id,
      userName: exchanged.user_name,
      names: exchanged.names,
      surnames: exchanged.surnames,
      access: exchanged,
    });
    reply.header('cache-control', 'no-store');
    return {
      statusCode: 200,
      result: {
        information: MESSAGES.loginSuccess,
        informationCode: INFORMATION_CODES.success,
        token,
        refreshToken: refresh.value,
        urlApp: exchanged.url_app,
      },
    };
  });
}
