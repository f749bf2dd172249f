import type { FastifyInstance } from 'fastify';
import {
  GenerateTokensRequestSchema,
  GenerateTokensResultSchema,
  RefreshTokenRequestSchema,
  RefreshTokenResultSchema,
  RevokeTokenRequestSchema,
  RevokeTokenResultSchema,
  TokenValidationHeadersSchema,
  TokenValidationResultSchema,
  type Envelope,
  type GenerateTokensResult,
  type RefreshTokenResult,
  type RevokeTokenResult,
  type TokenValidationResult,
} from '@suite/shared/contracts';
import { parseInput } from '../../http/errors';
import { first } from '../../http/headers';
import { exchangeSignInCode, refreshTokens, revokeRefreshToken, validateAccessToken } from './service';

/**
 * Token calls of the portal spec: refresh (rotation with reuse detection), revoke (logout),
 * validation, and the single-use code exchange for applications in another origin.
 */
export default async function tokenRoutes(app: FastifyInstance): Promise<void> {
  const { limits } = app.ctx;

  app.post('/api/Login/RefreshToken', { config: { ...limits.token, contract: { summary: 'Rotate a refresh token for new tokens', tag: 'auth', body: RefreshTokenRequestSchema, result: RefreshTokenResultSchema } } }, async (request, reply): Promise<Envelope<RefreshTokenResult>> => {
    const body = parseInput(RefreshTokenRequestSchema, request.body);
    const result = await refreshTokens(app.ctx, request, body);
    reply.header('cache-control', 'no-store');
    return { statusCode: 200, result };
  });

  app.put('/api/login/RevokeToken', { config: { ...limits.token, contract: { summary: 'Revoke a refresh token', tag: 'auth', body: RevokeTokenRequestSchema, result: RevokeTokenResultSchema } } }, async (request, reply): Promise<Envelope<RevokeTokenResult>> => {
    const body = parseInput(RevokeTokenRequestSchema, request.body);
    const result = await revokeRefreshToken(app.ctx, request, body);
    reply.header('cache-control', 'no-store');
    return { statusCode: 200, result };
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
    const result = await validateAccessToken(app.ctx, headers);
    reply.header('cache-control', 'no-store');
    return { statusCode: 200, result };
  });

  app.post('/api/login/GenerateTokens', { config: { ...limits.login, contract: { summary: 'Exchange a sign-in code for tokens', tag: 'auth', body: GenerateTokensRequestSchema, result: GenerateTokensResultSchema } } }, async (request, reply): Promise<Envelope<GenerateTokensResult>> => {
    const body = parseInput(GenerateTokensRequestSchema, request.body);
    const result = await exchangeSignInCode(app.ctx, request, body);
    reply.header('cache-control', 'no-store');
    return { statusCode: 200, result };
  });
}
