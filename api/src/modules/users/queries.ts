import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import {
  USER_LIST_COUNT_CAP,
  USER_SORT,
  phoneDigits,
  type CountryRecord,
  type DocumentTypeRecord,
  type UserDetail,
  type UserListResult,
  type UserSort,
  type UserTypeRecord,
} from '@suite/shared/contracts';
import { PREPARED, pageLimit } from '../../db/prepared';
import type { DB } from '../../db/schema';
import { lockJson, lockOf } from '../user-security/queries';

export interface UserListQuery {
  search: string;
  /** 1-based page number. */
  page: number;
  size: number;
  sort: UserSort;
}

/** Escapes LIKE wildcards so the search text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The searched text of a user (generated column, trigram-indexed, accents folded; migrations 0008, 0010). */
const SEARCH_TEXT = sql.ref('search_text');

type Direction = 'asc' | 'desc';

/**
 * Order of each sort option, matching an index of migration 0001/0008 so a page is read in index
 * order: state first (active or inactive), then the most recently modified; or by modification
 * date alone. `oldest` is the exact reverse of `newest` (ties by id descending) so it is the same
 * index read backwards.
 */
const SORT_KEYS: Record<UserSort, [string, Direction][]> = {
  [USER_SORT.active]: [
    ['(%idstate <> 1)', 'asc'],
    ['%modified_on', 'desc'],
    ['%id', 'asc'],
  ],
  [USER_SORT.inactive]: [
    ['(%idstate <> 2)', 'asc'],
    ['%modified_on', 'desc'],
    ['%id', 'asc'],
  ],
  [USER_SORT.newest]: [
    ['%modified_on', 'desc'],
    ['%id', 'asc'],
  ],
  [USER_SORT.oldest]: [
    ['%modified_on', 'asc'],
    ['%id', 'desc'],
  ],
};

/** ORDER BY of a sort, with a table alias. */
function orderBy(sort: UserSort, options: { alias?: string } = {}): RawBuilder<unknown> {
  const prefix = options.alias ? `${options.alias}.` : '';
  const keys = (SORT_KEYS[sort] ?? SORT_KEYS[USER_SORT.newest]).map(([expr, dir]) => `${expr.replace('%', prefix)} ${dir}`);
  return sql.raw(keys.join(', '));
}

/**
 * A page as PostgreSQL writes it: the users as the reply's JSON array (the contract's keys, the
 * date as `toISOString` writes it), and how many. Parsing a hundred rows and their dates into
 * objects and writing them out again costs the API several times what reading them costs the
 * database; the array goes into the reply as it came.
 */
export interface PageJson {
  count: number;
  json: string;
}

const EMPTY_PAGE: PageJson = { count: 0, json: '[]' };

/** What a page's statement reads besides its users, and whether it is prepared (ADR 0040). */
interface PageOptions {
  /** A value read in the same statement. */
  also?: RawBuilder<unknown>;
  /** The statement's WITH clause, which `ids` and `also` may read. */
  withClause?: RawBuilder<unknown>;
  prepared?: boolean;
  /** `ids` selects the page's rows themselves (PAGE_COLUMNS), not only their ids. */
  rowsRead?: boolean;
}

/** The columns of users a page shows. */
const PAGE_COLUMNS = sql.raw('id, user_name, names, surnames, document, email, idstate, typeuserid, modified_on');

/**
 * A page's user `u` as the reply's JSON text: UserListItem's keys in its order, the date as
 * `toISOString` writes it, `lock` only while it holds. Written out as text, which is safe here:
 * PostgreSQL escapes every text value (to_json), the id is a uuid, the state and type are integers
 * and none of the columns is null. Against jsonb_build_object and merging the lock into it, a page
 * of 100 costs PostgreSQL about a third less (0.51–0.60 → 0.36 ms at 1M) and is 6 % shorter; the
 * bench's mix of pages, serially in process, 0.64–0.66 → 0.55–0.58 ms a call.
 */
const USER_JSON = sql`'{"id":"' || u.id || '","userName":' || to_json(u.user_name) || ',"names":' || to_json(u.names)
  || ',"surnames":' || to_json(u.surnames) || ',"document":' || to_json(u.document) || ',"email":' || to_json(u.email)
  || ',"idstate":' || u.idstate || ',"typeuserid":' || u.typeuserid
  || ',"modifiedon":"' || to_char(u.modified_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
  || coalesce(',"lock":' || ${lockJson(sql`u.id`)}::text, '') || '}'`;

/**
 * The rows of a page whose ids `ids` selects (at most `limit`, already in `sort` order), fetched
 * by id — or as `ids` read them, with `rowsRead` — and returned in `sort` order: only the page's
 * rows are read from the table.
 */
async function pageRows(db: Executor, sort: UserSort, limit: number, ids: RawBuilder<unknown>, options: PageOptions = {}) {
  const { also = sql`null`, withClause = sql``, prepared = false, rowsRead = false } = options;
  if (limit <= 0) return { ...EMPTY_PAGE, also: null };
  const { rows } = await sql<PageJson & { also: unknown }>`${prepared ? PREPARED : sql``}
    ${withClause}
    select ${also} as also, count(*)::int as count,
           '[' || coalesce(string_agg(${USER_JSON}, ',' order by ${orderBy(sort, { alias: 'u' })}), '') || ']' as json
      from ${rowsRead ? sql`(${ids}) u` : sql`(${ids}) page join users u on u.id = page.id`}`.execute(db);
  return rows[0];
}

/** The pager's first pages of the plain list: most of its calls (ADR 0040). */
const PREPARED_PAGES = 3;

/**
 * One page of users in `sort` order read from the sort's index; `also` is read in the same
 * statement. With `prepared` (the pager's first pages), the page's numbers are written into the
 * statement and it is prepared (PREPARED): one statement per sort, size and page, planned once
 * per connection (a generic plan reckons a LIMIT or OFFSET parameter a tenth of the table); and
 * its rows are read with the index, which skips at most two pages' rows — cheaper than reading
 * their ids alone and then each row by id (a page of 100: 1.5 → 0.9 ms at 1M). A later page
 * reads only ids up to its offset (an index-only scan), then its own rows by id.
 */
function readPage(db: Executor, sort: UserSort, limit: number, skip: number, also: RawBuilder<unknown>, prepared: boolean) {
  const read = sql`from users where not deleted order by ${orderBy(sort)} ${pageLimit(limit, skip, prepared)}`;
  if (prepared) return pageRows(db, sort, limit, sql`select ${PAGE_COLUMNS} ${read}`, { also, prepared, rowsRead: true });
  return pageRows(db, sort, limit, sql`select id ${read}`, { also });
}

/** The list's thresholds; the tests lower them to reach each path with a few thousand users. */
export interface ListTuning {
  scanBudget?: number;
  directOffset?: number;
}

/** How many users, in sort order, a search of a common text reads before it sorts every match instead. */
const SCAN_BUDGET = 10_000;

/**
 * A page of every user that passes `filter` (the search through the trigram index), all of them
 * found first and then sorted: the matches are collected apart (a materialized CTE), so the planner
 * cannot read the sort's index instead and test every user on the way — which, for a common text
 * absent from the first users of the order, reads most of the table.
 */
function readMatches(db: Executor, sort: UserSort, limit: number, skip: number, filter: RawBuilder<unknown>) {
  return pageRows(
    db,
    sort,
    limit,
    sql`with matches as materialized (select id, idstate, modified_on from users where not deleted ${filter})
        select id from matches order by ${orderBy(sort)} ${pageLimit(limit, skip, false)}`,
  );
}

/** How many users pass `filter` (the search through the trigram index), counted up to the cap + 1. */
async function countUpToCap(db: Executor, filter: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    select count(*)::int as total
      from (select 1 from users where not deleted ${filter} limit ${USER_LIST_COUNT_CAP + 1}::int) matches`.execute(db);
  return rows[0]?.total ?? 0;
}

/** What a search tests: through the trigram index (`indexed`), and row by row (`scanned`). */
interface SearchFilters {
  indexed: RawBuilder<unknown>;
  scanned: RawBuilder<unknown>;
}

/**
 * A search's count and page in one statement. The first cap + 1 users that pass the search through
 * the trigram index are counted; when they are all the matches (the count ≤ the cap), the page is
 * sorted from them — the true page. When they are more, the page is read from the first `budget`
 * users in `sort` order that pass the search, stopping as soon as it is full: the true page when it
 * comes back full (matches among the first users are the first matches), short when the matches
 * are too sparse there. Each part is gated by the count, so only one of them reads; `also` is the
 * count, null when no page was read.
 */
async function searchPage(db: Executor, sort: UserSort, limit: number, skip: number, filters: SearchFilters, budget: number) {
  const over = sql`(select count(*) from matches) > ${USER_LIST_COUNT_CAP}::int`;
  const page = await pageRows(
    db,
    sort,
    limit,
    // no second ORDER BY in the scanned part: the filter keeps the index's order and the read stops
    // as soon as the page is full (sorting there would read the whole budget)
    sql`(select id from matches where not ${over} order by ${orderBy(sort)} ${pageLimit(limit, skip, false)})
        union all
        (select first.id
           from (select id, search_text from users where not deleted order by ${orderBy(sort)} limit ${budget}::int) first
          where ${over} ${filters.scanned}
          ${pageLimit(limit, skip, false)})`,
    {
      also: sql`(select count(*)::int from matches)`,
      withClause: sql`with matches as materialized (
          select id, idstate, modified_on from users where not deleted ${filters.indexed} limit ${USER_LIST_COUNT_CAP + 1}::int)`,
    },
  );
  return { ...page, also: page.also === null ? undefined : Number(page.also) };
}

/** Pages that start before this offset are read from the start of the index (cheaper than the counts). */
const DIRECT_OFFSET = 5_000;

/**
 * How each sort's order is cut into the per-day counts of migration 0026: its scheme (0: by date
 * alone; 1 and 2: the users of state 1 or 2 first, `grp` false), and which way the days run.
 */
const DAY_BUCKETS: Record<UserSort, { scheme: 0 | 1 | 2; newestFirst: boolean }> = {
  [USER_SORT.active]: { scheme: 1, newestFirst: true },
  [USER_SORT.inactive]: { scheme: 2, newestFirst: true },
  [USER_SORT.newest]: { scheme: 0, newestFirst: true },
  [USER_SORT.oldest]: { scheme: 0, newestFirst: false },
};

const DAY_SECONDS = 86_400;

/**
 * A page deep in the plain list (no search): the per-day counts, summed in the sort's order (an
 * index read that stops at the right day), give the day — and, for an order by state, the group —
 * holding the page's first row and how many of that day's users come before it; the users' index
 * is then read from that day on. One statement (one snapshot: the counts and the page agree even
 * while users change, with no transaction's round trips): the day found first (`start`), then the
 * page read from it — each group's read gated by the group found, keeping its own index. Its page
 * length is written in and the page's start comes from `start`, so the statement is prepared
 * (ADR 0040): one per sort and size, planned once per connection — its planning cost more than
 * its reading.
 */
async function deepPage(db: Kysely<DB>, query: UserListQuery, offset: number): Promise<{ total: number; users: PageJson }> {
  const { scheme, newestFirst } = DAY_BUCKETS[query.sort] ?? DAY_BUCKETS[USER_SORT.newest];
  const days = sql.raw(newestFirst ? 'desc' : 'asc');
  // the count, and the day that holds the page's first row (none past the end)
  const start = sql`
    with start as materialized (
      select t.live as total, found.grp, found.day, found.skip
        from user_totals t
        left join lateral (
          select grp, day, (${offset}::bigint - (upto - live))::int as skip
            from (select grp, day, live, sum(live) over (order by grp, day ${days} rows unbounded preceding) as upto
                    from user_list_days where scheme = ${sql.lit(scheme)} and live > 0) running
           where upto > ${offset}::bigint order by grp, day ${days} limit 1) found on true)`;
  const fromDay = newestFirst
    ? sql`and modified_on < to_timestamp(((select day from start) + 1) * ${DAY_SECONDS}::bigint)`
    : sql`and modified_on >= to_timestamp((select day from start) * ${DAY_SECONDS}::bigint)`;
  // `is false` / `is true` keep the planner on the order's own index (with `= false` it reads
  // the users of that state by another index and sorts them all)
  const group = (grp: boolean) =>
    scheme === 0 ? sql`` : sql`and (idstate <> ${sql.raw(String(scheme))}) ${sql.raw(grp ? 'is true' : 'is false')}`;
  const fromStart = sql`(select skip from start)`;
  const size = sql.lit(query.size);
  const read = (part: number, when: string, filter: RawBuilder<unknown>, skip: RawBuilder<unknown>) =>
    sql`(select ${sql.lit(part)} as part, id, idstate, modified_on from users
          where ${sql.raw(when)} and not deleted ${filter}
          order by ${orderBy(query.sort)} limit ${size} offset ${skip})`;
  const reads =
    scheme === 0
      ? [read(1, '(select day from start) is not null', fromDay, fromStart)]
      : [
          read(1, '(select grp from start) is false', sql`${group(false)} ${fromDay}`, fromStart),
          read(2, '(select grp from start) is true', sql`${group(true)} ${fromDay}`, fromStart),
          // a page that runs past the end of the first group goes on at the start of the second
          read(3, '(select grp from start) is false', group(true), sql`0`),
        ];
  const ids = sql`select id from (${sql.join(reads, sql` union all `)}) parts
                   order by part, ${orderBy(query.sort)} limit ${size}`;
  const { also, ...users } = await pageRows(db, query.sort, query.size, ids, {
    also: sql`(select total from start)`,
    withClause: start,
    prepared: true,
  });
  return { total: Number(also ?? 0), users };
}

/**
 * One page of non-deleted users, searched ignoring case and accents over user name, names, surnames,
 * document and e-mail, sorted per the list's options (docs/product/users.md, Screens), plus the row count.
 *
 * Cost at 100,000 users (plans: `pnpm bench:users` prints them on PostgreSQL):
 * - the page's ids come from an index (the sort's b-tree, or the trigram index for a rare
 *   search text) and only those rows are fetched;
 * - the plain list's count is the trigger-kept `user_totals` row; a page past the first
 *   DIRECT_OFFSET users starts at the day of modification that holds its first row, found from
 *   the trigger-kept counts per day (`deepPage`), so no page skips more than one day's users;
 * - a search counts at most USER_LIST_COUNT_CAP + 1 matches (`rowsCapped` beyond) and serves
 *   pages within the cap only; past the cap the page is read in sort order instead of through
 *   the trigram index (see below).
 */
export async function listUsers(db: Kysely<DB>, query: UserListQuery, tuning: ListTuning = {}): Promise<UserListPage> {
  const scanBudget = tuning.scanBudget ?? SCAN_BUDGET;
  const directOffset = tuning.directOffset ?? DIRECT_OFFSET;
  const search = query.search.trim();
  // folded like the stored text (migration 0010: no accents, lower case), by the same SQL function
  const folded = sql`suite_fold(${search})`;
  // through the trigram index: every match is found at once, then sorted
  const indexed = search ? sql`and ${SEARCH_TEXT} like '%' || suite_fold(${escapeLike(search)}) || '%'` : sql``;
  // the same test the index cannot serve: checked row by row while reading in sort order
  const scanned = sql`and strpos(${SEARCH_TEXT}, ${folded}) > 0`;
  const offset = (query.page - 1) * query.size;

  if (search) {
    // One statement counts and reads the page (`searchPage`). Few matches (≤ the cap): found
    // through the index and sorted — the page is the true one. Many: where they are dense, reading
    // the first SCAN_BUDGET users in sort order meets a page's worth — where sorting every match of
    // a common name would cost tens of milliseconds; where they are not (a name no user of the
    // leading state has, say), a second statement sorts all matches found through the index.
    // Pages past the cap are not served: the count stops there.
    const wanted = Math.min(query.size, USER_LIST_COUNT_CAP - offset);
    const { also, ...users } = await searchPage(db, query.sort, wanted, offset, { indexed, scanned }, scanBudget);
    const total = also ?? (await countUpToCap(db, indexed));
    if (total <= USER_LIST_COUNT_CAP) return { rows: total, users };
    const page = users.count < wanted ? await readMatches(db, query.sort, wanted, offset, indexed) : users;
    return { rows: USER_LIST_COUNT_CAP, rowsCapped: true, users: page };
  }
  // the count is the trigger-kept `user_totals` row
  const totalRow = sql`(select live from user_totals)`;
  if (offset < directOffset) {
    // read with the page, in one statement
    const prepared = offset < PREPARED_PAGES * query.size;
    const { also, ...users } = await readPage(db, query.sort, query.size, offset, totalRow, prepared);
    return { rows: Number(also ?? 0), users };
  }
  const { total, users } = await deepPage(db, query, offset);
  return { rows: total, users };
}

/** A page of the list (the reply's `result`, its users as PostgreSQL wrote them). */
export interface UserListPage {
  rows: number;
  rowsCapped?: true;
  users: PageJson;
}

/** The reply's `result` as JSON text, the users' array spliced in as PostgreSQL wrote it. */
export function userListJson(page: UserListPage): string {
  return `{"rows":${page.rows}${page.rowsCapped ? ',"rowsCapped":true' : ''},"users":${page.users.json}}`;
}

/** The reply's `result` as objects (the tests read it so). */
export function userListResult(page: UserListPage): UserListResult {
  return { rows: page.rows, ...(page.rowsCapped ? { rowsCapped: true } : {}), users: JSON.parse(page.users.json) };
}

type Executor = Kysely<DB> | Transaction<DB>;

/** The user columns of the card, with the country and document-type codes. */
export function selectUserDetails(db: Executor) {
  return db
    .selectFrom('users as u')
    .leftJoin('countries as c', 'c.id', 'u.country_id')
    .leftJoin('document_types as d', 'd.id', 'u.document_type_id')
    .select([
      'u.id',
      'u.user_name',
      'u.names',
      'u.surnames',
      'u.email',
      'u.document',
      'u.phone_number',
      'u.typeuserid',
      'u.country_id',
      'u.document_type_id',
      'u.idstate',
      'u.deleted',
      'u.modified_on',
      'c.country_code',
      'd.allowed as document_type_code',
    ]);
}

export type UserDetailRow = Awaited<ReturnType<ReturnType<typeof selectUserDetails>['executeTakeFirstOrThrow']>>;

export function toUserDetail(r: UserDetailRow): UserDetail {
  return {
    id: r.id,
    names: r.names,
    surnames: r.surnames,
    email: r.email,
    document: r.document,
    userName: r.user_name,
    phoneNumber: phoneDigits(r.phone_number) === '0' ? '' : phoneDigits(r.phone_number),
    idTypeUser: r.typeuserid,
    typeuserid: r.typeuserid,
    countryCode: r.country_code ?? '',
    documentType: r.document_type_code ?? '',
    countryId: r.country_id,
    documentTypeId: r.document_type_id,
    idstate: r.idstate,
    modifiedon: new Date(r.modified_on).toISOString(),
    deleted: r.deleted,
  };
}

/** A user's card data, deleted users included; undefined when the id is unknown. */
/** The card's user, with their lockout while it holds them. */
export async function findUserDetail(db: Executor, id: string): Promise<UserDetail | undefined> {
  const row = await selectUserDetails(db).where('u.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const lock = await lockOf(db, id);
  return lock ? { ...toUserDetail(row), lock } : toUserDetail(row);
}

/** The user types, by id (GetTypeUser). */
export async function listUserTypes(db: Kysely<DB>): Promise<UserTypeRecord[]> {
  return db.selectFrom('user_types').select(['id', 'name']).orderBy('id').execute();
}

/** The active countries, by name (get-countries). */
export async function listCountries(db: Kysely<DB>): Promise<CountryRecord[]> {
  const rows = await db.selectFrom('countries').select(['id', 'name', 'country_code']).where('idstate', '=', 0).orderBy('name').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, countryCode: r.country_code }));
}

/** The active document types of a country by its code (case-insensitive); none for an unknown one. */
export async function listDocumentTypes(db: Kysely<DB>, countryCode: string): Promise<DocumentTypeRecord[]> {
  const rows = await db
    .selectFrom('document_types as d')
    .innerJoin('countries as c', 'c.id', 'd.country_id')
    .select(['d.id', 'd.description', 'd.allowed', 'd.alphanumeric', 'c.country_code'])
    .where(sql<string>`upper(c.country_code)`, '=', countryCode.toUpperCase())
    .where('d.idstate', '=', 0)
    .orderBy('d.id')
    .execute();
  return rows.map((r) => ({
    documentTypeId: r.id,
    documentTypeDescription: r.description,
    documentTypeAllowed: r.allowed,
    country: r.country_code,
    alphanumeric: r.alphanumeric,
  }));
}
