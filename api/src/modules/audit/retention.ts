import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Entries deleted per statement: no statement holds many locks or a long transaction. */
export const AUDIT_PURGE_BATCH = 1000;

/**
 * Deletes the audit entries older than `retentionDays` (AUDIT_RETENTION_DAYS; 0 keeps them all),
 * oldest first, in batches; rows another instance's purge holds are skipped, not waited for.
 * Returns how many went.
 */
export async function purgeOldAudit(db: Kysely<DB>, retentionDays: number, batchSize = AUDIT_PURGE_BATCH): Promise<number> {
  if (retentionDays <= 0) return 0;
  let purged = 0;
  for (;;) {
    const { rows } = await sql<{ n: number }>`
      with doomed as (
        select id from audit_log
         where at < now() - make_interval(days => ${retentionDays}::int)
         order by at, id
         limit ${batchSize}::int
         for update skip locked),
      gone as (delete from audit_log a using doomed where a.id = doomed.id returning 1)
      select count(*)::int as n from gone`.execute(db);
    const batch = rows[0]?.n ?? 0;
    purged += batch;
    if (batch < batchSize) return purged;
  }
}
