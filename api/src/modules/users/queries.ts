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
import type { DB } from '../../db/schema';

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

/** ORDER BY of a sort, optionally reversed (the same index read the other way) and with a table alias. */
function orderBy(sort: UserSort, options: { alias?: string; reverse?: boolean } = {}): RawBuilder<unknown> {
  const prefix = options.alias ? `${options.alias}.` : '';
  const keys = (SORT_KEYS[sort] ?? SORT_KEYS[USER_SORT.newest]).map(([expr, dir]) => {
    const direction = options.reverse ? (dir === 'asc' ? 'desc' : 'asc') : dir;
    return `${expr.replace('%', prefix)} ${direction}`;
  });
  return sql.raw(keys.join(', '));
}

interface ListRow {
  id: string;
  user_name: string;
  names: string;
  surnames: string;
  document: string;
  email: string;
  idstate: number;
  typeuserid: number;
  modified_on: Date | string;
}

/**
 * One page of non-deleted users, searched ignoring case and accents over user name, names, surnames,
 * document and e-mail, sorted per the list's options (docs/product/users.md, Screens), plus the row count.
 *
 * Cost at 100,000 users (plans: `pnpm bench:users` prints them on PostgreSQL):
 * - the page's ids come from an index (the sort's b-tree, or the trigram index for a rare
 *   search text) and only those rows are fetched;
 * - the plain list's count is the trigger-kept `user_totals` row; pages in the second half are
 *   read from the other end of the index, so no page skips more than half of the users;
 * - a search counts at most USER_LIST_COUNT_CAP + 1 matches (`rowsCapped` beyond) and serves
 *   pages within the cap only; past the cap the page is read in sort order instead of through
 *   the trigram index (see below).
 */
export async function listUsers(db: Kysely<DB>, query: UserListQuery): Promise<UserListResult> {
  const search = query.search.trim();
  // folded like the stored text (migration 0010: no accents, lower case), by the same SQL function
  const folded = sql`suite_fold(${search})`;
  // through the trigram index: every match is found at once, then sorted
  const indexed = search ? sql`and ${SEARCH_TEXT} like '%' || suite_fold(${escapeLike(search)}) || '%'` : sql``;
  // the same test the index cannot serve: checked row by row while reading in sort order
  const scanned = sql`and strpos(${SEARCH_TEXT}, ${folded}) > 0`;
  const offset = (query.page - 1) * query.size;

  const page = (limit: number, skip: number, reverse: boolean, filter = indexed) =>
    limit <= 0
      ? Promise.resolve({ rows: [] as ListRow[] })
      : sql<ListRow>`
          select u.id::text as id, u.user_name, u.names, u.surnames, u.document, u.email, u.idstate, u.typeuserid, u.modified_on
            from (select id from users where not deleted ${filter}
                   order by ${orderBy(query.sort, { reverse })} limit ${limit}::int offset ${skip}::int) page
            join users u on u.id = page.id
           order by ${orderBy(query.sort, { alias: 'u' })}`.execute(db);

  let total: number;
  let rows: ListRow[];
  let capped = false;
  if (search) {
    const count = await sql<{ total: number }>`
      select count(*)::int as total
        from (select 1 from users where not deleted ${indexed} limit ${USER_LIST_COUNT_CAP + 1}::int) matches`.execute(db);
    total = count.rows[0]?.total ?? 0;
    capped = total > USER_LIST_COUNT_CAP;
    // Few matches (≤ the cap): find them all through the index and sort them. Many: they are
    // dense (over 0.2 % of 100,000 users), so reading in sort order meets a page's worth soon —
    // where sorting every match of a common name would cost tens of milliseconds.
    // Pages past the cap are not served: the count stops there.
    rows = (await page(Math.min(query.size, USER_LIST_COUNT_CAP - offset), offset, false, capped ? scanned : indexed)).rows;
    if (capped) total = USER_LIST_COUNT_CAP;
  } else {
    const counted = await sql<{ live: string | number }>`select live from user_totals`.execute(db);
    total = Number(counted.rows[0]?.live ?? 0);
    const fromEnd = total - offset - query.size;
    // the second half is nearer the index's other end: read it backwards
    // a page past the end is empty without reading anything
    rows =
      offset >= total
        ? []
        : offset > total / 2
          ? (await page(query.size + Math.min(0, fromEnd), Math.max(0, fromEnd), true)).rows
          : (await page(query.size, offset, false)).rows;
  }

  return {
    rows: total,
    ...(capped ? { rowsCapped: true } : {}),
    users: rows.map((r) => ({
      id: r.id,
      userName: r.user_name,
      names: r.names,
      surnames: r.surnames,
      document: r.document,
      email: r.email,
      idstate: r.idstate,
      typeuserid: r.typeuserid,
      modifiedon: new Date(r.modified_on).toISOString(),
    })),
  };
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
export async function findUserDetail(db: Executor, id: string): Promise<UserDetail | undefined> {
  const row = await selectUserDetails(db).where('u.id', '=', id).executeTakeFirst();
  return row ? toUserDetail(row) : undefined;
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
