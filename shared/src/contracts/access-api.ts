import * as v from 'valibot';
import {
  AccessIdHeadersSchema,
  AccessWriteResultSchema,
  ApplicationsOfPrivilegeResultSchema,
  CreatePrivilegeRequestSchema,
  CreateRoleRequestSchema,
  ModifyPrivilegeRequestSchema,
  PrivilegeListHeadersSchema,
  PrivilegeListResultSchema,
  PrivilegeRolesResultSchema,
  RoleAdminListResultSchema,
  RoleApplicationsResultSchema,
  RoleModifyBodySchema,
  RoleUsersHeadersSchema,
  RoleUsersResultSchema,
  UserPrivilegesHeadersSchema,
  UserPrivilegesResultSchema,
} from './access';
import { CountRolesByUserHeadersSchema, CountRolesByUserResultSchema, RoleListHeadersSchema, RoleListResultSchema } from './users-catalogs';
import { endpoint } from './endpoint';

/**
 * Roles and privileges (docs/product/access.md): the lists and cards of both sections, their
 * writes, and who holds what. Reads need PRIVILEGES_READ / ROLES_READ, writes PRIVILEGES_WRITE /
 * ROLES_WRITE; the user card's role calls keep USERS_READ.
 */
export const accessApi = {
  /** The role card lists privileges too (with `application`: which the caller may give). */
  privilegeList: endpoint({
    method: 'GET',
    path: '/api/privilege/list',
    summary: 'List privileges',
    tag: 'privileges',
    headers: PrivilegeListHeadersSchema,
    result: PrivilegeListResultSchema,
    access: ['PRIVILEGES_READ', 'ROLES_READ'],
  }),
  privilegeCreate: endpoint({
    method: 'POST',
    path: '/api/privilege/create',
    summary: 'Create a privilege',
    tag: 'privileges',
    body: CreatePrivilegeRequestSchema,
    result: AccessWriteResultSchema,
    access: ['PRIVILEGES_WRITE'],
    audited: true,
  }),
  privilegeModify: endpoint({
    method: 'POST',
    path: '/api/privilege/modify',
    summary: 'Modify a privilege, its state or its applications',
    tag: 'privileges',
    body: ModifyPrivilegeRequestSchema,
    result: AccessWriteResultSchema,
    access: ['PRIVILEGES_WRITE'],
    audited: true,
  }),
  applicationsOfPrivilege: endpoint({
    method: 'GET',
    path: '/api/application/getApplicationsByIdPrivilege',
    summary: 'Applications holding a privilege',
    tag: 'privileges',
    headers: AccessIdHeadersSchema,
    result: ApplicationsOfPrivilegeResultSchema,
    access: ['PRIVILEGES_READ', 'ROLES_READ'],
  }),
  /** The privilege and role cards' application pickers (hidden applications never). */
  assignableApplications: endpoint({
    method: 'GET',
    path: '/api/application/getApplicationsForAssignAccess',
    summary: 'Applications a privilege or a role may be given',
    tag: 'privileges',
    result: ApplicationsOfPrivilegeResultSchema,
    access: ['PRIVILEGES_READ', 'ROLES_READ'],
  }),
  privilegeRoles: endpoint({
    method: 'GET',
    path: '/api/privilege/roles',
    summary: 'Roles giving a privilege, per application',
    tag: 'privileges',
    headers: AccessIdHeadersSchema,
    result: PrivilegeRolesResultSchema,
    access: ['PRIVILEGES_READ'],
  }),
  /** The user card (application and user headers) and the roles screen (neither) share the call. */
  roleList: endpoint({
    method: 'GET',
    path: '/api/role/list',
    summary: "Roles: of an application with a user's assignment, or every role with its applications",
    tag: 'roles',
    headers: RoleListHeadersSchema,
    result: v.union([RoleListResultSchema, RoleAdminListResultSchema]),
    access: ['USERS_READ', 'ROLES_READ'],
  }),
  roleCountsByUser: endpoint({
    method: 'GET',
    path: '/api/application/GetCountRolesByUser',
    summary: 'Roles offered and held per application',
    tag: 'roles',
    headers: CountRolesByUserHeadersSchema,
    result: CountRolesByUserResultSchema,
    access: ['USERS_READ'],
  }),
  roleApplications: endpoint({
    method: 'GET',
    path: '/api/application/applicationId',
    summary: "A role's applications and their privileges",
    tag: 'roles',
    headers: AccessIdHeadersSchema,
    result: RoleApplicationsResultSchema,
    access: ['ROLES_READ'],
  }),
  roleCreate: endpoint({
    method: 'POST',
    path: '/api/role/create',
    summary: 'Create a role',
    tag: 'roles',
    body: CreateRoleRequestSchema,
    result: AccessWriteResultSchema,
    access: ['ROLES_WRITE'],
    audited: true,
  }),
  /** Either a state change ({ id, idstate }) or the whole role. */
  roleModify: endpoint({
    method: 'POST',
    path: '/api/role/modify',
    summary: 'Switch a role on or off, or save the whole role',
    tag: 'roles',
    body: RoleModifyBodySchema,
    result: AccessWriteResultSchema,
    access: ['ROLES_WRITE'],
    audited: true,
  }),
  roleUsers: endpoint({
    method: 'GET',
    path: '/api/role/users',
    summary: 'Users holding a role',
    tag: 'roles',
    headers: RoleUsersHeadersSchema,
    result: RoleUsersResultSchema,
    access: ['ROLES_READ'],
  }),
  userPrivileges: endpoint({
    method: 'GET',
    path: '/api/user/privileges',
    summary: 'Privileges a user holds now, per application, and the roles giving them',
    tag: 'users',
    headers: UserPrivilegesHeadersSchema,
    result: UserPrivilegesResultSchema,
    access: ['USERS_READ'],
  }),
} as const;
