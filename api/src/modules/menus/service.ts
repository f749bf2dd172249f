import type { Kysely } from 'kysely';
import type * as v from 'valibot';
import {
  ACCESS_MESSAGES,
  INFORMATION_CODES,
  MENU_LOCATION,
  MENU_MESSAGES,
  formatMessage,
  menuForPrivileges,
  numberRowsFor,
  parseMenuJson,
  privilegeList,
  type CreateMenuRequestSchema,
  type MenuItem,
  type MenuItems,
  type MenuLocation,
  type MenuRecord,
  type ModifyMenuRequestSchema,
  type UploadMenuImageRequestSchema,
} from '@suite/shared/contracts';
import { es, formatPhrase } from '@suite/shared/phrases';
import type { DB } from '../../db/schema';
import { ApiError, badRequest } from '../../http/errors';
import { recordAudit, type AuditActor } from '../../security/audit';
import { storeUploadedImage } from '../images/service';
import {
  findMenu,
  findMenuApplication,
  findMenuApplicationNamed,
  findMenuById,
  insertMenu,
  privilegesOfApplication,
  replaceMenu,
  type MenuApplication,
} from './queries';

type CreateMenu = v.InferOutput<typeof CreateMenuRequestSchema>;
type ModifyMenu = v.InferOutput<typeof ModifyMenuRequestSchema>;
type UploadImage = v.InferOutput<typeof UploadMenuImageRequestSchema>;

/** Where uploaded images are served; the name is the SHA-256 of the content. */

export interface MenuSaved {
  id: number;
  version: number;
  information: string;
}

export const menuNotFound = () => new ApiError(404, MENU_MESSAGES.notFound, INFORMATION_CODES.notFound);
const stale = (information: string) => new ApiError(409, information, INFORMATION_CODES.conflict);
const applicationUnknown = () => badRequest(ACCESS_MESSAGES.applicationUnknown);

export async function menuApplication(db: Kysely<DB>, id: number): Promise<MenuApplication> {
  const application = await findMenuApplication(db, id);
  if (!application) throw applicationUnknown();
  return application;
}

export async function menuApplicationNamed(db: Kysely<DB>, name: string): Promise<MenuApplication> {
  const application = await findMenuApplicationNamed(db, name);
  if (!application) throw applicationUnknown();
  return application;
}

/**
 * The items of a save, checked: the tree's rules for the location (parseMenuJson), then every
 * privilege an item names held by the application (written as stored).
 */
async function checkedItems(db: Kysely<DB>, application: MenuApplication, location: MenuLocation, menujson: string): Promise<MenuItems> {
  const parsed = parseMenuJson(location, menujson, application.name);
  if (!parsed.success) {
    throw badRequest(
      formatPhrase(es.request.invalidAt, { where: parsed.path ? `body.menujson.${parsed.path}` : 'body.menujson', detail: parsed.message }),
    );
  }
  if (location === MENU_LOCATION.suite) return parsed.output;
  const held = new Map((await privilegesOfApplication(db, application.id)).map((p) => [p.name.toLowerCase(), p.name]));
  const spell = (items: MenuItem[]): MenuItem[] =>
    items.map((item) => ({
      ...item,
      privilege: privilegeList(item.privilege)
        .map((name) => {
          const stored = held.get(name.toLowerCase());
          if (!stored) throw badRequest(formatMessage(MENU_MESSAGES.privilegeUnknown, { privilege: name, application: application.name }));
          return stored;
        })
        .join(','),
      children: spell(item.children),
    }));
  return spell(parsed.output as MenuItem[]);
}

/** POST /api/menu/Create: the first menu of an application and location; a second is refused (stale). */
export async function createMenu(db: Kysely<DB>, actor: AuditActor | undefined, body: CreateMenu): Promise<MenuSaved> {
  const application = await menuApplication(db, body.idapplication);
  const location = body.idmenulocation as MenuLocation;
  const items = await checkedItems(db, application, location, body.menujson);
  return db.transaction().execute(async (trx) => {
    const id = await insertMenu(trx, { applicationId: application.id, location, numberRows: body.numberRows, items });
    if (id === undefined) throw stale(MENU_MESSAGES.alreadyExists);
    const after = await findMenuById(trx, id);
    await recordAudit(trx, { actor, action: 'menu.create', entity: 'menu', entityId: String(id), after });
    return { id, version: after?.version ?? 1, information: MENU_MESSAGES.saved };
  });
}

/**
 * The versions a save may replace (docs/product/menus.md, Rules): the body's `version` and the
 * `If-Match` header's, each when sent (both: the menu must be at both, so they must agree);
 * undefined when neither is sent, the last write wins.
 */
function guardedVersions(version: number | undefined, ifMatch: readonly number[] | undefined): readonly number[] | undefined {
  if (ifMatch === undefined) return version === undefined ? undefined : [version];
  return version === undefined ? ifMatch : ifMatch.filter((tag) => tag === version);
}

/**
 * POST /api/menu/Modify: replaces the whole menu, atomically. With a guard (`version`, `If-Match`:
 * guardedVersions) only when it is still the version the editor loaded, otherwise 409 and nothing
 * is written; without one the last write wins.
 */
export async function modifyMenu(
  db: Kysely<DB>,
  actor: AuditActor | undefined,
  body: ModifyMenu,
  ifMatch?: readonly number[],
): Promise<MenuSaved> {
  const application = await menuApplication(db, body.idapplication);
  const location = body.idmenulocation as MenuLocation;
  const items = await checkedItems(db, application, location, body.menujson);
  return db.transaction().execute(async (trx) => {
    const before = await findMenuById(trx, body.id, true);
    if (!before) throw menuNotFound();
    // the id names the menu; the application and location must be that menu's
    if (before.idapplication !== application.id || before.idmenulocation !== location)
      throw badRequest(formatPhrase(es.request.invalidAt, { where: 'body.id', detail: es.request.invalidId }));
    const version = await replaceMenu(trx, body.id, guardedVersions(body.version, ifMatch), items);
    if (version === undefined) throw stale(MENU_MESSAGES.stale);
    const after = await findMenuById(trx, body.id);
    await recordAudit(trx, { actor, action: 'menu.modify', entity: 'menu', entityId: String(body.id), before, after });
    return { id: body.id, version, information: MENU_MESSAGES.modified };
  });
}

/** The menu of an application and location, or an empty one (id 0) to create. */
export async function menuOrEmpty(db: Kysely<DB>, application: MenuApplication, location: MenuLocation): Promise<MenuRecord> {
  return (
    (await findMenu(db, application.id, location)) ?? {
      id: 0,
      idapplication: application.id,
      application: application.name,
      idmenulocation: location,
      numberRows: numberRowsFor(location),
      menujson: '[]',
      version: 0,
      modifiedOn: '',
    }
  );
}

/** A menu as a user with `held` privileges gets it: inactive items and items they may not see left out. */
export function menuSeenWith(record: MenuRecord, held: ReadonlySet<string>): MenuRecord {
  const items = JSON.parse(record.menujson) as MenuItems;
  return { ...record, menujson: JSON.stringify(menuForPrivileges<MenuItem | (typeof items)[number]>(items, held)) };
}

/**
 * POST /api/menu/UploadImageMenu: a PNG by content, at most 2 MB, in the suite's one image store
 * (every instance serves it); answers the path it is served at.
 */
export async function uploadMenuImage(db: Kysely<DB>, actor: AuditActor | undefined, body: UploadImage): Promise<string> {
  const application = await menuApplicationNamed(db, body.ApplicationName);
  const stored = await db.transaction().execute((trx) =>
    storeUploadedImage(trx, actor, {
      fileName: body.FileName,
      imageBase64: body.ImageBase64,
      applicationId: application.id,
      accepted: ['png'],
      messages: { type: MENU_MESSAGES.fileType, size: MENU_MESSAGES.fileSize },
      action: 'menu.image',
    }),
  );
  return stored.relativePath;
}
