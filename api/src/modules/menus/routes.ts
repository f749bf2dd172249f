import type { FastifyInstance } from 'fastify';
import {
  CreateMenuRequestSchema,
  INFORMATION_CODES,
  MENU_MESSAGES,
  MenuByAppHeadersSchema,
  MenuByUserHeadersSchema,
  MenuImageResultSchema,
  MenuListHeadersSchema,
  MenuListResultSchema,
  MenuPrivilegesHeadersSchema,
  MenuPrivilegesResultSchema,
  MenuRecordSchema,
  MenuWriteResultSchema,
  ModifyMenuRequestSchema,
  UploadMenuImageRequestSchema,
  type Envelope,
  type MenuImageResult,
  type MenuListResult,
  type MenuPrivilegesResult,
  type MenuRecord,
  type MenuWriteResult,
} from '@suite/shared/contracts';
import { ApiError, parseInput } from '../../http/errors';
import { pickHeaders } from '../../http/headers';
import { authenticate, requirePrivilege, type AuthUser } from '../../security/auth';
import { actorOf } from '../audit/audit';
import { listMenus, privilegesOfApplication, userExists } from './queries';
import { createMenu, menuApplication, menuApplicationNamed, menuOrEmpty, menuSeenWith, modifyMenu, uploadMenuImage, type MenuSaved } from './service';

const written = (saved: MenuSaved): Envelope<MenuWriteResult> => ({
  statusCode: 200,
  result: { information: saved.information, informationCode: INFORMATION_CODES.success, id: saved.id, version: saved.version },
});

/** A base64 PNG of 2 MB is about 2.8 MB of JSON; up to a 6 MB file is read so an oversized one gets the spec's text, not a 413. */
const UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;
// the privilege is checked before such a body is read (onRequest)

/**
 * Menu settings (console spec §2-§7): the editor's reads and saves (MENUS_READ / MENUS_WRITE),
 * the menu a signed-in user gets (any valid token: privileges decide what is in it), and the
 * uploaded images, served to anyone at a name that is their content's hash.
 */
export default async function menuRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.post('/api/menu/Create', { preHandler: requirePrivilege('MENUS_WRITE'), config: { contract: { summary: 'Create the menu of an application and location', tag: 'menus', body: CreateMenuRequestSchema, result: MenuWriteResultSchema, auth: ['MENUS_WRITE'] } } }, async (request): Promise<Envelope<MenuWriteResult>> => {
    return written(await createMenu(db, actorOf(request), parseInput(CreateMenuRequestSchema, request.body)));
  });

  app.post('/api/menu/Modify', { preHandler: requirePrivilege('MENUS_WRITE'), config: { contract: { summary: 'Replace a menu (refused when it changed since it was loaded)', tag: 'menus', body: ModifyMenuRequestSchema, result: MenuWriteResultSchema, auth: ['MENUS_WRITE'] } } }, async (request): Promise<Envelope<MenuWriteResult>> => {
    return written(await modifyMenu(db, actorOf(request), parseInput(ModifyMenuRequestSchema, request.body)));
  });

  app.get('/api/menu/GetMenuByApp', { preHandler: requirePrivilege('MENUS_READ'), config: { contract: { summary: 'The menu of an application and location, as stored (id 0: none yet)', tag: 'menus', headers: MenuByAppHeadersSchema, result: MenuRecordSchema, auth: ['MENUS_READ'] } } }, async (request): Promise<Envelope<MenuRecord>> => {
    const headers = parseInput(MenuByAppHeadersSchema, pickHeaders(request, ['idapplication', 'idmenulocation']), 'headers');
    return { statusCode: 200, result: await menuOrEmpty(db, await menuApplication(db, headers.idapplication), headers.idmenulocation) };
  });

  app.get('/api/menu/list', { preHandler: requirePrivilege('MENUS_READ'), config: { contract: { summary: "Menus as stored, or (userid) as that user gets them", tag: 'menus', headers: MenuListHeadersSchema, result: MenuListResultSchema, auth: ['MENUS_READ'] } } }, async (request): Promise<Envelope<MenuListResult>> => {
    const headers = parseInput(MenuListHeadersSchema, pickHeaders(request, ['userid', 'idapplication']), 'headers');
    const application = headers.idapplication === '' ? undefined : await menuApplication(db, headers.idapplication);
    let records = await listMenus(db, application?.id);
    if (headers.userid) {
      const userId = headers.userid;
      if (!(await userExists(db, userId))) throw new ApiError(404, MENU_MESSAGES.userUnknown, INFORMATION_CODES.notFound);
      records = await Promise.all(records.map(async (record) => menuSeenWith(record, await app.ctx.access.privilegesOf(userId, record.application))));
    }
    return { statusCode: 200, result: { records, count: records.length } };
  });

  app.get('/api/menu/GetMenuByUser', { preHandler: authenticate, config: { contract: { summary: "The caller's menu of an application and location: active items they hold a privilege for", tag: 'menus', headers: MenuByUserHeadersSchema, result: MenuListResultSchema, auth: true } } }, async (request): Promise<Envelope<MenuListResult>> => {
    const headers = parseInput(MenuByUserHeadersSchema, pickHeaders(request, ['idmenulocation', 'appname']), 'headers');
    const application = await menuApplicationNamed(db, headers.appname);
    const user = request.user as AuthUser;
    const record = await menuOrEmpty(db, application, headers.idmenulocation);
    const records = record.id === 0 ? [] : [menuSeenWith(record, await app.ctx.access.privilegesOf(user.id, application.name))];
    return { statusCode: 200, result: { records, count: records.length } };
  });

  app.get('/api/menu/privileges', { preHandler: requirePrivilege('MENUS_READ'), config: { contract: { summary: "The privileges an application holds, which its menu's items may require", tag: 'menus', headers: MenuPrivilegesHeadersSchema, result: MenuPrivilegesResultSchema, auth: ['MENUS_READ'] } } }, async (request): Promise<Envelope<MenuPrivilegesResult>> => {
    const headers = parseInput(MenuPrivilegesHeadersSchema, pickHeaders(request, ['idapplication']), 'headers');
    const application = await menuApplication(db, headers.idapplication);
    return { statusCode: 200, result: { records: await privilegesOfApplication(db, application.id) } };
  });

  app.post('/api/menu/UploadImageMenu', { bodyLimit: UPLOAD_BODY_LIMIT, onRequest: requirePrivilege('MENUS_WRITE'), config: { contract: { summary: 'Upload a menu image (PNG, at most 2 MB)', tag: 'menus', body: UploadMenuImageRequestSchema, result: MenuImageResultSchema, auth: ['MENUS_WRITE'] } } }, async (request): Promise<Envelope<MenuImageResult>> => {
    return { statusCode: 200, result: { relativePath: await uploadMenuImage(db, actorOf(request), parseInput(UploadMenuImageRequestSchema, request.body)) } };
  });

}
