import { apiClient } from '@suite/shared';
import {
  type ApplicationOption,
  type ApplicationOptionsResult,
  type MenuImageResult,
  type MenuListResult,
  type MenuLocation,
  type MenuPrivilegesResult,
  type MenuRecord,
  type MenuWriteResult,
  type UserListResult,
  type UserRow,
} from '@suite/shared/console';

/**
 * Typed calls of menu settings (console spec §7 "Menus"), through the page's API client (auth
 * header, refresh on 401, privileges dialog on 403). Failures throw ApiError; the caller shows
 * its message and keeps the edits.
 */

/** GET /api/application/getApplicationsForAssignMenu: the visible, active applications. */
export async function fetchMenuApplications(): Promise<ApplicationOption[]> {
  return (await apiClient.get<ApplicationOptionsResult>('application/getApplicationsForAssignMenu')).result.records;
}

/** GET /api/menu/GetMenuByApp: the stored menu, or id 0 with '[]' when there is none yet. */
export async function fetchMenu(idapplication: number, location: MenuLocation): Promise<MenuRecord> {
  return (await apiClient.get<MenuRecord>('menu/GetMenuByApp', { headers: { idapplication: String(idapplication), idmenulocation: String(location) } })).result;
}

/** GET /api/menu/privileges: the privileges the application holds, for the item form. */
export async function fetchMenuPrivileges(idapplication: number): Promise<string[]> {
  return (await apiClient.get<MenuPrivilegesResult>('menu/privileges', { headers: { idapplication: String(idapplication) } })).result.records.map((p) => p.name);
}

/** Create (id 0) or Modify (with the version loaded: a stale save is refused). */
export async function saveMenu(menu: MenuRecord, items: unknown[]): Promise<MenuWriteResult> {
  const body = { idapplication: menu.idapplication, idmenulocation: menu.idmenulocation, numberRows: menu.numberRows, menujson: JSON.stringify(items) };
  if (menu.id === 0) return (await apiClient.post<MenuWriteResult>('menu/Create', { id: 0, ...body })).result;
  return (await apiClient.post<MenuWriteResult>('menu/Modify', { id: menu.id, version: menu.version, ...body })).result;
}

/** POST /api/menu/UploadImageMenu: a PNG as base64; answers the path it is served at. */
export async function uploadMenuImage(application: string, file: { name: string; base64: string }): Promise<string> {
  const reply = await apiClient.post<MenuImageResult>('menu/UploadImageMenu', { ApplicationName: application, Extension: '.png', ImageBase64: file.base64, FileName: file.name });
  return reply.result.relativePath;
}

/** GET /api/user/list (USERS_READ): users matching a search, for "see as user". */
export async function searchUsers(search: string): Promise<UserRow[]> {
  const reply = await apiClient.get<UserListResult>('user/list', { headers: { customerSearch: encodeURIComponent(search), pages: '1,10', filterBy: '3' } });
  return reply.result.users;
}

/** GET /api/menu/list with userid: the application's menus as that user gets them, privileges applied. */
export async function fetchMenusAsUser(userId: string, idapplication: number): Promise<MenuRecord[]> {
  return (await apiClient.get<MenuListResult>('menu/list', { headers: { userid: userId, idapplication: String(idapplication) } })).result.records;
}
