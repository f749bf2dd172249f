import type { FastifyInstance } from 'fastify';
import { ok, sessionsApi } from '@suite/shared/contracts';
import { route } from '../../http/route';
import { JWKS_MAX_AGE_SECONDS } from './key-rotation';
import { signIn } from './service';

/** Sign-in and the public keys that verify its tokens (declared in @suite/shared/contracts, sessionsApi). */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const { keys, limits } = app.ctx;

  route(app, sessionsApi.jwks, async (_input, _request, reply) => {
    reply.header('cache-control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
    return keys.jwks();
  });

  // the tenant and the browser are read from the request by the sign-in itself (device, tenant rules)
  route(app, sessionsApi.login, async ({ body }, request, reply) => ok(await signIn(app.ctx, request, reply, body)), {
    config: limits.login,
    noStore: true,
  });
}
