import { sql, type Kysely } from 'kysely';
import { APP_PARAMETERS } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';

/** Whether the application's sign-in asks for the captcha (its `captchaApply` parameter); unknown applications: no. */
export async function captchaApplies(db: Kysely<DB>, appName: string): Promise<boolean> {
  const row = await db
    .selectFrom('application_parameters as p')
    .innerJoin('applications as a', 'a.id', 'p.application_id')
    .select(sql<boolean>`p.value = 'true'::jsonb`.as('on'))
    .where(sql<boolean>`lower(a.name) = lower(${appName})`)
    .where('p.name', '=', APP_PARAMETERS.captchaApply)
    .executeTakeFirst();
  return row?.on === true;
}

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
