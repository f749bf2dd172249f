import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

/** Role kinds every visible application offers in the demo and volume data. */
const ROLE_KINDS = ['Operador', 'Consulta', 'Supervisor'];

/**
 * Roles per application for the user card to assign (demo and volume data): Operador / Consulta / Supervisor of every
 * visible application (RESETOTP is hidden, so never). Idempotent. Returns (role, application) pairs.
 */
export async function ensureApplicationRoles(db: Kysely<DB>): Promise<{ roleId: number; applicationId: number }[]> {
  const apps = await db.selectFrom('applications').select(['id', 'name', 'title']).where('is_visible', '=', true).orderBy('id').execute();
  const pairs: { roleId: number; applicationId: number }[] = [];
  for (const app of apps) {
    for (const kind of ROLE_KINDS) {
      const name = `${kind} ${app.name}`;
      await db
        .insertInto('roles')
        .values({ name, description: `${kind} de ${app.title}`, alias: kind })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const role = await db
        .selectFrom('roles')
        .select('id')
        .where(sql<string>`lower(name)`, '=', name.toLowerCase())
        .executeTakeFirstOrThrow();
      await db
        .insertInto('role_applications')
        .values({ role_id: role.id, application_id: app.id })
        .onConflict((oc) => oc.doNothing())
        .execute();
      pairs.push({ roleId: role.id, applicationId: app.id });
    }
  }
  return pairs;
}
