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

/**
 * True when the user holds a role in one of the applications (ids). Asked for unknown names too
 * (with no user id), so the answer costs the same whether or not the account exists.
 */
export async function holdsRoleIn(db: Kysely<DB>, userId: string | undefined, applicationIds: readonly number[]): Promise<boolean> {
  const { rows } = await sql<{ held: boolean }>`
    select exists (select 1 from user_roles where user_id = ${userId ?? NO_USER}::uuid and application_id = any(${[...applicationIds]}::int[])) as held
  `.execute(db);
  return Boolean(rows[0]?.held);
}

/** A user id no account has (the unknown name's stand-in). */
const NO_USER = '00000000-0000-0000-0000-000000000000';
