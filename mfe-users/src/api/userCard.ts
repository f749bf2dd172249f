import { ApiError, INFORMATION_CODES, call, getRuntimeConfig, type DocumentTypeRecord } from '@suite/shared';
import {
  accessApi,
  usersApi,
  type CreateUserRequest,
  type ModifyUserRequest,
  type UserPrivilegesRecord,
  type UserWriteResult,
  type ActivateDeletedUserResult,
  type AppRoleCountRecord,
  type CompanyRecord,
  type CountryRecord,
  type RoleListResult,
  type RoleRecord,
  type UserDetail,
  type UserExistsResult,
  type UserTypeRecord,
} from '@suite/shared/console';

/**
 * Typed calls of the user card (docs/product/users.md, Calls), each through its declaration (usersApi,
 * accessApi) and the page's API client (auth header, refresh on 401, privileges dialog on 403).
 * Failures throw ApiError; the caller shows `error.message`.
 */

/** The user, or null when it does not exist. */
export async function fetchUser(id: string): Promise<UserDetail | null> {
  try {
    return (await call(usersApi.userById, { headers: { pid: id.toLowerCase() } })).records?.[0] ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Which field a duplicate check is about. */
export type UniqueField = 'userName' | 'email';

/** A10 in use, A20 used by a deleted user, R11 free. `exceptId` leaves the edited user's own value out. */
export function checkUserExists(field: UniqueField, value: string, exceptId?: string): Promise<UserExistsResult> {
  return call(usersApi.userExists, { body: { [field]: value, ...(exceptId ? { id: exceptId } : {}) } });
}

/** Brings a deleted user back; the reply carries it. */
export function activateDeletedUser(id: string): Promise<ActivateDeletedUserResult> {
  return call(usersApi.userReactivate, { body: { id } });
}

export function createUser(body: CreateUserRequest): Promise<UserWriteResult> {
  return call(usersApi.userCreate, { body });
}

/** Companies and roles are replaced only when sent. */
export function modifyUser(body: ModifyUserRequest): Promise<UserWriteResult> {
  return call(usersApi.userModify, { body });
}

export async function fetchUserTypes(): Promise<UserTypeRecord[]> {
  return (await call(usersApi.userTypes)).records ?? [];
}

/** A failure gives no countries: it fails silently (docs/product/users.md, Calls). */
export async function fetchCountries(): Promise<CountryRecord[]> {
  try {
    const countries = await call(usersApi.countries);
    return Array.isArray(countries) ? countries : [];
  } catch {
    return [];
  }
}

/** The document types of a country code; silent on failure. */
export async function fetchDocumentTypes(countryCode: string): Promise<DocumentTypeRecord[]> {
  try {
    return (
      (await call(usersApi.documentTypes, { headers: { code: countryCode, appName: getRuntimeConfig().appName } })).listDocumentType ?? []
    );
  } catch {
    return [];
  }
}

/** Every company with the user's flags (none for a new user). */
export async function fetchCompanies(userId?: string): Promise<CompanyRecord[]> {
  return (await call(usersApi.customers, { headers: userId ? { userid: userId } : {} })).customers ?? [];
}

/** The applications with their role counters. */
export async function fetchApplicationRoleCounts(userId?: string): Promise<AppRoleCountRecord[]> {
  return (await call(accessApi.roleCountsByUser, { headers: userId ? { user: userId } : {} })).records ?? [];
}

/** Per application, each privilege the user holds now and the roles giving it. */
export async function fetchHeldPrivileges(userId: string): Promise<UserPrivilegesRecord[]> {
  return (await call(accessApi.userPrivileges, { headers: { user: userId } })).records ?? [];
}

/** An application's active roles, with the user's assignment; R11 empties the list. */
export async function fetchApplicationRoles(application: string, userId?: string): Promise<RoleRecord[]> {
  try {
    const reply = (await call(accessApi.roleList, { headers: { application, ...(userId ? { user: userId } : {}) } })) as RoleListResult;
    return reply.records ?? [];
  } catch (error) {
    // R11 is the code of a failed sign-in and of an unknown application alike (docs/security/codes.md)
    if (error instanceof ApiError && error.informationCode === INFORMATION_CODES.badCredentials) return [];
    throw error;
  }
}
