import { sql, type Kysely, type Selectable } from 'kysely';
import type { MenuRecord } from '@suite/shared/contracts';
import type { DB, MenusTable } from '../../db/schema';

type Db = Kysely<DB>;

export interface MenuApplication {
  id: number;
  name: string;
}

/** A visible application (hidden ones such as RESETOTP have no menus) by id. */
export async function findMenuApplication(db: Db, id: number): Promise<MenuApplication | undefined> {
  return db.selectFrom('applications').select(['id', 'name']).where('id', '=', id).where('is_visible', '=', true).executeTakeFirst();
}

/** A visible application by name, case-insensitively. */
export async function findMenuApplicationNamed(db: Db, name: string): Promise<MenuApplication | undefined> {
  return db
    .selectFrom('applications')
    .select(['id', 'name'])
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .where('is_visible', '=', true)
    .executeTakeFirst();
}

type MenuRow = Selectable<MenusTable> & { application: string };

function toRecord(row: MenuRow): MenuRecord {
  return {
    id: row.id,
    idapplication: row.application_id,
    application: row.application,
    idmenulocation: row.idmenulocation,
    numberRows: row.number_rows,
    menujson: JSON.stringify(row.menujson),
    version: row.version,
    modifiedOn: new Date(row.modified_on).toISOString(),
  };
}

function menus(db: Db) {
  return db
    .selectFrom('menus as m')
    .innerJoin('applications as a', 'a.id', 'm.application_id')
    .selectAll('m')
    .select('a.name as application')
    .where('a.is_visible', '=', true);
}

/** The menu of an application at a location; `lock` takes the row for the save's transaction. */
export async function findMenu(db: Db, applicationId: number, location: number, lock = false): Promise<MenuRecord | undefined> {
  let query = menus(db).where('m.application_id', '=', applicationId).where('m.idmenulocation', '=', location);
  if (lock) query = query.forUpdate('m');
  const row = await query.executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function findMenuById(db: Db, id: number, lock = false): Promise<MenuRecord | undefined> {
  let query = menus(db).where('m.id', '=', id);
  if (lock) query = query.forUpdate('m');
  const row = await query.executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** Every menu of the visible applications (of one, with `applicationId`), by application and location. */
export async function listMenus(db: Db, applicationId?: number): Promise<MenuRecord[]> {
  let query = menus(db);
  if (applicationId !== undefined) query = query.where('m.application_id', '=', applicationId);
  const rows = await query.orderBy('a.name').orderBy('m.idmenulocation').execute();
  return rows.map(toRecord);
}

/** Inserts a menu; undefined when the application already has one there (a concurrent create). */
export async function insertMenu(
  db: Db,
  menu: { applicationId: number; location: number; numberRows: number; items: unknown },
): Promise<number | undefined> {
  const row = await db
    .insertInto('menus')
    .values({
      application_id: menu.applicationId,
      idmenulocation: menu.location,
      number_rows: menu.numberRows,
      menujson: JSON.stringify(menu.items),
    })
    .onConflict((oc) => oc.columns(['application_id', 'idmenulocation']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Replaces a menu's items, raising its version: when it is still at one of `versions`, or whatever
 * its version with `versions` undefined (last write wins). The new version; undefined when stale.
 */
export async function replaceMenu(
  db: Db,
  id: number,
  versions: readonly number[] | undefined,
  items: unknown,
): Promise<number | undefined> {
  if (versions?.length === 0) return undefined;
  let query = db
    .updateTable('menus')
    .set({ menujson: JSON.stringify(items), version: sql<number>`version + 1`, modified_on: sql<Date>`now()` })
    .where('id', '=', id);
  if (versions) query = query.where('version', 'in', [...versions]);
  const row = await query.returning('version').executeTakeFirst();
  return row?.version;
}

/** The names of the privileges an application holds (case as stored), with their descriptions. */
export async function privilegesOfApplication(db: Db, applicationId: number): Promise<{ name: string; description: string }[]> {
  return db
    .selectFrom('privileges as p')
    .innerJoin('application_privileges as ap', 'ap.privilege_id', 'p.id')
    .select(['p.name', 'p.description'])
    .where('ap.application_id', '=', applicationId)
    .orderBy('p.name')
    .execute();
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', id).where('deleted', '=', false).executeTakeFirst();
  return row !== undefined;
}
