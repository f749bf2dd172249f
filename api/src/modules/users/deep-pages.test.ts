import { sql, type Kysely } from 'kysely';
import { USER_SORT, type UserSort } from '@suite/shared/contracts';
import { describeEachBackend } from '../../../test/harness';
import type { DB } from '../../db/schema';
import { seedVolume } from '../../db/volume';
import { listUsers, userListResult } from './queries';

/** The list's orders as the product defines them (docs/product/users.md), written out plainly. */
const ORDERS: Record<UserSort, string> = {
  [USER_SORT.active]: '(idstate <> 1), modified_on desc, id',
  [USER_SORT.inactive]: '(idstate <> 2), modified_on desc, id',
  [USER_SORT.newest]: 'modified_on desc, id',
  [USER_SORT.oldest]: 'modified_on asc, id desc',
};
const SORTS = Object.values(USER_SORT) as UserSort[];
const SIZE = 7;

/** The page as the plain query reads it: every user before it skipped. */
async function truth(db: Kysely<DB>, sort: UserSort, offset: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select id::text as id from users where not deleted order by ${sql.raw(ORDERS[sort])} limit ${SIZE} offset ${offset}`.execute(db);
  return rows.map((r) => r.id);
}

async function listed(db: Kysely<DB>, sort: UserSort, offset: number): Promise<string[]> {
  const result = userListResult(await listUsers(db, { search: '', page: offset / SIZE + 1, size: SIZE, sort }, { directOffset: 1_000 }));
  return result.users.map((u) => u.id);
}

async function live(db: Kysely<DB>): Promise<{ total: number; active: number; inactive: number }> {
  const { rows } = await sql<{ total: number; active: number; inactive: number }>`
    select count(*)::int as total, count(*) filter (where idstate = 1)::int as active, count(*) filter (where idstate = 2)::int as inactive
      from users where not deleted`.execute(db);
  return rows[0];
}

/** Offsets past the direct reads (lowered to 1,000 here): inside days, across the end of a state group, the last page. */
async function offsets(db: Kysely<DB>): Promise<Record<UserSort, number[]>> {
  const { total, active, inactive } = await live(db);
  const aligned = (n: number) => Math.max(0, Math.floor(n / SIZE) * SIZE);
  const common = [1_001, 2_800, 5_600, aligned(total - 3), aligned(total - SIZE - 1)];
  return {
    [USER_SORT.active]: [...common, aligned(active - 3)].filter((o) => o >= 1_000),
    [USER_SORT.inactive]: [...common, aligned(inactive - 3)].filter((o) => o >= 1_000),
    [USER_SORT.newest]: common,
    [USER_SORT.oldest]: common,
  };
}

async function expectPagesAsThePlainQuery(db: Kysely<DB>): Promise<void> {
  const at = await offsets(db);
  for (const sort of SORTS) {
    for (const offset of at[sort])
      expect({ sort, offset, ids: await listed(db, sort, offset) }).toEqual({ sort, offset, ids: await truth(db, sort, offset) });
  }
}

/** The per-day counts agree with the users themselves. */
async function expectCountsKept(db: Kysely<DB>): Promise<void> {
  const { rows } = await sql<{ wrong: number }>`
    select count(*)::int as wrong from (
      (select scheme, grp, day, live from user_list_days where live <> 0
       except
       select k.scheme, k.grp, k.day, count(*)::int from users u, user_list_keys(u.modified_on, u.idstate) k where not u.deleted group by 1, 2, 3)
      union all
      (select k.scheme, k.grp, k.day, count(*)::int from users u, user_list_keys(u.modified_on, u.idstate) k where not u.deleted group by 1, 2, 3
       except
       select scheme, grp, day, live from user_list_days)
    ) d`.execute(db);
  expect(rows[0].wrong).toBe(0);
}

describeEachBackend('deep pages of the users list', (server) => {
  beforeAll(async () => {
    await seedVolume(server().db, { users: 6_500, companies: 30 });
  }, 180_000);

  it('start where the plain query starts them, in every order, from the per-day counts', async () => {
    const { db } = server();
    await expectCountsKept(db);
    await expectPagesAsThePlainQuery(db);
  });

  it("serve a common text's pages as the plain query does, whether its matches come early in the order or late", async () => {
    const { db } = server();
    // a text more than the count cap of active users hold, and no inactive one
    await sql`update users set names = names || ' Zqxw' where id in (
                select id from users where not deleted and idstate = 1 order by document limit 1100)`.execute(db);
    const plain = async (sort: UserSort, offset: number) => {
      const { rows } = await sql<{ id: string }>`
        select id::text as id from users where not deleted and search_text like '%zqxw%'
         order by ${sql.raw(ORDERS[sort])} limit ${SIZE} offset ${offset}`.execute(db);
      return rows.map((r) => r.id);
    };
    for (const sort of SORTS) {
      for (const offset of [0, 14, 189]) {
        // read in sort order (the matches come soon), and all matches sorted (the first users read hold none)
        for (const scanBudget of [10_000, 100]) {
          const result = userListResult(await listUsers(db, { search: 'zqxw', page: offset / SIZE + 1, size: SIZE, sort }, { scanBudget }));
          expect(result.rowsCapped).toBe(true);
          expect({ sort, offset, scanBudget, ids: result.users.map((u) => u.id) }).toEqual({
            sort,
            offset,
            scanBudget,
            ids: await plain(sort, offset),
          });
        }
      }
    }
  });

  it('stay right while users are edited, switched, deleted, restored and added', async () => {
    const { db } = server();
    // edits move users to today; state switches move them between groups
    await sql`update users set idstate = case when idstate = 1 then 2 else 1 end, modified_on = now()
               where id in (select id from users where not deleted order by document limit 60)`.execute(db);
    await sql`update users set modified_on = modified_on - interval '400 days'
               where id in (select id from users where not deleted order by document desc limit 40)`.execute(db);
    await sql`update users set deleted = true where id in (select id from users where not deleted order by user_name limit 30)`.execute(db);
    await sql`update users set deleted = false where id in (select id from users where deleted order by user_name limit 10)`.execute(db);
    await sql`delete from user_roles where user_id in (select id from users where email like '%@volumen.test' order by user_name desc limit 5)`.execute(
      db,
    );
    await sql`delete from user_customers where user_id in (select id from users where email like '%@volumen.test' order by user_name desc limit 5)`.execute(
      db,
    );
    await sql`delete from users where id in (select id from users where email like '%@volumen.test' order by user_name desc limit 5)`.execute(
      db,
    );
    await seedVolume(db, { users: 6_600, companies: 30 });
    // a sign-in's kind of update changes no count
    await sql`update users set names = names where id in (select id from users order by id limit 20)`.execute(db);
    await expectCountsKept(db);
    await expectPagesAsThePlainQuery(db);
  });
});
