import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { KEYS_CHANGED_CHANNEL } from '../hub/session-bus';
import { PUBLISHED_STATUSES, createKey } from '../../security/keys';
import { accessSeconds } from './issue';

/**
 * Rotation of the access-token signing key (docs/adr/0033-signing-key-rotation.md), in two steps
 * any instance or the `keys:rotate` command may take:
 * 1. stage: a new key is published as 'next' — in the JWKS, signing nothing — so that relying
 *    parties holding a cached JWKS learn it before they meet a token it signed;
 * 2. promote, once the next key has been published longer than a JWKS may be cached: it becomes
 *    'active', the active key becomes 'previous' (still published: its tokens stay valid until
 *    they expire), and a 'previous' key whose tokens have all expired is retired.
 * Each step announces itself (KEYS_CHANGED_CHANNEL) so every instance reads the keys at once.
 */

/** How long the JWKS may be cached (its Cache-Control max-age), in seconds. */
export const JWKS_MAX_AGE_SECONDS = 300;
/** What a next key waits before it may sign: the JWKS cache and a margin for clocks and proxies. */
export const PUBLISH_BEFORE_USE_SECONDS = 2 * JWKS_MAX_AGE_SECONDS;

export interface KeyRow {
  kid: string;
  status: 'next' | 'active' | 'previous' | 'retired';
  createdAt: Date;
  supersededAt: Date | null;
}

export type RotationStep =
  | { step: 'staged'; kid: string; usableAt: Date }
  | { step: 'waiting'; kid: string; usableAt: Date }
  | { step: 'promoted'; kid: string; retired: string[]; previousValidUntil: Date | null }
  | { step: 'refused'; reason: string };

async function announce(db: Kysely<DB>): Promise<void> {
  await sql`select pg_notify(${KEYS_CHANGED_CHANNEL}, '')`.execute(db);
}

/** Every key that is not retired, oldest first. */
export async function publishedKeys(db: Kysely<DB>): Promise<KeyRow[]> {
  const rows = await db
    .selectFrom('signing_keys')
    .select(['kid', 'status', 'created_at', 'superseded_at'])
    .where('status', 'in', PUBLISHED_STATUSES)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    kid: r.kid,
    status: r.status,
    createdAt: new Date(r.created_at),
    supersededAt: r.superseded_at ? new Date(r.superseded_at) : null,
  }));
}

/** The longest access-token lifetime any application gives, in seconds: how long a key's tokens may live. */
export async function longestTokenSeconds(db: Kysely<DB>): Promise<number> {
  const rows = await db.selectFrom('applications').select(['amount_time', 'time_unit']).execute();
  return Math.max(accessSeconds(0, 0), ...rows.map((r) => accessSeconds(r.amount_time, r.time_unit)));
}

/** Step 1: publishes a next key, unless one is published already. */
export async function stageNextKey(db: Kysely<DB>, now = new Date()): Promise<RotationStep> {
  const keys = await publishedKeys(db);
  // a database no instance has started on yet: its first key, as the first start would make it
  if (!keys.some((k) => k.status === 'active')) await createKey(db, 'active');
  const staged = keys.find((k) => k.status === 'next');
  if (staged)
    return { step: 'waiting', kid: staged.kid, usableAt: new Date(staged.createdAt.getTime() + PUBLISH_BEFORE_USE_SECONDS * 1000) };
  const kid = await createKey(db, 'next');
  await announce(db);
  const row = (await publishedKeys(db)).find((k) => k.kid === kid);
  return { step: 'staged', kid, usableAt: new Date((row?.createdAt ?? now).getTime() + PUBLISH_BEFORE_USE_SECONDS * 1000) };
}

/**
 * Step 2: the next key signs from now on. Refused while it has been published for less than
 * PUBLISH_BEFORE_USE_SECONDS, or while the 'previous' key it would retire still has tokens that
 * may be unexpired — unless `emergency` (the active key is compromised): then the next key
 * signs at once, and the replaced key is retired at once, so every token it signed is refused
 * (sessions go on: the browser refreshes and gets a token of the new key).
 */
export async function promoteNextKey(db: Kysely<DB>, options: { now?: Date; emergency?: boolean } = {}): Promise<RotationStep> {
  const now = options.now ?? new Date();
  const tokenSeconds = await longestTokenSeconds(db);
  const result = await db.transaction().execute(async (trx): Promise<RotationStep> => {
    // one rotation at a time, whoever runs it
    await sql`select pg_advisory_xact_lock(hashtext('suite_signing_key_rotation'))`.execute(trx);
    const keys = await publishedKeys(trx);
    const next = keys.find((k) => k.status === 'next');
    if (!next) return { step: 'refused', reason: 'no next key is published: stage one first' };
    const usableAt = new Date(next.createdAt.getTime() + PUBLISH_BEFORE_USE_SECONDS * 1000);
    if (!options.emergency && now < usableAt) return { step: 'waiting', kid: next.kid, usableAt };
    const stillValid = keys.filter(
      (k) => k.status === 'previous' && k.supersededAt && k.supersededAt.getTime() + tokenSeconds * 1000 > now.getTime(),
    );
    if (!options.emergency && stillValid.length > 0) {
      const until = new Date(Math.max(...stillValid.map((k) => (k.supersededAt?.getTime() ?? 0) + tokenSeconds * 1000)));
      return { step: 'refused', reason: `the previous key still verifies tokens that expire at the latest ${until.toISOString()}` };
    }
    const retired = keys.filter((k) => k.status === 'previous' || (options.emergency && k.status === 'active')).map((k) => k.kid);
    if (retired.length > 0)
      await trx.updateTable('signing_keys').set({ status: 'retired', retired_at: now }).where('kid', 'in', retired).execute();
    const active = keys.find((k) => k.status === 'active');
    if (active && !options.emergency)
      await trx.updateTable('signing_keys').set({ status: 'previous', superseded_at: now }).where('kid', '=', active.kid).execute();
    await trx.updateTable('signing_keys').set({ status: 'active' }).where('kid', '=', next.kid).execute();
    await announce(trx);
    return {
      step: 'promoted',
      kid: next.kid,
      retired,
      previousValidUntil: active && !options.emergency ? new Date(now.getTime() + tokenSeconds * 1000) : null,
    };
  });
  return result;
}

/** One call of the command: stages a next key when none is published, else promotes it when it may. */
export async function rotateSigningKey(db: Kysely<DB>, options: { now?: Date; emergency?: boolean } = {}): Promise<RotationStep> {
  const keys = await publishedKeys(db);
  if (!keys.some((k) => k.status === 'next')) {
    const staged = await stageNextKey(db, options.now);
    if (!options.emergency) return staged;
  }
  return promoteNextKey(db, options);
}
