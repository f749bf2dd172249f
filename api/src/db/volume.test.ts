import { sql } from 'kysely';
import { USER_LIST_COUNT_CAP } from '@suite/shared/contracts';
import { ADMIN_PASSWORD, describeEachBackend, json, tokenFor } from '../../test/harness';
import { VOLUME_EMAIL_DOMAIN, VOLUME_PASSWORD, companyName, seedVolume } from './volume';

const USERS = 1_200;

/** Every index of the filled tables, by name and definition. */
async function indexes(db: Parameters<typeof seedVolume>[0]): Promise<string[]> {
  const { rows } = await sql<{ d: string }>`
    select c.relname || ': ' || pg_get_indexdef(x.indexrelid) as d from pg_index x
      join pg_class c on c.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
     where t.relname in ('users', 'user_customers', 'user_roles') order by 1`.execute(db);
  return rows.map((r) => r.d);
}

describeEachBackend('volume seed', (server) => {
  let indexesBefore: string[] = [];
  beforeAll(async () => {
    indexesBefore = await indexes(server().db);
    // as a large fill does it: the secondary indexes dropped, the rows added, the indexes built again
    await seedVolume(server().db, { users: USERS, companies: 30, bulkFrom: USERS });
  }, 120_000);

  it('builds again every index a large fill dropped, as it was', async () => {
    expect(indexesBefore.length).toBeGreaterThan(10);
    expect(await indexes(server().db)).toEqual(indexesBefore);
  });

  it('adds users with a main company, roles of visible applications and realistic fields', async () => {
    const { db } = server();
    const volume = db.selectFrom('users').where(sql<string>`lower(email)`, 'like', `%@${VOLUME_EMAIL_DOMAIN}`);
    expect((await volume.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n).toBe(USERS);
    const { rows: mains } = await sql<{ bad: number }>`
      select count(*)::int as bad from users u
       where u.email like ${`%@${VOLUME_EMAIL_DOMAIN}`}
         and (select count(*) from user_customers c where c.user_id = u.id and c.principal) <> 1`.execute(db);
    expect(mains[0].bad).toBe(0);
    const { rows: roleless } = await sql<{ bad: number }>`
      select count(*)::int as bad from users u
       where u.email like ${`%@${VOLUME_EMAIL_DOMAIN}`} and not exists (select 1 from user_roles r where r.user_id = u.id)`.execute(db);
    expect(roleless[0].bad).toBe(0);
    const hidden = await db
      .selectFrom('user_roles as ur')
      .innerJoin('applications as a', 'a.id', 'ur.application_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('a.is_visible', '=', false)
      .executeTakeFirstOrThrow();
    expect(hidden.n).toBe(0);
    const states = await volume
      .select(['idstate'])
      .select(sql<number>`count(*)::int`.as('n'))
      .groupBy('idstate')
      .orderBy('idstate')
      .execute();
    expect(states.map((s) => s.idstate)).toEqual([1, 2, 3, 6]);
    const sample = await volume
      .select(['user_name', 'names', 'document', 'password_hash', 'idstate'])
      .orderBy('document')
      .limit(50)
      .execute();
    for (const u of sample) {
      expect(u.user_name).toMatch(/^[a-z.]+\d+$/);
      expect(u.document).toMatch(/^(\d{7,10}|PA\d{8})$/);
      expect(u.password_hash === null).toBe(u.idstate === 3);
    }
    expect(companyName(0)).not.toBe(companyName(1));
  });

  it('leaves the per-day counts of the users list as a recount gives them, and still kept by their trigger', async () => {
    const { db } = server();
    const recount = async () =>
      (
        await sql<{ scheme: number; grp: boolean; day: number; live: number }>`
          select k.scheme, k.grp, k.day, count(*)::int as live from users u, user_list_keys(u.modified_on, u.idstate) k
           where not u.deleted group by 1, 2, 3 order by 1, 2, 3`.execute(db)
      ).rows;
    const kept = async () =>
      (
        await sql<{ scheme: number; grp: boolean; day: number; live: number }>`
          select scheme, grp, day, live from user_list_days where live <> 0 order by 1, 2, 3`.execute(db)
      ).rows;
    const counted = await recount();
    expect(counted.reduce((n, r) => n + (r.scheme === 0 ? r.live : 0), 0)).toBeGreaterThan(USERS);
    expect(await kept()).toEqual(counted);
    const today = await sql<{ live: number }>`
      select coalesce(sum(live), 0)::int as live from user_list_days where scheme = 0 and day = user_list_day(now())`.execute(db);
    await sql`insert into users (user_name, email, names, surnames, document, created_on, modified_on)
              values ('volume.counted', 'contada@example.test', 'Contada', 'Por el disparador', '7700112233', now(), now())`.execute(db);
    const after = await sql<{ live: number }>`
      select live from user_list_days where scheme = 0 and day = user_list_day(now())`.execute(db);
    expect(after.rows[0].live).toBe(today.rows[0].live + 1);
    expect(await kept()).toEqual(await recount());
    await db.deleteFrom('users').where('user_name', '=', 'volume.counted').execute();
  });

  it('tops up to the requested count when run again', async () => {
    const { db } = server();
    const again = await seedVolume(db, { users: USERS, companies: 30 });
    expect(again).toMatchObject({ usersAdded: 0, usersTotal: USERS, companies: 30 });
    const more = await seedVolume(db, { users: USERS + 10, companies: 30 });
    expect(more).toMatchObject({ usersAdded: 10, usersTotal: USERS + 10 });
  });

  it('lets a volume account sign in, and caps the count of a broad search', async () => {
    const { app, db } = server();
    const user = await db
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .innerJoin('applications as a', 'a.id', 'ur.application_id')
      .select('u.user_name')
      .where('u.idstate', '=', 1)
      .where(sql<string>`lower(u.email)`, 'like', `%@${VOLUME_EMAIL_DOMAIN}`)
      .where('a.name', '=', 'ibuhoo')
      .limit(1)
      .executeTakeFirstOrThrow();
    await tokenFor(app, user.user_name, VOLUME_PASSWORD);

    const admin = await tokenFor(app, 'admin', ADMIN_PASSWORD);
    const list = async (headers: Record<string, string>) =>
      json(await app.inject({ method: 'GET', url: '/api/user/list', headers: { authorization: `Bearer ${admin}`, ...headers } })).result;
    const broad = await list({ customerSearch: VOLUME_EMAIL_DOMAIN, pages: '1,100' });
    expect(broad.rows).toBe(USER_LIST_COUNT_CAP);
    expect(broad.rowsCapped).toBe(true);
    expect(broad.users).toHaveLength(100);
    expect((await list({ customerSearch: VOLUME_EMAIL_DOMAIN, pages: `${USER_LIST_COUNT_CAP / 100 + 1},100` })).users).toEqual([]);
    const plain = await list({ pages: '1,10' });
    expect(plain.rowsCapped).toBeUndefined();
    expect(plain.rows).toBeGreaterThan(USERS);
    const narrow = await list({ customerSearch: user.user_name });
    expect(narrow).toEqual({ rows: 1, users: [expect.objectContaining({ userName: user.user_name })] });
  });
});
