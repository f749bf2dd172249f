import {
  ApiError,
  apiClient,
  call,
  getRuntimeConfig,
  type ActivateDeletedUserResult,
  type AppRoleCountRecord,
  type CompanyRecord,
  type CountryRecord,
  type CustomersResult,
  type DocumentTypeRecord,
  type DocumentTypesResult,
  type RoleListResult,
  type RoleRecord,
  type UserByIdResult,
  type UserDetail,
  type UserExistsResult,
  type UserTypeRecord,
  type UserTypesResult,
} from '@suite/shared';
import {
  type CreateUserRequest,
  type ModifyUserRequest,
  type UserPrivilegesRecord,
  accessApi,
  type UserWriteResult,
} from '@suite/shared/console';

/**
 * Typed calls of the user card (console spec §7 "Users"), through the page's API client (auth
 * header, refresh on 401, privileges dialog on 403). Failures throw ApiError; the caller shows
 * `error.message`.
 */

/** GET /api/user/GetById (header pid): the user, or null when it does not exist. */
export async function fetchUser(id: string): Promise<UserDetail | null> {
  try {
    const reply = await apiClient.get<UserByIdResult>('user/GetById', { headers: { pid: id.toLowerCase() } });
    return reply.result?.records?.[0] ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Which field a duplicate check is about. */
export type UniqueField = 'userName' | 'email';

/**
 * POST /api/user/getuserexists: A10 in use, A20 used by a deleted user, R11 free. `exceptId`
 * leaves the edited user's own value out.
 */
export async function checkUserExists(field: UniqueField, value: string, exceptId?: string): Promise<UserExistsResult> {
  const reply = await apiClient.post<UserExistsResult>('user/getuserexists', { [field]: value, ...(exceptId ? { id: exceptId } : {}) });
  return reply.result;
}

/** POST /api/user/activateDeletedUser: brings a deleted user back; the reply carries it. */
export async function activateDeletedUser(id: string): Promise<ActivateDeletedUserResult> {
  const reply = await apiClient.post<ActivateDeletedUserResult>('user/activateDeletedUser', { id });
  return reply.result;
}

/** POST /api/user/create. */
export async function createUser(body: CreateUserRequest): Promise<UserWriteResult> {
  return (await apiClient.post<UserWriteResult>('user/create', body)).result;
}

/** POST /api/user/modify: companies and roles are replaced only when sent. */
export async function modifyUser(body: ModifyUserRequest): Promise<UserWriteResult> {
  return (await apiClient.post<UserWriteResult>('user/modify', body)).result;
}

/** GET /api/user/GetTypeUser. */
export async function fetchUserTypes(): Promise<UserTypeRecord[]> {
  const reply = await apiClient.get<UserTypesResult>('user/GetTypeUser');
  return reply.result?.records ?? [];
}

/** GET /api/user/get-countries; a failure gives no countries (console spec §8: fails silently). */
export async function fetchCountries(): Promise<CountryRecord[]> {
  try {
    const reply = await apiClient.get<CountryRecord[]>('user/get-countries');
    return Array.isArray(reply.result) ? reply.result : [];
  } catch {
    return [];
  }
}

/** GET /api/user/get-document-types-create-users for a country code; silent on failure (§8). */
export async function fetchDocumentTypes(countryCode: string): Promise<DocumentTypeRecord[]> {
  try {
    const reply = await apiClient.get<DocumentTypesResult>('user/get-document-types-create-users', {
      headers: { code: countryCode, appName: getRuntimeConfig().appName },
    });
    return reply.result?.listDocumentType ?? [];
  } catch {
    return [];
  }
}

/** GET /api/customer/GetCustomer: every company with the user's flags (none for a new user). */
export async function fetchCompanies(userId?: string): Promise<CompanyRecord[]> {
  const reply = await apiClient.get<CustomersResult>('customer/GetCustomer', { headers: userId ? { userid: userId } : {} });
  return reply.result?.customers ?? [];
}

/** The applications with their role counters. */
export async function fetchApplicationRoleCounts(userId?: string): Promise<AppRoleCountRecord[]> {
  return (await call(accessApi.roleCountsByUser, { headers: userId ? { user: userId } : {} })).records ?? [];
}

/** Per application, each privilege the user holds now and the roles giving it. */
export async function fetchHeldPrivileges(userId: string): Promise<UserPrivilegesRecord[]> {
  return (await call(accessApi.userPrivileges, { headers: { user: userId } })).records ?? [];
}

/** An application's active roles, with the user's assignment; R11 empties the list (§7). */
export async function fetchApplicationRoles(application: string, userId?: string): Promise<RoleRecord[]> {
  try {
    const reply = (await call(accessApi.roleList, { headers: { application, ...(userId ? { user: userId } : {}) } })) as RoleListResult;
    return reply.records ?? [];
  } catch (error) {
    if (error instanceof ApiError && error.informationCode === 'R11') return [];
    throw error;
  }
}
