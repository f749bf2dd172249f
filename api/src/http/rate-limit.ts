import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { INFORMATION_CODES, MESSAGES } from '@suite/shared/contracts';
import type { RateLimitConfig } from '../config';
import { ApiError } from './errors';

/**
 * Per-IP limits of the sign-in and token endpoints: each endpoint has its own budget per client
 * address per minute (in memory, per instance; `RATE_LIMIT=off` disables them). Routes opt in with `config: limits.login` / `limits.token`; a refusal is a 429
 * in the envelope (R429) with Retry-After.
 */
export async function installRateLimit(app: FastifyInstance, config: RateLimitConfig): Promise<void> {
  if (!config.enabled) return;
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError(context.statusCode, MESSAGES.tooManyRequests, INFORMATION_CODES.tooManyRequests, {
        retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });
}

export interface RouteLimits {
  login: { rateLimit: { max: number; timeWindow: number } };
  token: { rateLimit: { max: number; timeWindow: number } };
}

export function routeLimits(config: RateLimitConfig): RouteLimits {
  return {
    login: { rateLimit: { max: config.loginPerMinute, timeWindow: 60_000 } },
    token: { rateLimit: { max: config.tokenPerMinute, timeWindow: 60_000 } },
  };
}
