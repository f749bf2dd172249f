import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  ACCESS_MESSAGES,
  AccessIdHeadersSchema,
  AccessWriteResultSchema,
  ApplicationsOfPrivilegeResultSchema,
  CountRolesByUserHeadersSchema,
  CountRolesByUserResultSchema,
  CreatePrivilegeRequestSchema,
  CreateRoleRequestSchema,
  INFORMATION_CODES,
  ModifyPrivilegeRequestSchema,
  ModifyRoleRequestSchema,
  PrivilegeListHeadersSchema,
  PrivilegeListResultSchema,
  PrivilegeRolesResultSchema,
  RoleAdminListResultSchema,
  RoleApplicationsResultSchema,
  RoleListHeadersSchema,
  RoleListResultSchema,
  RoleModifyBodySchema,
  RoleStateRequestSchema,
  RoleUsersHeadersSchema,
  RoleUsersResultSchema,
  USER_MESSAGES,
  UserPrivilegesHeadersSchema,
  UserPrivilegesResultSchema,
  isRoleStateChange,
  type AccessWriteResult,
  type ApplicationsOfPrivilegeResult,
  type CountRolesByUserResult,
  type Envelope,
  type PrivilegeListResult,
  type PrivilegeRolesResult,
  type RoleAdminListResult,
  type RoleApplicationsResult,
  type RoleListResult,
  type RoleUsersResult,
  type UserPrivilegesResult,
} from '@suite/shared/contracts';
import { ApiError, parseInput } from '../../http/errors';
import { decodeHeaderText, first, pickHeaders } from '../../http/headers';
import { requirePrivilege } from '../../security/auth';
import { actorOf } from '../audit/audit';
import { actorGrants } from './guard';
import {
  applicationsOfPrivilege,
  findPrivilege,
  findRole,
  findVisibleApplicationId,
  listPrivileges,
  listRolesWithApplications,
  privilegesHeldBy,
  roleApplicationsOf,
  roleCountsByApplication,
  rolesGrantingPrivilege,
  rolesWithAssignment,
  userExists,
  assignableApplications,
} from './queries';
import { createPrivilege, createRole, modifyPrivilege, modifyRole, privilegeNotFound, roleNotFound, setRoleState, unknownForList, type AccessChange } from './service';

/**
 * Roles and privileges (console spec §2-§7): the lists and cards of both sections, their writes,
 * and who holds what (ours). Reads need PRIVILEGES_READ / ROLES_READ, writes PRIVILEGES_WRITE /
 * ROLES_WRITE; the user card's role calls keep USERS_READ. Hidden applications (RESETOTP) never
 * appear. A write that changes what roles grant drops the cached grants once committed (every
 * other instance drops them on the NOTIFY the service sent in the transaction).
 */
export default async function accessRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  const answer = (change: AccessChange): Envelope<AccessWriteResult> => {
    if (change.grantsChanged) app.ctx.access.dropAll();
    return { statusCode: 200, result: { information: change.information, informationCode: INFORMATION_CODES.success, id: change.id } };
  };

  // ------------------------------------------------------------ privileges

  // the role card lists privileges too
  app.get('/api/privilege/list', { preHandler: requirePrivilege('PRIVILEGES_READ', 'ROLES_READ'), config: { contract: { summary: 'List privileges', tag: 'privileges', headers: PrivilegeListHeadersSchema, result: PrivilegeListResultSchema, auth: ['PRIVILEGES_READ', 'ROLES_READ'] } } }, async (request): Promise<Envelope<PrivilegeListResult>> => {
    const headers = parseInput(PrivilegeListHeadersSchema, pickHeaders(request, ['application', 'rol']), 'headers');
    let applicationId: number | null = null;
    if (headers.application) {
      applicationId = (await findVisibleApplicationId(db, headers.application)) ?? null;
      if (applicationId === null) throw unknownForList(ACCESS_MESSAGES.applicationUnknown);
    }
    if (headers.rol !== '' && !(await findRole(db, headers.rol))) throw unknownForList(ACCESS_MESSAGES.roleUnknown);
    const records = await listPrivileges(db, { applicationId, roleId: headers.rol === '' ? null : headers.rol });
    if (applicationId === null) return { statusCode: 200, result: { records, count: records.length } };
    // the role card offers only what the caller may give in that application (guard.ts)
    const grants = await actorGrants(db, actorOf(request));
    const givable = records.map((record) => ({ ...record, givable: grants?.has(`${applicationId}:${record.id}`) ?? false }));
    return { statusCode: 200, result: { records: givable, count: givable.length } };
  });

  app.post('/api/privilege/create', { preHandler: requirePrivilege('PRIVILEGES_WRITE'), config: { contract: { summary: 'Create a privilege', tag: 'privileges', body: CreatePrivilegeRequestSchema, result: AccessWriteResultSchema, auth: ['PRIVILEGES_WRITE'] } } }, async (request): Promise<Envelope<AccessWriteResult>> => {
    return answer(await createPrivilege(db, actorOf(request), parseInput(CreatePrivilegeRequestSchema, request.body)));
  });

  app.post('/api/privilege/modify', { preHandler: requirePrivilege('PRIVILEGES_WRITE'), config: { contract: { summary: 'Modify a privilege, its state or its applications', tag: 'privileges', body: ModifyPrivilegeRequestSchema, result: AccessWriteResultSchema, auth: ['PRIVILEGES_WRITE'] } } }, async (request): Promise<Envelope<AccessWriteResult>> => {
    return answer(await modifyPrivilege(db, actorOf(request), parseInput(ModifyPrivilegeRequestSchema, request.body)));
  });

  app.get('/api/application/getApplicationsByIdPrivilege', { preHandler: requirePrivilege('PRIVILEGES_READ', 'ROLES_READ'), config: { contract: { summary: 'Applications holding a privilege', tag: 'privileges', headers: AccessIdHeadersSchema, result: ApplicationsOfPrivilegeResultSchema, auth: ['PRIVILEGES_READ', 'ROLES_READ'] } } }, async (request): Promise<Envelope<ApplicationsOfPrivilegeResult>> => {
    const { id } = parseInput(AccessIdHeadersSchema, pickHeaders(request, ['id']), 'headers');
    if (!(await findPrivilege(db, id))) throw privilegeNotFound();
    const records = await applicationsOfPrivilege(db, id);
    return { statusCode: 200, result: { records, count: records.length } };
  });

  // the privilege and role cards' application pickers (RESETOTP and other hidden applications never)
  app.get('/api/application/getApplicationsForAssignAccess', { preHandler: requirePrivilege('PRIVILEGES_READ', 'ROLES_READ'), config: { contract: { summary: 'Applications a privilege or a role may be given', tag: 'privileges', result: ApplicationsOfPrivilegeResultSchema, auth: ['PRIVILEGES_READ', 'ROLES_READ'] } } }, async (): Promise<Envelope<ApplicationsOfPrivilegeResult>> => {
    const records = await assignableApplications(db);
    return { statusCode: 200, result: { records, count: records.length } };
  });

  app.get('/api/privilege/roles', { preHandler: requirePrivilege('PRIVILEGES_READ'), config: { contract: { summary: 'Roles giving a privilege, per application', tag: 'privileges', headers: AccessIdHeadersSchema, result: PrivilegeRolesResultSchema, auth: ['PRIVILEGES_READ'] } } }, async (request): Promise<Envelope<PrivilegeRolesResult>> => {
    const { id } = parseInput(AccessIdHeadersSchema, pickHeaders(request, ['id']), 'headers');
    if (!(await findPrivilege(db, id))) throw privilegeNotFound();
    return { statusCode: 200, result: { records: await rolesGrantingPrivilege(db, id) } };
  });

  // ------------------------------------------------------------ roles

  // the user card (application and user headers) and the roles screen (neither) share the call
  app.get('/api/role/list', { preHandler: requirePrivilege('USERS_READ', 'ROLES_READ'), config: { contract: { summary: "Roles: of an application with a user's assignment, or every role with its applications", tag: 'roles', headers: RoleListHeadersSchema, result: v.union([RoleListResultSchema, RoleAdminListResultSchema]), auth: ['USERS_READ', 'ROLES_READ'] } } }, async (request): Promise<Envelope<RoleListResult | RoleAdminListResult>> => {
    const headers = parseInput(RoleListHeadersSchema, pickHeaders(request, ['application', 'user']), 'headers');
    if (!headers.application && !headers.user) {
      const records = await listRolesWithApplications(db);
      return { statusCode: 200, result: { records, count: records.length } };
    }
    let applicationId: number | null = null;
    if (headers.application) {
      const found = await findVisibleApplicationId(db, headers.application);
      // the card empties its list on R11
      if (found === undefined) throw new ApiError(404, USER_MESSAGES.applicationUnknown, INFORMATION_CODES.badCredentials);
      applicationId = found;
    }
    const records = await rolesWithAssignment(db, applicationId, headers.user || null);
    return { statusCode: 200, result: { records, count: records.length } };
  });

  app.get('/api/application/GetCountRolesByUser', { preHandler: requirePrivilege('USERS_READ'), config: { contract: { summary: 'Roles offered and held per application', tag: 'roles', headers: CountRolesByUserHeadersSchema, result: CountRolesByUserResultSchema, auth: ['USERS_READ'] } } }, async (request): Promise<Envelope<CountRolesByUserResult>> => {
    const { user } = parseInput(CountRolesByUserHeadersSchema, pickHeaders(request, ['user']), 'headers');
    return { statusCode: 200, result: { records: await roleCountsByApplication(db, user || null) } };
  });

  app.get('/api/application/applicationId', { preHandler: requirePrivilege('ROLES_READ'), config: { contract: { summary: "A role's applications and their privileges", tag: 'roles', headers: AccessIdHeadersSchema, result: RoleApplicationsResultSchema, auth: ['ROLES_READ'] } } }, async (request): Promise<Envelope<RoleApplicationsResult>> => {
    const { id } = parseInput(AccessIdHeadersSchema, pickHeaders(request, ['id']), 'headers');
    if (!(await findRole(db, id))) throw roleNotFound();
    return { statusCode: 200, result: { records: (await roleApplicationsOf(db, [id])).get(id) ?? [] } };
  });

  app.post('/api/role/create', { preHandler: requirePrivilege('ROLES_WRITE'), config: { contract: { summary: 'Create a role', tag: 'roles', body: CreateRoleRequestSchema, result: AccessWriteResultSchema, auth: ['ROLES_WRITE'] } } }, async (request): Promise<Envelope<AccessWriteResult>> => {
    return answer(await createRole(db, actorOf(request), parseInput(CreateRoleRequestSchema, request.body)));
  });

  app.post('/api/role/modify', { preHandler: requirePrivilege('ROLES_WRITE'), config: { contract: { summary: 'Switch a role on or off, or save the whole role', tag: 'roles', body: RoleModifyBodySchema, result: AccessWriteResultSchema, auth: ['ROLES_WRITE'] } } }, async (request): Promise<Envelope<AccessWriteResult>> => {
    if (isRoleStateChange(request.body)) {
      const { id, idstate } = parseInput(RoleStateRequestSchema, request.body);
      return answer(await setRoleState(db, actorOf(request), id, idstate));
    }
    return answer(await modifyRole(db, actorOf(request), parseInput(ModifyRoleRequestSchema, request.body)));
  });

  app.get('/api/role/users', { preHandler: requirePrivilege('ROLES_READ'), config: { contract: { summary: 'Users holding a role', tag: 'roles', headers: RoleUsersHeadersSchema, result: RoleUsersResultSchema, auth: ['ROLES_READ'] } } }, async (request): Promise<Envelope<RoleUsersResult>> => {
    const headers = parseInput(
      RoleUsersHeadersSchema,
      { id: first(request.headers.id)?.trim(), search: decodeHeaderText(first(request.headers.search)), pages: first(request.headers.pages)?.replace(/\s+/g, '') },
      'headers',
    );
    if (!(await findRole(db, headers.id))) throw roleNotFound();
    const [page, size] = headers.pages.split(',').map(Number);
    return { statusCode: 200, result: await app.ctx.roleHolders.page(headers.id, headers.search, Math.max(1, page), size) };
  });

  app.get('/api/user/privileges', { preHandler: requirePrivilege('USERS_READ'), config: { contract: { summary: 'Privileges a user holds now, per application, and the roles giving them', tag: 'users', headers: UserPrivilegesHeadersSchema, result: UserPrivilegesResultSchema, auth: ['USERS_READ'] } } }, async (request): Promise<Envelope<UserPrivilegesResult>> => {
    const { user } = parseInput(UserPrivilegesHeadersSchema, pickHeaders(request, ['user']), 'headers');
    if (!(await userExists(db, user))) throw new ApiError(404, USER_MESSAGES.notFound, INFORMATION_CODES.notFound);
    return { statusCode: 200, result: { records: await privilegesHeldBy(db, user) } };
  });
}
