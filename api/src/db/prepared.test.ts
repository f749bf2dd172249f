import { sql } from 'kysely';
import { oneConnectionDatabase } from '../../test/harness';
import { PREPARED, preparedName } from './prepared';

// PostgreSQL's pool only: PGlite runs the marked statement as any other
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('statements marked PREPARED', () => {
  // one connection: the statements prepared are that session's
  let database: Awaited<ReturnType<typeof oneConnectionDatabase>>;
  beforeAll(async () => {
    database = await oneConnectionDatabase();
  });
  afterAll(() => database.close());

  const prepared = async () =>
    (await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(database.db)).rows.map((r) => r.name);

  it('are prepared once per connection under their text digest, then bound and run; others are not', async () => {
    const marked = (n: number) => sql<{ doubled: number }>`${PREPARED} select ${n}::int * 2 as doubled`;
    expect((await marked(2).execute(database.db)).rows).toEqual([{ doubled: 4 }]);
    expect((await marked(21).execute(database.db)).rows).toEqual([{ doubled: 42 }]);
    await sql`select 1 as plain`.execute(database.db);
    const text = marked(0).compile(database.db).sql;
    expect(text.startsWith('/* prepared */')).toBe(true);
    expect(await prepared()).toEqual([preparedName(text)]);
  });

  it('name each text apart: another marked text is another statement', async () => {
    await sql`${PREPARED} select 'other' as text`.execute(database.db);
    expect(await prepared()).toHaveLength(2);
  });
});
