import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  AppRoleCountRecord,
  PrivilegeRecord,
  PrivilegeRolesRecord,
  RoleAdminRecord,
  RoleApplicationRecord,
  RoleRecord,
  RoleUserRow,
  UserPrivilegesRecord,
} from '@suite/shared/contracts';
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
export async function rolesWithAssignment(
  db: Kysely<DB> | Transaction<DB>,
  applicationId: number | null,
  userId: string | null,
): Promise<RoleRecord[]> {
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
  return rows.map((r) => ({
    appid: r.appid,
    appname: r.appname,
    apptitle: r.apptitle,
    rolequantity: r.rolequantity,
    rolequantityUnique: r.rolequantity_unique,
  }));
}

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * The applications this section works with: visible ones only. RESETOTP (hidden) is never
 * listed, offered or assignable here, and a change never touches what a hidden application holds.
 */
const VISIBLE = sql`a.is_visible`;

export interface ApplicationRow {
  id: number;
  name: string;
  title: string;
}

/** Visible applications named in `names` (case-insensitive), any state. */
export async function visibleApplicationsNamed(db: Executor, names: readonly string[]): Promise<ApplicationRow[]> {
  if (!names.length) return [];
  const { rows } = await sql<ApplicationRow>`
    select a.id, a.name, a.title from applications a
     where ${VISIBLE} and lower(a.name) in (${sql.join(names.map((n) => n.toLowerCase()))})`.execute(db);
  return rows;
}

interface PrivilegeRow {
  id: number;
  name: string;
  description: string;
  idstate: number;
  licence: boolean;
  is_auditable: boolean;
  created_on: Date | string;
  shared_apps: string | null;
  application: string[] | null;
  licences_in_use: number;
}

const toPrivilegeRecord = (r: PrivilegeRow): PrivilegeRecord => ({
  id: r.id,
  name: r.name,
  description: r.description,
  idstate: r.idstate,
  licence: r.licence,
  isAuditable: r.is_auditable,
  createdon: new Date(r.created_on).toISOString(),
  sharedApps: r.shared_apps ?? '',
  application: r.application ?? [],
  licencesInUse: r.licences_in_use,
});

/**
 * Privileges with the visible applications holding them. `applicationId`: only those it holds;
 * `roleId`: only those the role gives (in `applicationId` when both); `privilegeId`: that one.
 */
export async function listPrivileges(
  db: Executor,
  filter: { applicationId?: number | null; roleId?: number | null; privilegeId?: number } = {},
): Promise<PrivilegeRecord[]> {
  const applicationId = filter.applicationId ?? null;
  const roleId = filter.roleId ?? null;
  const { rows } = await sql<PrivilegeRow>`
    select p.id, p.name, p.description, p.idstate, p.licence, p.is_auditable, p.created_on,
           (select string_agg(a.title, ',' order by a.title)
              from application_privileges ap join applications a on a.id = ap.application_id
             where ap.privilege_id = p.id and ${VISIBLE}) as shared_apps,
           (select array_agg(a.name order by a.name)
              from application_privileges ap join applications a on a.id = ap.application_id
             where ap.privilege_id = p.id and ${VISIBLE}) as application,
           -- seats in use of a licensed privilege: active users holding it now (as suite_user_access grants it)
           case when p.licence and p.idstate = 0 then (
             select count(distinct ur.user_id)::int
               from role_privileges rp
               join roles r on r.id = rp.role_id and r.idstate = 0
               join application_privileges apr on apr.application_id = rp.application_id and apr.privilege_id = rp.privilege_id
               join user_roles ur on ur.role_id = rp.role_id and ur.application_id = rp.application_id
               join users u on u.id = ur.user_id and u.idstate = 1 and not u.deleted
              where rp.privilege_id = p.id) else 0 end as licences_in_use
      from privileges p
     where (${applicationId}::int is null
            or exists (select 1 from application_privileges ap where ap.privilege_id = p.id and ap.application_id = ${applicationId}::int))
       and (${roleId}::int is null
            or exists (select 1 from role_privileges rp join applications a on a.id = rp.application_id
                        where rp.role_id = ${roleId}::int and rp.privilege_id = p.id and ${VISIBLE}
                          and (${applicationId}::int is null or rp.application_id = ${applicationId}::int)))
       and (${filter.privilegeId ?? null}::int is null or p.id = ${filter.privilegeId ?? null}::int)
     order by p.name`.execute(db);
  return rows.map(toPrivilegeRecord);
}

/** One privilege (locked for the change when `forUpdate`), or undefined. */
export async function findPrivilege(trx: Executor, id: number, forUpdate = false) {
  let query = trx.selectFrom('privileges').select(['id', 'name', 'idstate', 'description', 'licence', 'is_auditable']).where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Whether a privilege of that name exists (case-insensitive). */
export async function privilegeNameTaken(trx: Executor, name: string): Promise<boolean> {
  return !!(await trx.selectFrom('privileges').select('id').where(sql<string>`lower(name)`, '=', name.toLowerCase()).executeTakeFirst());
}

export async function insertPrivilege(
  trx: Transaction<DB>,
  values: { name: string; description: string; licence: boolean; is_auditable: boolean },
): Promise<number> {
  const now = new Date();
  return (
    await trx
      .insertInto('privileges')
      .values({ ...values, idstate: 0, created_on: now, modified_on: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function updatePrivilege(
  trx: Transaction<DB>,
  id: number,
  values: { description: string; idstate: number; licence: boolean; is_auditable: boolean },
): Promise<void> {
  await trx
    .updateTable('privileges')
    .set({ ...values, modified_on: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Makes the visible applications holding the privilege exactly `applicationIds`; hidden ones keep theirs. */
export async function setPrivilegeApplications(
  trx: Transaction<DB>,
  privilegeId: number,
  applicationIds: readonly number[],
): Promise<void> {
  await sql`
    delete from application_privileges ap using applications a
     where a.id = ap.application_id and ap.privilege_id = ${privilegeId}::int and ${VISIBLE}
       and not (ap.application_id = any(${[...applicationIds]}::int[]))`.execute(trx);
  if (applicationIds.length) {
    await trx
      .insertInto('application_privileges')
      .values(applicationIds.map((application_id) => ({ application_id, privilege_id: privilegeId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Every visible application, by title: what a privilege or a role may be given. */
export async function assignableApplications(db: Executor): Promise<ApplicationRow[]> {
  const { rows } =
    await sql<ApplicationRow>`select a.id, a.name, a.title from applications a where ${VISIBLE} order by a.title, a.name`.execute(db);
  return rows;
}

/** GET /api/application/getApplicationsByIdPrivilege: the visible applications holding the privilege. */
export async function applicationsOfPrivilege(db: Executor, privilegeId: number): Promise<ApplicationRow[]> {
  const { rows } = await sql<ApplicationRow>`
    select a.id, a.name, a.title from application_privileges ap join applications a on a.id = ap.application_id
     where ap.privilege_id = ${privilegeId}::int and ${VISIBLE}
     order by a.title, a.name`.execute(db);
  return rows;
}

/** Per visible application holding the privilege or given it by a role: whether it holds it, and the roles giving it there. */
export async function rolesGrantingPrivilege(db: Executor, privilegeId: number): Promise<PrivilegeRolesRecord[]> {
  const { rows } = await sql<{
    application: string;
    title: string;
    held: boolean;
    role_id: number | null;
    role: string | null;
    idstate: number | null;
  }>`
    select a.name as application, a.title,
           exists (select 1 from application_privileges ap where ap.application_id = a.id and ap.privilege_id = ${privilegeId}::int) as held,
           r.id as role_id, r.name as role, r.idstate
      from applications a
      left join role_privileges rp on rp.application_id = a.id and rp.privilege_id = ${privilegeId}::int
      left join roles r on r.id = rp.role_id
     where ${VISIBLE}
       and (rp.role_id is not null
            or exists (select 1 from application_privileges ap where ap.application_id = a.id and ap.privilege_id = ${privilegeId}::int))
     order by a.title, a.name, r.name`.execute(db);
  const byApp = new Map<string, PrivilegeRolesRecord>();
  for (const r of rows) {
    let record = byApp.get(r.application);
    if (!record) byApp.set(r.application, (record = { application: r.application, title: r.title, held: r.held, roles: [] }));
    if (r.role_id !== null) record.roles.push({ id: r.role_id, name: r.role as string, idstate: r.idstate as number });
  }
  return [...byApp.values()];
}

// ---------------------------------------------------------------- roles

/** One role (locked for the change when `forUpdate`), or undefined. */
export async function findRole(trx: Executor, id: number, forUpdate = false) {
  let query = trx.selectFrom('roles').select(['id', 'name', 'description', 'alias', 'idstate']).where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Whether another role has that name (case-insensitive). */
export async function roleNameTaken(trx: Executor, name: string, exceptId?: number): Promise<boolean> {
  let query = trx.selectFrom('roles').select('id').where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

/** The privileges among `names` that are active and held by the application (id and name). */
export async function activePrivilegesOf(
  trx: Executor,
  applicationId: number,
  names: readonly string[],
): Promise<{ id: number; name: string }[]> {
  if (!names.length) return [];
  const { rows } = await sql<{ id: number; name: string }>`
    select p.id, p.name from privileges p
      join application_privileges ap on ap.privilege_id = p.id and ap.application_id = ${applicationId}::int
     where p.idstate = 0 and lower(p.name) in (${sql.join(names.map((n) => n.toLowerCase()))})`.execute(trx);
  return rows;
}

/**
 * The visible applications of each role (all roles when `roleIds` is null) with the names of the
 * privileges it gives there, by role id.
 */
export async function roleApplicationsOf(db: Executor, roleIds: readonly number[] | null): Promise<Map<number, RoleApplicationRecord[]>> {
  const { rows } = await sql<{ role_id: number; name: string; title: string; is_visible: boolean; privilege: string[] | null }>`
    select ra.role_id, a.name, a.title, ra.is_visible,
           (select array_agg(p.name order by p.name)
              from role_privileges rp join privileges p on p.id = rp.privilege_id
             where rp.role_id = ra.role_id and rp.application_id = ra.application_id) as privilege
      from role_applications ra join applications a on a.id = ra.application_id
     where ${VISIBLE} and (${roleIds === null}::boolean or ra.role_id = any(${roleIds ? [...roleIds] : []}::int[]))
     order by a.title, a.name`.execute(db);
  const byRole = new Map<number, RoleApplicationRecord[]>();
  for (const r of rows) {
    const privilege = r.privilege ?? [];
    const list = byRole.get(r.role_id) ?? [];
    list.push({ name: r.name, title: r.title, isVisible: r.is_visible, privilegeCounter: privilege.length, privilege });
    byRole.set(r.role_id, list);
  }
  return byRole;
}

/** Every role, any state, with its visible applications and their privileges (the roles screen). */
export async function listRolesWithApplications(db: Executor): Promise<RoleAdminRecord[]> {
  const roles = await rolesWithAssignment(db, null, null);
  const applications = await roleApplicationsOf(db, null);
  return roles.map(({ assigned: _assigned, ...role }) => ({ ...role, applications: applications.get(role.id) ?? [] }));
}

export async function insertRole(trx: Transaction<DB>, values: { name: string; description: string; alias: string }): Promise<number> {
  const now = new Date();
  return (
    await trx
      .insertInto('roles')
      .values({ ...values, idstate: 0, created_on: now, modified_on: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function updateRole(
  trx: Transaction<DB>,
  id: number,
  values: { name?: string; description?: string; alias?: string; idstate?: number },
): Promise<void> {
  await trx
    .updateTable('roles')
    .set({ ...values, modified_on: new Date() })
    .where('id', '=', id)
    .execute();
}

export interface ResolvedRoleApplication {
  applicationId: number;
  isVisible: boolean;
  privilegeIds: number[];
}

/**
 * Makes the role's visible applications and their privileges exactly `applications` (the place
 * in an application goes with its privileges, by foreign key); hidden applications keep theirs.
 */
export async function setRoleApplications(
  trx: Transaction<DB>,
  roleId: number,
  applications: readonly ResolvedRoleApplication[],
): Promise<void> {
  await sql`
    delete from role_applications ra using applications a
     where a.id = ra.application_id and ra.role_id = ${roleId}::int and ${VISIBLE}`.execute(trx);
  if (!applications.length) return;
  await trx
    .insertInto('role_applications')
    .values(applications.map((a) => ({ role_id: roleId, application_id: a.applicationId, is_visible: a.isVisible })))
    .execute();
  const privileges = applications.flatMap((a) =>
    a.privilegeIds.map((privilege_id) => ({ role_id: roleId, application_id: a.applicationId, privilege_id })),
  );
  if (privileges.length) await trx.insertInto('role_privileges').values(privileges).execute();
}

/** A holder of a role as the holders list keeps it: the row, and the user's folded search text. */
export interface HolderRow extends RoleUserRow {
  searchText: string;
}

/**
 * Every (not deleted) holder of a role, in the list's order (user name): driven by the role
 * (user_roles_role_idx), each holder's row by its primary key (the lateral LIMIT 1 keeps the
 * planner from scanning every user). `search_text` is the accent- and case-folded text the users
 * list searches (suite_fold, migration 0010).
 */
export async function allRoleHolders(db: Executor, roleId: number): Promise<HolderRow[]> {
  const { rows } = await sql<{
    id: string;
    user_name: string;
    names: string;
    surnames: string;
    application: string | null;
    search_text: string;
  }>`
    select u.id::text as id, u.user_name, u.names, u.surnames, h.application, u.search_text
      from (select ur.user_id, string_agg(a.title, ',' order by a.title) as application
              from user_roles ur join applications a on a.id = ur.application_id
             where ur.role_id = ${roleId}::int and ${VISIBLE}
             group by ur.user_id) h
     cross join lateral (select u.id, u.user_name, u.names, u.surnames, u.search_text from users u
                          where u.id = h.user_id and not u.deleted limit 1) u
     order by lower(u.user_name), u.id`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    userName: r.user_name,
    names: r.names,
    surnames: r.surnames,
    application: r.application ?? '',
    searchText: r.search_text,
  }));
}

/** A search term folded as the users' search text is (suite_fold), so the two compare. */
export async function foldSearch(db: Executor, text: string): Promise<string> {
  const { rows } = await sql<{ folded: string }>`select suite_fold(${text}) as folded`.execute(db);
  return rows[0]?.folded ?? text.toLowerCase();
}

/**
 * Per visible application in which the user holds roles: each privilege the user holds there now
 * (suite_user_access, what authorization reads) and the active roles giving it.
 */
export async function privilegesHeldBy(db: Executor, userId: string): Promise<UserPrivilegesRecord[]> {
  const held = await sql<{ id: number; name: string; title: string; privileges: string[] | null }>`
    select a.id, a.name, a.title, acc.privileges
      from applications a cross join lateral suite_user_access(${userId}::uuid, a.id) acc
     where ${VISIBLE} and exists (select 1 from user_roles ur where ur.user_id = ${userId}::uuid and ur.application_id = a.id)
     order by a.title, a.name`.execute(db);
  const givers = await sql<{ application_id: number; privilege: string; role: string }>`
    select ur.application_id, p.name as privilege, r.name as role
      from user_roles ur
      join roles r on r.id = ur.role_id and r.idstate = 0
      join role_privileges rp on rp.role_id = ur.role_id and rp.application_id = ur.application_id
      join privileges p on p.id = rp.privilege_id
     where ur.user_id = ${userId}::uuid
     order by r.name`.execute(db);
  return held.rows
    .filter((a) => (a.privileges ?? []).length > 0)
    .map((a) => ({
      application: a.name,
      title: a.title,
      privileges: (a.privileges ?? []).map((name) => ({
        name,
        roles: givers.rows.filter((g) => g.application_id === a.id && g.privilege === name).map((g) => g.role),
      })),
    }));
}

/** Whether a user exists and is not deleted. */
export async function userExists(db: Executor, userId: string): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('id', '=', userId).where('deleted', '=', false).executeTakeFirst());
}
