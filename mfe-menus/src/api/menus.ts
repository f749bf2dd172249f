import { call } from '@suite/shared';
import {
  applicationsAdminApi,
  menusApi,
  usersApi,
  type ApplicationOption,
  type MenuLocation,
  type MenuRecord,
  type MenuWriteResult,
  type UserRow,
} from '@suite/shared/console';

/**
 * Menu settings' calls (docs/product/menus.md, Calls), each through its declaration (menusApi; the
 * application and user pickers' in applicationsAdminApi and usersApi) and the page's API client
 * (auth header, refresh on 401, privileges dialog on 403). Failures throw ApiError; the caller
 * shows its message and keeps the edits.
 */

/** The visible, active applications a menu may be set for. */
export async function fetchMenuApplications(): Promise<ApplicationOption[]> {
  return (await call(applicationsAdminApi.menuApplications)).records;
}

/** The stored menu, or id 0 with '[]' when there is none yet. */
export async function fetchMenu(idapplication: number, location: MenuLocation): Promise<MenuRecord> {
  return call(menusApi.menuByApp, { headers: { idapplication: String(idapplication), idmenulocation: String(location) } });
}

/** The privileges the application holds, for the item form. */
export async function fetchMenuPrivileges(idapplication: number): Promise<string[]> {
  return (await call(menusApi.menuPrivileges, { headers: { idapplication: String(idapplication) } })).records.map((p) => p.name);
}

/** Create (id 0) or Modify (with the version loaded: a stale save is refused). */
export async function saveMenu(menu: MenuRecord, items: unknown[]): Promise<MenuWriteResult> {
  const body = {
    idapplication: menu.idapplication,
    idmenulocation: menu.idmenulocation,
    numberRows: menu.numberRows,
    menujson: JSON.stringify(items),
  };
  if (menu.id === 0) return call(menusApi.menuCreate, { body: { id: 0, ...body } });
  return call(menusApi.menuModify, { body: { id: menu.id, version: menu.version, ...body } });
}

/** A PNG as base64; answers the path it is served at. */
export async function uploadMenuImage(application: string, file: { name: string; base64: string }): Promise<string> {
  return (
    await call(menusApi.menuImageUpload, {
      body: { ApplicationName: application, Extension: '.png', ImageBase64: file.base64, FileName: file.name },
    })
  ).relativePath;
}

/** Users matching a search (USERS_READ), for "see as user": the first ten, newest first. */
export async function searchUsers(search: string): Promise<UserRow[]> {
  return (await call(usersApi.userList, { headers: { customerSearch: search, pages: '1,10', filterBy: '3' } })).users;
}

/** The application's menus as that user gets them, privileges applied. */
export async function fetchMenusAsUser(userId: string, idapplication: number): Promise<MenuRecord[]> {
  return (await call(menusApi.menuList, { headers: { userid: userId, idapplication: String(idapplication) } })).records;
}
