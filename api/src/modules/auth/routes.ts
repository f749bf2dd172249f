import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { JWKS_PATH, LoginRequestSchema, LoginResultSchema, type Envelope, type LoginResult } from '@suite/shared/contracts';
import { parseInput } from '../../http/errors';
import { signIn } from './service';

/** Headers the sign-in reads besides its body (published in the OpenAPI document). */
const LoginHeadersSchema = v.object({ tenant: v.optional(v.string()), 'user-agent': v.optional(v.string()) });

/** Sign-in (POST /api/Login) and the public keys that verify its tokens. */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const { keys, limits } = app.ctx;

  app.get(JWKS_PATH, { config: { contract: { summary: 'Public keys that verify access tokens (JWKS)', tag: 'auth', raw: true } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return keys.jwks();
  });

  app.post('/api/Login', { config: { ...limits.login, contract: { summary: 'Sign in', tag: 'auth', body: LoginRequestSchema, headers: LoginHeadersSchema, result: LoginResultSchema } } }, async (request, reply): Promise<Envelope<LoginResult>> => {
    const body = parseInput(LoginRequestSchema, request.body);
    const result = await signIn(app.ctx, request, reply, body);
    reply.header('cache-control', 'no-store');
    return { statusCode: 200, result };
  });
}
