import { sql } from 'kysely';
import { createPostgresDatabase } from '../../../test/harness';
import { seededPostgresTemplate } from '../../../test/seeded-template';
import { openDatabase, type Database } from '../../db';
import { auditPageJson } from './queries';

// PostgreSQL's pool only: PGlite prepares nothing
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres("the audit list's first page", () => {
  let server: { url: string; drop(): Promise<void> };
  let database: Database;
  beforeAll(async () => {
    server = await createPostgresDatabase(seededPostgresTemplate());
    // one connection: the statements prepared and their plans are that session's
    database = await openDatabase({ databaseUrl: server.url, dataDir: 'memory://', poolSize: 1 });
    // enough entries of one action that a plan reading "a tenth of the matches" costs more than one reading 25
    await sql`insert into audit_log (actor_name, action, entity, entity_id)
              select 'plans.actor' || (n % 40), 'user.sign_in', 'user', 'plans-target-' || n from generate_series(1, 20000) n`.execute(
      database.db,
    );
    await sql`analyze audit_log`.execute(database.db);
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await server.drop();
  });

  it('is planned once per connection, not at every call: its statement runs a generic plan', async () => {
    for (const filters of [{ action: 'user.sign_in' }, { search: 'plans.actor7' }]) {
      for (let call = 0; call < 8; call++) await auditPageJson(database.db, filters, 1, 25);
    }
    const { rows } = await sql<{ statement: string; generic: number }>`
      select statement, generic_plans::int as generic from pg_prepared_statements where statement like '%audit_log%'`.execute(database.db);
    const pages = rows.filter((r) => r.statement.includes('json_agg'));
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(page.generic).toBeGreaterThan(0);
  });
});
