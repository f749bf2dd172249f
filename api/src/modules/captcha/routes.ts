import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { CAPTCHA_CHALLENGE_PATH } from '@suite/shared/contracts';

/** What a challenge looks like (altcha-lib v2); published in the OpenAPI document, answered raw. */
const ChallengeSchema = v.object({
  parameters: v.object({
    algorithm: v.string(),
    nonce: v.string(),
    salt: v.string(),
    cost: v.number(),
    keyLength: v.number(),
    keyPrefix: v.string(),
    expiresAt: v.optional(v.number()),
  }),
  signature: v.optional(v.string()),
});

/**
 * GET /api/captcha/challenge: a signed ALTCHA challenge, answered raw (not in the envelope) as
 * the `altcha` widget reads it. Public, like the sign-in; rate-limited with it, as every
 * challenge costs a little to make.
 */
export default async function captchaRoutes(app: FastifyInstance): Promise<void> {
  const { captcha, limits } = app.ctx;
  app.get(
    CAPTCHA_CHALLENGE_PATH,
    { config: { ...limits.login, contract: { summary: 'A captcha challenge (ALTCHA proof of work) for the sign-in screens', tag: 'auth', raw: ChallengeSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  );
}
