import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { USER_LIST_COUNT_CAP, USER_SORT, phoneDigits, type UserDetail, type UserListResult, type UserSort } from '@suite/shared/contracts';
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

/**
 * The searched text of a user: the very expression of the trigram index users_search_trgm_idx
 * (migration 0008) — keep them identical or the index is not used.
 */
const SEARCH_TEXT = sql.raw(`lower(user_name || ' ' || names || ' ' || surnames || ' ' || document || ' ' || email)`);

/**
 * Order of each sort option, matching an index of migration 0001/0008 so a page is read in index
 * order: state first (active or inactive), then the most recently modified; or by modification
 * date alone. `oldest` is the exact reverse of `newest` (ties by id descending) so it is the same
 * index read backwards.
 */
function orderBy(sort: UserSort, alias = ''): RawBuilder<unknown> {
  const c = (column: string) => sql.raw(alias ? `${alias}.${column}` : column);
  switch (sort) {
    case USER_SORT.active:
      return sql`(${c('idstate')} <> 1), ${c('modified_on')} desc, ${c('id')}`;
    case USER_SORT.inactive:
      return sql`(${c('idstate')} <> 2), ${c('modified_on')} desc, ${c('id')}`;
    case USER_SORT.oldest:
      return sql`${c('modified_on')} asc, ${c('id')} desc`;
    default:
      return sql`${c('modified_on')} desc, ${c('id')}`;
  }
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
 * One page of non-deleted users, searched case-insensitively over user name, names, surnames,
 * document and e-mail, sorted per the spec's options, plus the row count.
 *
 * Cost at 100,000 users: the page's ids are read from an index (trigram for a search, the sort's
 * b-tree otherwise) and only those rows are fetched; a search counts at most
 * USER_LIST_COUNT_CAP + 1 matches (`rowsCapped` beyond), the plain list counts the partial
 * index of non-deleted users.
 */
export async function listUsers(db: Kysely<DB>, query: UserListQuery): Promise<UserListResult> {
  const search = query.search.trim().toLowerCase();
  const filter = search ? sql`and ${SEARCH_TEXT} like ${`%${escapeLike(search)}%`}` : sql``;
  const offset = (query.page - 1) * query.size;

  const pageQuery = sql<ListRow>`
    select u.id::text as id, u.user_name, u.names, u.surnames, u.document, u.email, u.idstate, u.typeuserid, u.modified_on
      from (select id from users where not deleted ${filter}
             order by ${orderBy(query.sort)} limit ${query.size}::int offset ${offset}::int) page
      join users u on u.id = page.id
     order by ${orderBy(query.sort, 'u')}`;
  const countQuery = search
    ? sql<{ total: number }>`
        select count(*)::int as total
          from (select 1 from users where not deleted ${filter} limit ${USER_LIST_COUNT_CAP + 1}::int) matches`
    : sql<{ total: number }>`select count(*)::int as total from users where not deleted`;

  // on PostgreSQL the two run on two pooled connections at once
  const [page, count] = await Promise.all([pageQuery.execute(db), countQuery.execute(db)]);
  const total = count.rows[0]?.total ?? 0;
  const capped = search !== '' && total > USER_LIST_COUNT_CAP;

  return {
    rows: capped ? USER_LIST_COUNT_CAP : total,
    ...(capped ? { rowsCapped: true } : {}),
    users: page.rows.map((r) => ({
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
