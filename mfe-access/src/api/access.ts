import { ApiError, INFORMATION_CODES, call } from '@suite/shared';
import {
  accessApi,
  type AccessWriteResult,
  type ApplicationSummary,
  type PageSize,
  type PrivilegeRecord,
  type PrivilegeRolesRecord,
  type RoleAdminListResult,
  type RoleAdminRecord,
  type RoleApplicationRecord,
  type RoleUsersResult,
} from '@suite/shared/console';

/**
 * The roles and privileges sections' calls (docs/product/access.md, Calls), each through
 * its declaration (accessApi) and the page's API client (auth header, refresh on 401, privileges
 * dialog on 403). Failures throw ApiError; the caller shows its message.
 */

/** A privilege as POST /api/privilege/create takes it. */
export interface PrivilegeBody {
  name: string;
  description: string;
  licence: boolean;
  isAuditable: boolean;
  application: string[];
}

/** A role as POST /api/role/create takes it. */
export interface RoleBody {
  name: string;
  description: string;
  alias: string;
  application: Array<{ name: string; privilege: string[]; isVisible: boolean }>;
}

/** Every privilege, or those an application holds; R11 (unknown application) empties it. */
export async function fetchPrivileges(application?: string): Promise<PrivilegeRecord[]> {
  try {
    return (await call(accessApi.privilegeList, { headers: application ? { application } : {} })).records ?? [];
  } catch (error) {
    // R11 is the code of a failed sign-in and of an unknown application alike (docs/security/codes.md)
    if (error instanceof ApiError && error.informationCode === INFORMATION_CODES.badCredentials) return [];
    throw error;
  }
}

export function createPrivilege(body: PrivilegeBody): Promise<AccessWriteResult> {
  return call(accessApi.privilegeCreate, { body });
}

/** The whole privilege (state and licence switches included). */
export function modifyPrivilege(body: PrivilegeBody & { id: number; idstate: number }): Promise<AccessWriteResult> {
  return call(accessApi.privilegeModify, { body });
}

/** The visible applications holding a privilege. */
export async function fetchApplicationsOfPrivilege(id: number): Promise<ApplicationSummary[]> {
  return (await call(accessApi.applicationsOfPrivilege, { headers: { id: String(id) } })).records ?? [];
}

/** Per application, the roles that give the privilege there. */
export async function fetchPrivilegeRoles(id: number): Promise<PrivilegeRolesRecord[]> {
  return (await call(accessApi.privilegeRoles, { headers: { id: String(id) } })).records ?? [];
}

/** The (visible) applications a privilege or a role may be given. */
export async function fetchApplications(): Promise<ApplicationSummary[]> {
  return (await call(accessApi.assignableApplications)).records ?? [];
}

/** Without headers: every role with its applications. */
export async function fetchRoles(): Promise<RoleAdminRecord[]> {
  return ((await call(accessApi.roleList, { headers: {} })) as RoleAdminListResult).records ?? [];
}

/** The role's applications and privileges. */
export async function fetchRoleApplications(id: number): Promise<RoleApplicationRecord[]> {
  return (await call(accessApi.roleApplications, { headers: { id: String(id) } })).records ?? [];
}

export function createRole(body: RoleBody): Promise<AccessWriteResult> {
  return call(accessApi.roleCreate, { body });
}

/** The whole role. */
export function modifyRole(body: RoleBody & { id: number }): Promise<AccessWriteResult> {
  return call(accessApi.roleModify, { body });
}

/** Switches the state only: `{ id, description, idstate }`. */
export function setRoleState(body: { id: number; description: string; idstate: number }): Promise<AccessWriteResult> {
  return call(accessApi.roleModify, { body });
}

/** One page of the users holding a role, searched on the server. */
export async function fetchRoleUsers(
  id: number,
  { search, page, pageSize }: { search: string; page: number; pageSize: PageSize },
): Promise<RoleUsersResult> {
  const result = await call(accessApi.roleUsers, { headers: { id: String(id), search, pages: `${page},${pageSize}` } });
  return { users: result.users ?? [], rows: result.rows ?? 0, rowsCapped: result.rowsCapped };
}
