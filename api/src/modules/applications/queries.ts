import { sql, type Kysely } from 'kysely';
import type { AppParameter, ParameterType } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';

/** The window in force for the application (its own or a global one), if any. */
export const activeMaintenanceJoin = sql`
  left join lateral (
    select w.message, w.ends_at
      from maintenance_windows w
     where (w.application_id = a.id or w.application_id is null)
       and w.starts_at <= now() and w.ends_at > now()
     order by w.application_id nulls last, w.starts_at desc
     limit 1
  ) m on true`;

/** Applications are named case-insensitively. */
const LOWER_NAME = sql<string>`lower(name)`;

/** An application's version by name (case-insensitive); undefined for an unknown one. */
export async function findApplicationVersion(db: Kysely<DB>, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('applications').select('version').where(LOWER_NAME, '=', name.toLowerCase()).executeTakeFirst();
  return row?.version;
}

/**
 * An application's parameters (of one type, or every type for 'all') by its name
 * (case-insensitive); undefined for an unknown application.
 */
export async function findApplicationParameters(
  db: Kysely<DB>,
  name: string,
  parameterType: ParameterType,
): Promise<AppParameter[] | undefined> {
  const application = await db.selectFrom('applications').select('id').where(LOWER_NAME, '=', name.toLowerCase()).executeTakeFirst();
  if (!application) return undefined;
  let query = db
    .selectFrom('application_parameters')
    .select(['name', sql<string>`value::text`.as('value_json'), 'value_type'])
    .where('application_id', '=', application.id);
  if (parameterType !== 'all') query = query.where('parameter_type', '=', parameterType);
  const rows = await query.orderBy('parameter_type').orderBy('name').execute();
  return rows.map((r) => ({ name: r.name, value: r.value_json, type: r.value_type }));
}

/**
 * The maintenance window in force for an application by name (case-insensitive): its message and
 * end (both null when none is); undefined for an unknown application.
 */
export async function findMaintenanceWindow(
  db: Kysely<DB>,
  name: string,
): Promise<{ message: string | null; ends_at: Date | string | null } | undefined> {
  const { rows } = await sql<{ message: string | null; ends_at: Date | string | null }>`
    select m.message, m.ends_at from applications a ${activeMaintenanceJoin}
     where lower(a.name) = ${name.toLowerCase()}
  `.execute(db);
  return rows[0];
}

/** An application's free-trial columns by name (case-insensitive); undefined for an unknown one. */
export async function findFreeTrial(db: Kysely<DB>, name: string) {
  return db
    .selectFrom('applications')
    .select(['show_free_trial', 'free_trial_url', 'free_trial_code'])
    .where(LOWER_NAME, '=', name.toLowerCase())
    .executeTakeFirst();
}
