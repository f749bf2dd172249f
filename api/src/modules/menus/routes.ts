import type { FastifyInstance } from 'fastify';
import { INFORMATION_CODES, MENU_MESSAGES, menuEntityTag, menusApi, type Envelope, type MenuWriteResult } from '@suite/shared/contracts';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';
import type { AuthUser } from '../../security/auth';
import { actorOf } from '../../security/audit';
import { listMenus, privilegesOfApplication, userExists } from './queries';
import {
  createMenu,
  menuApplication,
  menuApplicationNamed,
  menuOrEmpty,
  menuSeenWith,
  modifyMenu,
  uploadMenuImage,
  type MenuSaved,
} from './service';

const written = (saved: MenuSaved): Envelope<MenuWriteResult> => ({
  statusCode: 200,
  result: { information: saved.information, informationCode: INFORMATION_CODES.success, id: saved.id, version: saved.version },
});

/** A base64 PNG of 2 MB is about 2.8 MB of JSON; up to a 6 MB file is read so an oversized one gets the documented text (docs/product/menus.md), not a 413. */
const UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * Menu settings (docs/product/menus.md; declared in @suite/shared/contracts, menusApi): the editor's
 * reads and saves (MENUS_READ / MENUS_WRITE), the menu a signed-in user gets (any valid token:
 * privileges decide what is in it), and the uploaded images, served to anyone at a name that is
 * their content's hash.
 */
export default async function menuRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  route(app, menusApi.menuCreate, async ({ body }, request) => written(await createMenu(db, actorOf(request), body)));

  route(app, menusApi.menuModify, async ({ body, headers }, request) =>
    written(await modifyMenu(db, actorOf(request), body, headers['If-Match'])),
  );

  // the version as the entity tag a Modify may send back in If-Match (docs/product/menus.md, Rules); none before the first save
  route(app, menusApi.menuByApp, async ({ headers }, _request, reply) => {
    const menu = await menuOrEmpty(db, await menuApplication(db, headers.idapplication), headers.idmenulocation);
    if (menu.id !== 0) reply.header('etag', menuEntityTag(menu.version));
    return { statusCode: 200, result: menu };
  });

  route(app, menusApi.menuList, async ({ headers }) => {
    const application = headers.idapplication === '' ? undefined : await menuApplication(db, headers.idapplication);
    let records = await listMenus(db, application?.id);
    if (headers.userid) {
      const userId = headers.userid;
      if (!(await userExists(db, userId))) throw new ApiError(404, MENU_MESSAGES.userUnknown, INFORMATION_CODES.notFound);
      records = await Promise.all(
        records.map(async (record) => menuSeenWith(record, await app.ctx.access.privilegesOf(userId, record.application))),
      );
    }
    return { statusCode: 200, result: { records, count: records.length } };
  });

  route(app, menusApi.menuByUser, async ({ headers }, request) => {
    const application = await menuApplicationNamed(db, headers.appname);
    const user = request.user as AuthUser;
    const record = await menuOrEmpty(db, application, headers.idmenulocation);
    const records = record.id === 0 ? [] : [menuSeenWith(record, await app.ctx.access.privilegesOf(user.id, application.name))];
    return { statusCode: 200, result: { records, count: records.length } };
  });

  route(app, menusApi.menuPrivileges, async ({ headers }) => {
    const application = await menuApplication(db, headers.idapplication);
    return { statusCode: 200, result: { records: await privilegesOfApplication(db, application.id) } };
  });

  route(
    app,
    menusApi.menuImageUpload,
    async ({ body }, request) => ({ statusCode: 200, result: { relativePath: await uploadMenuImage(db, actorOf(request), body) } }),
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );
}
