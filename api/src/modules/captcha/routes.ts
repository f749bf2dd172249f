import type { FastifyInstance } from 'fastify';
import { sessionsApi } from '@suite/shared/contracts';
import { route } from '../../http/route';

/**
 * GET /api/captcha/challenge: a signed ALTCHA challenge, answered raw (not in the envelope) as
 * the `altcha` widget reads it. Public, like the sign-in; rate-limited with it, as every
 * challenge costs a little to make.
 */
export default async function captchaRoutes(app: FastifyInstance): Promise<void> {
  const { captcha, limits } = app.ctx;
  route(app, sessionsApi.captchaChallenge, async () => captcha.challenge(), { config: limits.login, noStore: true });
}
