import { sql } from 'kysely';
import { describeOnOneConnection, genericPlansOf } from '../../../test/harness';
import { auditPageJson } from './queries';

describeOnOneConnection("the audit list's first page", (db) => {
  beforeAll(async () => {
    // enough entries of one action that a plan reading "a tenth of the matches" costs more than one reading 25
    await sql`insert into audit_log (actor_name, action, entity, entity_id)
              select 'plans.actor' || (n % 40), 'user.sign_in', 'user', 'plans-target-' || n from generate_series(1, 20000) n`.execute(
      db(),
    );
    await sql`analyze audit_log`.execute(db());
  }, 60_000);

  it('is planned once per connection, not at every call: its statement runs a generic plan', async () => {
    for (const filters of [{ action: 'user.sign_in' }, { search: 'plans.actor7' }]) {
      for (let call = 0; call < 8; call++) await auditPageJson(db(), filters, 1, 25);
    }
    const pages = await genericPlansOf(db(), 'json_agg');
    expect(pages).toHaveLength(2);
    for (const generic of pages) expect(generic).toBeGreaterThan(0);
  });
});
