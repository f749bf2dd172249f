import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { encryptPayload } from '@suite/shared/crypto';
import { durationSeconds, type PasswordLinkPayload } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';

export type LinkPurpose = 'activation' | 'reset';

/** Default lifetimes when the application's amount is < 1: activation 24 hours, reset 30 minutes. */
const DEFAULT_SECONDS: Record<LinkPurpose, number> = { activation: 24 * 3600, reset: 30 * 60 };

export function linkSeconds(
  purpose: LinkPurpose,
  app: {
    user_activate_token_time: number;
    user_activate_token_time_unit: number;
    assign_password_token_time: number;
    assign_password_token_time_unit: number;
  },
): number {
  const [amount, unit] =
    purpose === 'activation'
      ? [app.user_activate_token_time, app.user_activate_token_time_unit]
      : [app.assign_password_token_time, app.assign_password_token_time_unit];
  return amount >= 1 ? durationSeconds(amount, unit) : DEFAULT_SECONDS[purpose];
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Base of the link: the application's urlAssignPassword when absolute (its origin +
 * /changepassword when it has no path), otherwise the application's public origin (from
 * configuration: http/public-origin.ts) + /changepassword.
 */
export function linkBase(urlAssignPassword: string, publicOrigin: string): string {
  if (/^https?:\/\//i.test(urlAssignPassword)) {
    try {
      const url = new URL(urlAssignPassword);
      return url.pathname === '/' || url.pathname === '' ? `${url.origin}/changepassword` : `${url.origin}${url.pathname}`;
    } catch {
      // fall through to the public origin
    }
  }
  return `${publicOrigin}/changepassword`;
}

export function buildLink(base: string, payload: PasswordLinkPayload, payloadKey: string): string {
  return `${base}?${encodeURIComponent(encryptPayload(JSON.stringify(payload), payloadKey))}`;
}

/**
 * Stores a new single-use token (hash only) for the user and application; earlier unused links of
 * the same purpose are spent, so only the newest link works. Returns the token value.
 */
export async function issueLinkToken(
  db: Kysely<DB>,
  input: { userId: string; applicationId: number; purpose: LinkPurpose; seconds: number; tenantLanguage?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sql`
    with old as (
      update password_tokens set used_at = now()
       where user_id = ${input.userId}::uuid and application_id = ${input.applicationId}::int
         and purpose = ${input.purpose} and used_at is null
    )
    insert into password_tokens (user_id, application_id, purpose, token_hash, tenant_language, expires_at)
    values (${input.userId}::uuid, ${input.applicationId}::int, ${input.purpose}, ${hashLinkToken(token)},
            ${input.tenantLanguage ?? null}, now() + make_interval(secs => ${input.seconds}::int))
  `.execute(db);
  return token;
}
