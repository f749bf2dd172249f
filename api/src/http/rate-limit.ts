import rateLimit from '@fastify/rate-limit';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { INFORMATION_CODES, MESSAGES } from '@suite/shared/contracts';
import type { RateLimitConfig } from '../config';
import type { DB } from '../db/schema';
import { ApiError } from './errors';

/**
 * Per-IP limits of the sign-in and token endpoints: each endpoint has its own budget per client
 * address per minute, in memory per instance: they guard the instance's CPU, and the lockout
 * (PostgreSQL) bounds an account's attempts across instances. `RATE_LIMIT=off` disables them.
 * Routes opt in with `config: limits.login` / `limits.token`; a refusal is a 429 in the envelope
 * (R429) with Retry-After.
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
  /** Reset and activation requests (per IP); the per-account limit is SharedLimiter. */
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
 * The refusal of a request over a limit: 429 R429 in the envelope, with the seconds to wait. The
 * default text says to try again in a few seconds; an account's hourly budget says "later".
 */
export function tooManyRequests(seconds: number, message: string = MESSAGES.tooManyRequests): ApiError {
  return new ApiError(429, message, INFORMATION_CODES.tooManyRequests, { retryAfterSeconds: seconds });
}

/** The stored key of a scope's key: a SHA-256, the same however the key is spelt (case, spaces). */
export function rateWindowKey(scope: string, key: string): string {
  return createHash('sha256').update(`${scope}\0${key.trim().toLowerCase()}`).digest('hex');
}

/**
 * Fixed-window counter per key (an account, or the name or document asked for), shared by every
 * API instance through PostgreSQL (rate_windows, migrations/0023): a budget per key and window
 * holds however many instances answer. `hit` counts one request and returns the seconds to wait
 * when the key is over its budget, or 0 (`enforce` refuses the request instead). `scope` keeps the budgets of different flows apart; only
 * the SHA-256 of scope and key is stored.
 */
export class SharedLimiter {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly scope: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly enabled = true,
  ) {}

  async hit(key: string): Promise<number> {
    if (!this.enabled) return 0;
    const keyHash = rateWindowKey(this.scope, key);
    // one statement: the primary key orders two instances counting the same key at once
    const { rows } = await sql<{ hits: number; wait: number }>`
      insert into rate_windows as w (key_hash, hits, resets_at)
      values (${keyHash}, 1, now() + ${this.windowMs}::int * interval '1 millisecond')
      on conflict (key_hash) do update set
        hits = case when w.resets_at <= now() then 1 else w.hits + 1 end,
        resets_at = case when w.resets_at <= now() then excluded.resets_at else w.resets_at end
      returning hits, greatest(1, ceil(extract(epoch from w.resets_at - now())))::int as wait
    `.execute(this.db);
    const [{ hits, wait }] = rows;
    return hits > this.max ? wait : 0;
  }

  /** Counts one request (`hit`) and refuses it with tooManyRequests when the key is over its budget. */
  async enforce(key: string): Promise<void> {
    const wait = await this.hit(key);
    if (wait > 0) throw tooManyRequests(wait, MESSAGES.tooManyRequestsForAccount);
  }
}

/** Deletes the windows that ended: a key's next request starts a new one anyway. */
export async function purgeEndedRateWindows(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('rate_windows').where('resets_at', '<=', sql<Date>`now()`).execute();
}
