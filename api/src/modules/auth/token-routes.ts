import type { FastifyInstance } from 'fastify';
import { ok, sessionsApi } from '@suite/shared/contracts';
import { route } from '../../http/route';
import { exchangeSignInCode, refreshTokens, revokeRefreshToken, validateAccessToken } from './service';

/**
 * Token calls (docs/product/sessions.md): refresh (rotation with reuse detection), revoke (logout),
 * validation, and the single-use code exchange for applications in another origin.
 */
export default async function tokenRoutes(app: FastifyInstance): Promise<void> {
  const { limits } = app.ctx;

  route(app, sessionsApi.refreshToken, async ({ body }, request) => ok(await refreshTokens(app.ctx, request, body)), {
    config: limits.token,
    noStore: true,
  });

  route(app, sessionsApi.revokeToken, async ({ body }, request) => ok(await revokeRefreshToken(app.ctx, request, body)), {
    config: limits.token,
    noStore: true,
  });

  route(app, sessionsApi.tokenValidation, async ({ headers }) => ok(await validateAccessToken(app.ctx, headers)), {
    config: limits.token,
    noStore: true,
  });

  route(app, sessionsApi.generateTokens, async ({ body }, request) => ok(await exchangeSignInCode(app.ctx, request, body)), {
    config: limits.login,
    noStore: true,
  });
}
