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
  /** Reset and activation requests (per IP); the per-address limit is AddressLimiter. */
  reset: { rateLimit: { max: number; timeWindow: number } };
}

export function routeLimits(config: RateLimitConfig): RouteLimits {
  return {
    login: { rateLimit: { max: config.loginPerMinute, timeWindow: 60_000 } },
    token: { rateLimit: { max: config.tokenPerMinute, timeWindow: 60_000 } },
    reset: { rateLimit: { max: config.resetPerMinute, timeWindow: 60_000 } },
  };
}

/**
 * Fixed-window counter per key (an e-mail address or user name, lower-cased), in memory per
 * instance like the per-IP limits: `hit` returns the seconds to wait when the key is over its
 * budget, or 0.
 */
export class AddressLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly enabled = true,
  ) {}

  hit(key: string, now = Date.now()): number {
    if (!this.enabled) return 0;
    const k = key.trim().toLowerCase();
    if (this.windows.size > 10_000) {
      for (const [name, w] of this.windows) if (w.resetAt <= now) this.windows.delete(name);
    }
    let w = this.windows.get(k);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(k, w);
    }
    w.count++;
    return w.count > this.max ? Math.max(1, Math.ceil((w.resetAt - now) / 1000)) : 0;
  }
}
