import {
  CreateMenuRequestSchema,
  MenuByAppHeadersSchema,
  MenuByUserHeadersSchema,
  MenuImageResultSchema,
  MenuListHeadersSchema,
  MenuListResultSchema,
  MenuPrivilegesHeadersSchema,
  MenuPrivilegesResultSchema,
  MenuRecordSchema,
  MenuWriteResultSchema,
  ModifyMenuHeadersSchema,
  ModifyMenuRequestSchema,
  UploadMenuImageRequestSchema,
} from './menus';
import { endpoint, type Endpoint } from './endpoint';

/**
 * The menus section and the menu a signed-in person sees (docs/product/menus.md): the editor's
 * reads (MENUS_READ) and saves (MENUS_WRITE), and the caller's own menu (any valid token:
 * privileges decide what is in it).
 */
export const menusApi = {
  menuCreate: endpoint({
    method: 'POST',
    path: '/api/menu/Create',
    summary: 'Create the menu of an application and location',
    tag: 'menus',
    body: CreateMenuRequestSchema,
    result: MenuWriteResultSchema,
    access: ['MENUS_WRITE'],
    audited: true,
  }),
  /**
   * The stale-write guard is optional: `version` in the body or the `If-Match` header (the ETag of
   * GetMenuByApp); without either the last write wins (docs/product/menus.md, Rules).
   */
  menuModify: endpoint({
    method: 'POST',
    path: '/api/menu/Modify',
    summary: 'Replace a menu (with version or If-Match: refused when it changed since it was loaded)',
    tag: 'menus',
    body: ModifyMenuRequestSchema,
    headers: ModifyMenuHeadersSchema,
    result: MenuWriteResultSchema,
    access: ['MENUS_WRITE'],
    audited: true,
  }),
  menuByApp: endpoint({
    method: 'GET',
    path: '/api/menu/GetMenuByApp',
    summary: 'The menu of an application and location, as stored (id 0: none yet); its version as the ETag',
    tag: 'menus',
    headers: MenuByAppHeadersSchema,
    result: MenuRecordSchema,
    access: ['MENUS_READ'],
  }),
  /** With `userid`: the menus as that user gets them ("see as user"). */
  menuList: endpoint({
    method: 'GET',
    path: '/api/menu/list',
    summary: 'Menus as stored, or (userid) as that user gets them',
    tag: 'menus',
    headers: MenuListHeadersSchema,
    result: MenuListResultSchema,
    access: ['MENUS_READ'],
  }),
  /** The shell's menus: inactive items and those the caller's privileges do not open are left out. */
  menuByUser: endpoint({
    method: 'GET',
    path: '/api/menu/GetMenuByUser',
    summary: "The caller's menu of an application and location: active items they hold a privilege for",
    tag: 'menus',
    headers: MenuByUserHeadersSchema,
    result: MenuListResultSchema,
    access: 'session',
  }),
  menuPrivileges: endpoint({
    method: 'GET',
    path: '/api/menu/privileges',
    summary: "The privileges an application holds, which its menu's items may require",
    tag: 'menus',
    headers: MenuPrivilegesHeadersSchema,
    result: MenuPrivilegesResultSchema,
    access: ['MENUS_READ'],
  }),
  menuImageUpload: endpoint({
    method: 'POST',
    path: '/api/menu/UploadImageMenu',
    summary: 'Upload a menu image (PNG, at most 2 MB)',
    tag: 'menus',
    body: UploadMenuImageRequestSchema,
    result: MenuImageResultSchema,
    access: ['MENUS_WRITE'],
    audited: true,
  }),
} as const satisfies Record<string, Endpoint>;
