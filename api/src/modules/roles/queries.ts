import { sql, type Kysely } from 'kysely';
import type { AppRoleCountRecord, RoleRecord } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';

/** The id of a visible, active application by name (case-insensitive), or undefined. */
export async function findVisibleApplicationId(db: Kysely<DB>, name: string): Promise<number | undefined> {
  const found = await db
    .selectFrom('applications')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .where('is_visible', '=', true)
    .where('idstate', '=', 0)
    .executeTakeFirst();
  return found?.id;
}

/**
 * The roles the application offers (active ones; every role when `applicationId` is null), each
 * with whether `userId` holds it there and the titles of the visible applications sharing it.
 */
export async function rolesWithAssignment(db: Kysely<DB>, applicationId: number | null, userId: string | null): Promise<RoleRecord[]> {
  const { rows } = await sql<{
    id: number;
    name: string;
    description: string;
    alias: string;
    created_on: Date | string;
    idstate: number;
    shared_apps: string | null;
    assigned: boolean;
  }>`
    select r.id, r.name, r.description, r.alias, r.created_on, r.idstate,
           (select string_agg(a.title, ',' order by a.title)
              from role_applications ra2 join applications a on a.id = ra2.application_id
             where ra2.role_id = r.id and a.is_visible) as shared_apps,
           exists (select 1 from user_roles ur
                    where ur.user_id = ${userId}::uuid and ur.role_id = r.id
                      and (${applicationId}::int is null or ur.application_id = ${applicationId}::int)) as assigned
      from roles r
     where ${applicationId === null ? sql`true` : sql`r.idstate = 0 and exists (select 1 from role_applications ra where ra.role_id = r.id and ra.application_id = ${applicationId}::int)`}
     order by r.name`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    alias: r.alias,
    createdon: new Date(r.created_on).toISOString(),
    idstate: r.idstate,
    sharedApps: r.shared_apps ?? '',
    assigned: r.assigned,
  }));
}

/** Per visible, active application: the active roles it offers and how many of them `userId` holds. */
export async function roleCountsByApplication(db: Kysely<DB>, userId: string | null): Promise<AppRoleCountRecord[]> {
  const { rows } = await sql<{ appid: number; appname: string; apptitle: string; rolequantity: number; rolequantity_unique: number }>`
    select a.id as appid, a.name as appname, a.title as apptitle,
           count(*)::int as rolequantity, count(ur.role_id)::int as rolequantity_unique
      from applications a
      join role_applications ra on ra.application_id = a.id
      join roles r on r.id = ra.role_id and r.idstate = 0
      left join user_roles ur on ur.role_id = r.id and ur.application_id = a.id and ur.user_id = ${userId}::uuid
     where a.is_visible and a.idstate = 0
     group by a.id, a.name, a.title
     order by a.title, a.name`.execute(db);
  return rows.map((r) => ({ appid: r.appid, appname: r.appname, apptitle: r.apptitle, rolequantity: r.rolequantity, rolequantityUnique: r.rolequantity_unique }));
}
