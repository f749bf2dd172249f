import fs from 'node:fs';
import { sql } from 'kysely';
import { pgliteTemplatePath } from '../../test/pglite-template';
import { openDatabase, type Database } from './index';
import { Mutex } from './mutex';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PGlite dialect', () => {
  let database: Database;

  beforeAll(async () => {
    const template = fs.existsSync(pgliteTemplatePath()) ? new Blob([fs.readFileSync(pgliteTemplatePath())]) : undefined;
    database = await openDatabase({ dataDir: 'memory://', pgliteLoadDataDir: template });
    await sql`create table t (v text primary key)`.execute(database.db);
  }, 60_000);

  afterAll(async () => {
    await database.close();
  });

  const values = async () => (await sql<{ v: string }>`select v from t order by v`.execute(database.db)).rows.map((r) => r.v);

  it('never runs another request’s query inside an open transaction', async () => {
    const db = database.db;
    const failing = db.transaction().execute(async (trx) => {
      await sql`insert into t values ('inside')`.execute(trx);
      await sleep(50); // another request arrives meanwhile
      throw new Error('roll back');
    });
    await sleep(10);
    const outside = sql`insert into t values ('outside')`.execute(db);
    await expect(failing).rejects.toThrow('roll back');
    await outside;
    // without the mutex, 'outside' would have run inside the transaction and been rolled back
    expect(await values()).toEqual(['outside']);
  });

  it('runs multi-statement scripts and reports affected rows', async () => {
    await sql.raw(`insert into t values ('a'); insert into t values ('b');`).execute(database.db);
    const result = await database.db
      .deleteFrom('t' as never)
      .where(sql`v`, 'in', ['a', 'b'])
      .executeTakeFirst();
    expect(result.numDeletedRows).toBe(2n);
  });

  it('answers ping', async () => {
    await expect(database.ping()).resolves.toBeUndefined();
  });
});

describe('Mutex', () => {
  it('hands the lock out in order, one holder at a time', async () => {
    const mutex = new Mutex();
    const events: string[] = [];
    const worker = async (name: string, ms: number) => {
      const release = await mutex.acquire();
      events.push(`${name}+`);
      await sleep(ms);
      events.push(`${name}-`);
      release();
      release(); // a second release is harmless
    };
    await Promise.all([worker('a', 20), worker('b', 1), worker('c', 5)]);
    expect(events).toEqual(['a+', 'a-', 'b+', 'b-', 'c+', 'c-']);
  });
});
