import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  CountRolesByUserHeadersSchema,
  INFORMATION_CODES,
  RoleListHeadersSchema,
  USER_MESSAGES,
  type CountRolesByUserResult,
  type Envelope,
  type RoleListResult,
} from '@suite/shared/contracts';
import { ApiError, parseInput } from '../../http/errors';
import { requirePrivilege } from '../../security/auth';
import { pickHeaders } from '../../http/headers';

/**
 * Roles as the user card assigns them (console spec §4, §7): the roles an application offers
 * with the user's assignment, and per application the count of roles offered and held.
 * Hidden applications (RESETOTP) and inactive ones never appear.
 */
export default async function roleRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  // the roles screen lists roles too
  app.get('/api/role/list', { preHandler: requirePrivilege('USERS_READ', 'ROLES_READ'), config: { contract: { summary: "Roles of an application with a user's assignment", tag: 'roles', headers: RoleListHeadersSchema, auth: ['USERS_READ', 'ROLES_READ'] } } }, async (request): Promise<Envelope<RoleListResult>> => {
    const headers = parseInput(RoleListHeadersSchema, pickHeaders(request, ['application', 'user']), 'headers');
    const user = headers.user || null;
    let applicationId: number | null = null;
    if (headers.application) {
      const found = await db
        .selectFrom('applications')
        .select('id')
        .where(sql<string>`lower(name)`, '=', headers.application.toLowerCase())
        .where('is_visible', '=', true)
        .where('idstate', '=', 0)
        .executeTakeFirst();
      // the card empties its list on R11
      if (!found) throw new ApiError(404, USER_MESSAGES.applicationUnknown, INFORMATION_CODES.badCredentials);
      applicationId = found.id;
    }
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
                      where ur.user_id = ${user}::uuid and ur.role_id = r.id
                        and (${applicationId}::int is null or ur.application_id = ${applicationId}::int)) as assigned
        from roles r
       where ${applicationId === null ? sql`true` : sql`r.idstate = 0 and exists (select 1 from role_applications ra where ra.role_id = r.id and ra.application_id = ${applicationId}::int)`}
       order by r.name`.execute(db);
    const records = rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      alias: r.alias,
      createdon: new Date(r.created_on).toISOString(),
      idstate: r.idstate,
      sharedApps: r.shared_apps ?? '',
      assigned: r.assigned,
    }));
    return { statusCode: 200, result: { records, count: records.length } };
  });

  app.get('/api/application/GetCountRolesByUser', { preHandler: requirePrivilege('USERS_READ'), config: { contract: { summary: 'Roles offered and held per application', tag: 'roles', headers: CountRolesByUserHeadersSchema, auth: ['USERS_READ'] } } }, async (request): Promise<Envelope<CountRolesByUserResult>> => {
    const { user } = parseInput(CountRolesByUserHeadersSchema, pickHeaders(request, ['user']), 'headers');
    const { rows } = await sql<{ appid: number; appname: string; apptitle: string; rolequantity: number; rolequantity_unique: number }>`
      select a.id as appid, a.name as appname, a.title as apptitle,
             count(*)::int as rolequantity, count(ur.role_id)::int as rolequantity_unique
        from applications a
        join role_applications ra on ra.application_id = a.id
        join roles r on r.id = ra.role_id and r.idstate = 0
        left join user_roles ur on ur.role_id = r.id and ur.application_id = a.id and ur.user_id = ${user || null}::uuid
       where a.is_visible and a.idstate = 0
       group by a.id, a.name, a.title
       order by a.title, a.name`.execute(db);
    return {
      statusCode: 200,
      result: {
        records: rows.map((r) => ({ appid: r.appid, appname: r.appname, apptitle: r.apptitle, rolequantity: r.rolequantity, rolequantityUnique: r.rolequantity_unique })),
      },
    };
  });
}
