import { sql, type Kysely } from 'kysely';
import { USER_SORT, USER_STATE, type UserRow, type UserSort } from '@suite/shared/contracts';
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
 * One page of non-deleted users, searched case-insensitively over user name, names,
 * surnames, document and e-mail, sorted per the spec's options, plus the total count.
 */
export async function listUsers(db: Kysely<DB>, query: UserListQuery): Promise<{ users: UserRow[]; rows: number }> {
  let base = db.selectFrom('users').where('deleted', '=', false);
  const search = query.search.trim().toLowerCase();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    base = base.where((eb) =>
      eb.or(
        (['user_name', 'names', 'surnames', 'document', 'email'] as const).map((column) =>
          eb(sql<string>`lower(${sql.ref(column)})`, 'like', pattern),
        ),
      ),
    );
  }

  const total = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();

  let page = base.select(['id', 'user_name', 'names', 'surnames', 'document', 'email', 'idstate', 'typeuserid', 'modified_on']);
  switch (query.sort) {
    case USER_SORT.active:
      page = page.orderBy(sql`(idstate = ${USER_STATE.active})`, 'desc').orderBy('modified_on', 'desc');
      break;
    case USER_SORT.inactive:
      page = page.orderBy(sql`(idstate = ${USER_STATE.inactive})`, 'desc').orderBy('modified_on', 'desc');
      break;
    case USER_SORT.oldest:
      page = page.orderBy('modified_on', 'asc');
      break;
    default:
      page = page.orderBy('modified_on', 'desc');
  }
  const rows = await page
    .orderBy('id')
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute();

  return {
    rows: total.total,
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
