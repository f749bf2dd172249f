import { sql, type Kysely } from 'kysely';
import type { CompanyRecord } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';

/** Comma list of the titles of the visible applications in which the user holds roles. */
async function userApplicationTitles(db: Kysely<DB>, userId: string): Promise<string> {
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('applications as a', 'a.id', 'ur.application_id')
    .select('a.title')
    .distinct()
    .where('ur.user_id', '=', userId)
    .where('a.is_visible', '=', true)
    .orderBy('a.title')
    .execute();
  return rows.map((r) => r.title).join(',');
}

/**
 * Companies with one user's flags: every active company plus the user's own (`onlyUsers`: just
 * the user's, main first).
 */
export async function companiesOf(db: Kysely<DB>, userId: string, onlyUsers: boolean): Promise<CompanyRecord[]> {
  const user = userId || null;
  const { rows } = await sql<{
    id: string;
    name: string;
    idstate: number;
    principal: boolean;
    assigned: boolean;
    modified_on: Date | string;
  }>`
    select c.id::text as id, c.name, c.idstate,
           coalesce(uc.principal, false) as principal, coalesce(uc.assigned, false) as assigned,
           coalesce(uc.modified_on, c.modified_on) as modified_on
      from customers c
      left join user_customers uc on uc.customer_id = c.id and uc.user_id = ${user}::uuid
     where ${onlyUsers ? sql`uc.user_id is not null` : sql`(c.idstate = 0 or uc.user_id is not null)`}
     order by ${onlyUsers ? sql`coalesce(uc.principal, false) desc, ` : sql``}c.name`.execute(db);
  const sharedApps = userId ? await userApplicationTitles(db, userId) : '';
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    principal: r.principal,
    assigned: r.assigned,
    idstate: r.idstate,
    modifiedOn: new Date(r.modified_on).toISOString(),
    sharedApps: r.principal || r.assigned ? sharedApps : '',
  }));
}
