import { sql } from 'kysely';
import { describeOnOneConnection } from '../../test/harness';
import { PREPARED, preparedName } from './prepared';

// one connection: the statements prepared are that session's (PGlite runs a marked statement as any other)
describeOnOneConnection('statements marked PREPARED', (db) => {
  const prepared = async () =>
    (await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(db())).rows.map((r) => r.name);

  it('are prepared once per connection under their text digest, then bound and run; others are not', async () => {
    const marked = (n: number) => sql<{ doubled: number }>`${PREPARED} select ${n}::int * 2 as doubled`;
    expect((await marked(2).execute(db())).rows).toEqual([{ doubled: 4 }]);
    expect((await marked(21).execute(db())).rows).toEqual([{ doubled: 42 }]);
    await sql`select 1 as plain`.execute(db());
    const text = marked(0).compile(db()).sql;
    expect(text.startsWith('/* prepared */')).toBe(true);
    expect(await prepared()).toEqual([preparedName(text)]);
  });

  it('name each text apart: another marked text is another statement', async () => {
    await sql`${PREPARED} select 'other' as text`.execute(db());
    expect(await prepared()).toHaveLength(2);
  });
});
