import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Records a solved challenge as used; false when any instance recorded it before (a replay).
 * The primary key decides between two instances accepting the same solution at once.
 */
export async function spendSolution(db: Kysely<DB>, nonce: string, expiresAt: Date): Promise<boolean> {
  const row = await db
    .insertInto('captcha_solutions')
    .values({ nonce, expires_at: expiresAt })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the records of challenges that expired: a solution of theirs is refused as expired anyway. */
export async function purgeExpiredSolutions(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('captcha_solutions').where('expires_at', '<', sql<Date>`now()`).execute();
}
