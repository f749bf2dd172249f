import { sql } from 'kysely';
import { describeEachBackend } from '../../../test/harness';
import { purgeOldAudit } from './retention';

describeEachBackend('the audit log keeps its entries AUDIT_RETENTION_DAYS', (server) => {
  it('deletes the entries past the retention in batches, keeps the rest, and keeps all with 0', async () => {
    const { db } = server();
    await sql`
      insert into audit_log (at, actor_name, action, entity, entity_id)
      select now() - make_interval(days => d) + interval '1 hour', 'retention.test', 'test.entry', 'test', d::text
        from generate_series(1, 50) d`.execute(db);
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('actor_name', '=', 'retention.test')
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await purgeOldAudit(db, 0)).toBe(0);
    expect(await count()).toBe(50);
    // entries of 31 to 50 days ago go (an hour younger than their day count), in batches of 7
    expect(await purgeOldAudit(db, 30, 7)).toBe(20);
    expect(await count()).toBe(30);
    const oldest = await db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('actor_name', '=', 'retention.test')
      .orderBy('at')
      .executeTakeFirstOrThrow();
    expect(oldest.entity_id).toBe('30');
  });
});
