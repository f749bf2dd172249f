import type { FastifyInstance } from 'fastify';
import { sessionsApi } from '@suite/shared/contracts';
import { route } from '../../http/route';
import { exchangeSignInCode, refreshTokens, revokeRefreshToken, validateAccessToken } from './service';

/**
 * Token calls of the portal spec: refresh (rotation with reuse detection), revoke (logout),
 * validation, and the single-use code exchange for applications in another origin.
 */
export default async function tokenRoutes(app: FastifyInstance): Promise<void> {
  const { limits } = app.ctx;

  route(
    app,
    sessionsApi.refreshToken,
    async ({ body }, request, reply) => {
      const result = await refreshTokens(app.ctx, request, body);
      reply.header('cache-control', 'no-store');
      return { statusCode: 200, result };
    },
    { config: limits.token },
  );

  route(
    app,
    sessionsApi.revokeToken,
    async ({ body }, request, reply) => {
      const result = await revokeRefreshToken(app.ctx, request, body);
      reply.header('cache-control', 'no-store');
      return { statusCode: 200, result };
    },
    { config: limits.token },
  );

  route(
    app,
    sessionsApi.tokenValidation,
    async ({ headers }, _request, reply) => {
      const result = await validateAccessToken(app.ctx, headers);
      reply.header('cache-control', 'no-store');
      return { statusCode: 200, result };
    },
    { config: limits.token },
  );

  route(
    app,
    sessionsApi.generateTokens,
    async ({ body }, request, reply) => {
      const result = await exchangeSignInCode(app.ctx, request, body);
      reply.header('cache-control', 'no-store');
      return { statusCode: 200, result };
    },
    { config: limits.login },
  );
}
