import { ApiError, apiClient } from '@suite/shared';
import type { PageSize } from '@suite/shared/console';
import {
  type AccessWriteResult,
  type ApplicationSummary,
  type ApplicationsOfPrivilegeResult,
  type PrivilegeListResult,
  type PrivilegeRecord,
  type PrivilegeRolesRecord,
  type PrivilegeRolesResult,
  type RoleAdminListResult,
  type RoleAdminRecord,
  type RoleApplicationRecord,
  type RoleApplicationsResult,
  type RoleUsersResult,
} from '@suite/shared/console';

/**
 * Typed calls of the roles and privileges sections (console spec §7 "Privileges", "Roles"),
 * through the page's API client (auth header, refresh on 401, privileges dialog on 403).
 * Failures throw ApiError; the caller shows its message.
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

/** GET /api/privilege/list: every privilege, or those an application holds; R11 (unknown application) empties it (§8). */
export async function fetchPrivileges(application?: string): Promise<PrivilegeRecord[]> {
  try {
    const reply = await apiClient.get<PrivilegeListResult>('privilege/list', { headers: application ? { application } : {} });
    return reply.result?.records ?? [];
  } catch (error) {
    if (error instanceof ApiError && error.informationCode === 'R11') return [];
    throw error;
  }
}

/** POST /api/privilege/create. */
export async function createPrivilege(body: PrivilegeBody): Promise<AccessWriteResult> {
  return (await apiClient.post<AccessWriteResult>('privilege/create', body)).result;
}

/** POST /api/privilege/modify: the whole privilege (state and licence switches included). */
export async function modifyPrivilege(body: PrivilegeBody & { id: number; idstate: number }): Promise<AccessWriteResult> {
  return (await apiClient.post<AccessWriteResult>('privilege/modify', body)).result;
}

/** GET /api/application/getApplicationsByIdPrivilege: the visible applications holding a privilege. */
export async function fetchApplicationsOfPrivilege(id: number): Promise<ApplicationSummary[]> {
  const reply = await apiClient.get<ApplicationsOfPrivilegeResult>('application/getApplicationsByIdPrivilege', { headers: { id: String(id) } });
  return reply.result?.records ?? [];
}

/** GET /api/privilege/roles: per application, the roles that give the privilege there. */
export async function fetchPrivilegeRoles(id: number): Promise<PrivilegeRolesRecord[]> {
  const reply = await apiClient.get<PrivilegeRolesResult>('privilege/roles', { headers: { id: String(id) } });
  return reply.result?.records ?? [];
}

/** GET /api/application/getApplicationsForAssignAccess: the (visible) applications a privilege or a role may be given. */
export async function fetchApplications(): Promise<ApplicationSummary[]> {
  const reply = await apiClient.get<ApplicationsOfPrivilegeResult>('application/getApplicationsForAssignAccess');
  return reply.result?.records ?? [];
}

/** GET /api/role/list without headers: every role with its applications. */
export async function fetchRoles(): Promise<RoleAdminRecord[]> {
  const reply = await apiClient.get<RoleAdminListResult>('role/list');
  return reply.result?.records ?? [];
}

/** GET /api/application/applicationId (header id = role id): the role's applications and privileges. */
export async function fetchRoleApplications(id: number): Promise<RoleApplicationRecord[]> {
  const reply = await apiClient.get<RoleApplicationsResult>('application/applicationId', { headers: { id: String(id) } });
  return reply.result?.records ?? [];
}

/** POST /api/role/create. */
export async function createRole(body: RoleBody): Promise<AccessWriteResult> {
  return (await apiClient.post<AccessWriteResult>('role/create', body)).result;
}

/** POST /api/role/modify with the whole role. */
export async function modifyRole(body: RoleBody & { id: number }): Promise<AccessWriteResult> {
  return (await apiClient.post<AccessWriteResult>('role/modify', body)).result;
}

/** POST /api/role/modify switching the state only: `{ id, description, idstate }`. */
export async function setRoleState(body: { id: number; description: string; idstate: number }): Promise<AccessWriteResult> {
  return (await apiClient.post<AccessWriteResult>('role/modify', body)).result;
}

/** GET /api/role/users: one page of the users holding a role, searched on the server. */
export async function fetchRoleUsers(id: number, { search, page, pageSize }: { search: string; page: number; pageSize: PageSize }): Promise<RoleUsersResult> {
  const reply = await apiClient.get<RoleUsersResult>('role/users', {
    headers: { id: String(id), search: encodeURIComponent(search), pages: `${page},${pageSize}` },
  });
  return { users: reply.result?.users ?? [], rows: reply.result?.rows ?? 0, rowsCapped: reply.result?.rowsCapped };
}
