import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../security/passwords';
import { ensureApplicationRoles } from './application-roles';
import type { DB } from './schema';

/**
 * Realistic volume for evaluation and benchmarks (`pnpm seed:volume --users 1000000`): companies,
 * roles per application and users with a main company, sometimes a second company, and one or two
 * roles. Everything is generated inside the database (generate_series, one statement per batch),
 * with one shared password hash: no row crosses the wire, which is what COPY would save over
 * INSERT, and a large fill builds the secondary indexes once at the end. On PostgreSQL, 100,000
 * users take seconds and 1,000,000 about a minute and a half on two cores.
 * Re-running tops the volume up to the requested count (the highest seeded number is kept in
 * `settings`), so running twice does not fail nor duplicate.
 */

/** Password of every volume account (they can sign in, e.g. to try the list as themselves). */
export const VOLUME_PASSWORD = 'Volumen.Suite2025';
export const VOLUME_EMAIL_DOMAIN = 'volumen.test';
const PROGRESS_KEY = 'volume.users';
const BATCH = 20_000;

const FIRST_NAMES = [
  'Ana',
  'Juan',
  'María',
  'Carlos',
  'Laura',
  'Andrés',
  'Camila',
  'Santiago',
  'Valentina',
  'Sebastián',
  'Daniela',
  'Felipe',
  'Natalia',
  'Julián',
  'Isabella',
  'Mateo',
  'Sofía',
  'Nicolás',
  'Gabriela',
  'Alejandro',
  'Paula',
  'Diego',
  'Carolina',
  'Óscar',
  'Lucía',
  'Héctor',
  'Mónica',
  'Iván',
  'Ángela',
  'Tomás',
  'Verónica',
  'Raúl',
  'Adriana',
  'Martín',
  'Juliana',
  'Esteban',
  'Marcela',
  'Ramón',
  'Inés',
  'Joaquín',
];
const SURNAMES = [
  'García',
  'Rodríguez',
  'Martínez',
  'Hernández',
  'López',
  'González',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Torres',
  'Flórez',
  'Rivera',
  'Gómez',
  'Díaz',
  'Moreno',
  'Muñoz',
  'Rojas',
  'Vargas',
  'Castro',
  'Ortiz',
  'Jiménez',
  'Suárez',
  'Cárdenas',
  'Mejía',
  'Peña',
  'Núñez',
  'Restrepo',
  'Quintero',
  'Salazar',
  'Ospina',
  'Castillo',
  'Zapata',
  'Valencia',
  'Arango',
  'Cifuentes',
  'Beltrán',
  'Acosta',
  'Guerrero',
  'Medina',
  'Patiño',
];
const COMPANY_WORDS = [
  'Comercializadora',
  'Inversiones',
  'Servicios',
  'Transportes',
  'Constructora',
  'Distribuidora',
  'Laboratorios',
  'Consultores',
  'Agroindustrias',
  'Tecnologías',
];
const COMPANY_PLACES = [
  'Andina',
  'del Pacífico',
  'del Caribe',
  'La Sabana',
  'del Llano',
  'Altamira',
  'del Valle',
  'Santander',
  'Antioquia',
  'del Norte',
];
const COMPANY_FORMS = ['S.A.S.', 'Ltda.', 'S.A.'];

export interface VolumeOptions {
  users: number;
  /** Companies; default one per 200 users, at least 20. */
  companies?: number;
  /** From this many users added at once, the secondary indexes are built after the rows (default 200,000). */
  bulkFrom?: number;
  /** Called after each batch with the users seeded so far. */
  onProgress?: (done: number, total: number) => void;
}

export interface VolumeResult {
  usersAdded: number;
  usersTotal: number;
  companies: number;
  roles: number;
}

/** A PostgreSQL array literal of texts (the values hold no quotes or backslashes). */
const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;

/** Company names: every word × place × form combination, numbered beyond that. */
export function companyName(i: number): string {
  const word = COMPANY_WORDS[i % COMPANY_WORDS.length];
  const place = COMPANY_PLACES[Math.floor(i / COMPANY_WORDS.length) % COMPANY_PLACES.length];
  const form = COMPANY_FORMS[i % COMPANY_FORMS.length];
  const round = Math.floor(i / (COMPANY_WORDS.length * COMPANY_PLACES.length));
  return `${word} ${place}${round ? ` ${round + 1}` : ''} ${form}`;
}

async function ensureCompanies(db: Kysely<DB>, count: number): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => companyName(i));
  await sql`
    insert into customers (name, document)
    select n, (800000000 + ord)::text from unnest(${textArray(names)}::text[]) with ordinality as t(n, ord)
    on conflict do nothing`.execute(db);
  const { rows } = await sql<{ id: string }>`
    select c.id::text as id from unnest(${textArray(names)}::text[]) with ordinality as t(n, ord)
      join customers c on lower(c.name) = lower(t.n) order by t.ord`.execute(db);
  return rows.map((r) => r.id);
}

/** From this many users added at once, the fill drops the secondary indexes and builds them after. */
const BULK_LOAD_AT = 200_000;
const BULK_TABLES = ['users', 'user_customers', 'user_roles'];

/**
 * The per-day counts of the users list (migration 0026), counted once after a large fill instead
 * of by its insert trigger at every batch: in one transaction each batch updates every day's row
 * again (fifty times over at a million) and none of the old versions can be pruned, so the small
 * table and its index ended some fifty times their size and the deep pages of the orders by state
 * read them by a sequential scan and a sort (2.3 ms against 0.5 ms compact, measured). The keys
 * are the trigger's own (`user_list_keys`).
 */
async function withoutDayCounts(trx: Kysely<DB>, fill: () => Promise<void>): Promise<void> {
  await sql`alter table users disable trigger users_list_days_insert`.execute(trx);
  await fill();
  await sql`alter table users enable trigger users_list_days_insert`.execute(trx);
  await sql`delete from user_list_days`.execute(trx);
  await sql`
    insert into user_list_days (scheme, grp, day, live)
      select k.scheme, k.grp, k.day, count(*) from users u, user_list_keys(u.modified_on, u.idstate) k
       where not u.deleted group by 1, 2, 3`.execute(trx);
}

/** Drops the indexes of the filled tables that neither enforce uniqueness nor key a row; returns how to build them again. */
async function dropSecondaryIndexes(trx: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select c.relname as name, pg_get_indexdef(x.indexrelid) as definition
      from pg_index x join pg_class c on c.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
     where t.relname = any(${`{${BULK_TABLES.join(',')}}`}::text[]) and not x.indisunique and not x.indisprimary`.execute(trx);
  for (const { name } of rows) await sql`drop index ${sql.id(name)}`.execute(trx);
  return rows.map((r) => r.definition);
}

interface BatchInput {
  from: number;
  to: number;
  hash: string;
  companies: string;
  roleIds: string;
  roleApps: string;
}

/** Users `from`..`to` with their companies and roles, in one statement; the progress is kept with them. */
async function insertBatch(trx: Kysely<DB>, { from, to, hash, companies, roleIds, roleApps }: BatchInput): Promise<void> {
  // one statement per batch: users, their companies and their roles; `n` is carried in the document
  await sql`
      with arrays as (
        select ${textArray(FIRST_NAMES)}::text[] as f, ${textArray(SURNAMES)}::text[] as s,
               ${companies}::uuid[] as c, ${roleIds}::int[] as r, ${roleApps}::int[] as ra
      ), src as (
        select n,
               f[1 + (n * 7) % array_length(f, 1)] as first,
               f[1 + (n * 11) % array_length(f, 1)] as second,
               s[1 + (n * 13) % array_length(s, 1)] as surname1,
               s[1 + (n * 17) % array_length(s, 1)] as surname2,
               -- drawn from a scramble of n, independent of the names' draws (n modulo the lists'
               -- lengths): a state or a type must not go with certain names
               ((n::bigint * 2654435761) % 4294967291) % 100 as state_draw,
               ((n::bigint * 40503) % 4294967279) % 100 as type_draw,
               -- and a role must not go with certain names either (n mod the roles' count did)
               (((n::bigint * 2246822519) % 4294967291) % 1000000)::int as role_draw,
               now() - make_interval(mins => ((n::bigint * 104729) % 1576800)::int) as modified
          from generate_series(${from}::int, ${to}::int) as n, arrays
      ), rows as (
        select n,
               translate(lower(first || '.' || surname1), 'áéíóúñü', 'aeiounu') || n as user_name,
               case when n % 2 = 0 then first || ' ' || second else first end as names,
               surname1 || ' ' || surname2 as surnames,
               -- identity numbers spread like real ones (7 to 10 digits), not consecutive
               case when n % 20 = 0 then 'PA' || lpad(n::text, 8, '0')
                    else (1000000 + (n::bigint * 2654435761) % 3999000000)::text end as document,
               case when n % 20 = 0 then 5 else 1 end as document_type_id,
               case when n % 4 = 0 then null else '3' || lpad(((n::bigint * 7919) % 1000000000)::text, 9, '0') end as phone,
               case when type_draw < 85 then 2 when type_draw < 93 then 4 when type_draw < 97 then 3 else 1 end as typeuserid,
               case when state_draw < 80 then 1 when state_draw < 92 then 2 when state_draw < 97 then 3 else 6 end as idstate,
               modified, role_draw
          from src
      ), inserted as (
        insert into users (user_name, email, names, surnames, document, document_type_id, country_id, phone_number,
                           typeuserid, idstate, password_hash, password_changed_at, created_on, modified_on)
        select user_name, user_name || '@' || ${VOLUME_EMAIL_DOMAIN}, names, surnames, document, document_type_id, 1, phone,
               typeuserid, idstate, case when idstate = 3 then null else ${hash} end,
               case when idstate = 3 then null else modified end, modified - interval '30 days', modified
          from rows
        on conflict do nothing
        returning id, user_name
      ), numbered as (
        select i.id, rows.* from inserted i join rows on rows.user_name = i.user_name
      ), main_company as (
        insert into user_customers (user_id, customer_id, principal, assigned)
        select id, c[1 + n % array_length(c, 1)], true, false from numbered, arrays
      ), second_company as (
        insert into user_customers (user_id, customer_id, principal, assigned)
        select id, c[1 + (n * 7 + 1) % array_length(c, 1)], false, true from numbered, arrays
         where n % 3 = 0 and (n * 7 + 1) % array_length(c, 1) <> n % array_length(c, 1)
      ), first_role as (
        insert into user_roles (user_id, role_id, application_id)
        select id, r[1 + role_draw % array_length(r, 1)], ra[1 + role_draw % array_length(r, 1)] from numbered, arrays
      )
      insert into user_roles (user_id, role_id, application_id)
      select id, r[1 + (role_draw * 13 + 5) % array_length(r, 1)], ra[1 + (role_draw * 13 + 5) % array_length(r, 1)] from numbered, arrays
       where n % 4 = 0 and (role_draw * 13 + 5) % array_length(r, 1) <> role_draw % array_length(r, 1)
    `.execute(trx);
  await trx
    .insertInto('settings')
    .values({ key: PROGRESS_KEY, value: String(to) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(to), updated_at: new Date() }))
    .execute();
}

/** Seeds volume users up to `options.users` (see the file's comment). */
export async function seedVolume(db: Kysely<DB>, options: VolumeOptions): Promise<VolumeResult> {
  const target = Math.max(0, Math.floor(options.users));
  const companyIds = await ensureCompanies(db, options.companies ?? Math.max(20, Math.ceil(target / 200)));
  const roles = await ensureApplicationRoles(db);
  const progress = await db.selectFrom('settings').select('value').where('key', '=', PROGRESS_KEY).executeTakeFirst();
  const start = Number(progress?.value ?? 0);
  const hash = await hashPassword(VOLUME_PASSWORD);

  const companies = textArray(companyIds);
  const roleIds = `{${roles.map((r) => r.roleId).join(',')}}`;
  const roleApps = `{${roles.map((r) => r.applicationId).join(',')}}`;
  const batch = (trx: Kysely<DB>, from: number, to: number) => insertBatch(trx, { from, to, hash, companies, roleIds, roleApps });
  if (target - start >= (options.bulkFrom ?? BULK_LOAD_AT)) {
    // a large fill, as pg_restore does it: the secondary indexes are built once after the rows
    // instead of growing row by row (ten times quicker at a million), and the per-day counts
    // counted once (`withoutDayCounts`); all in one transaction, so a failed fill leaves the
    // database as it was
    await db.transaction().execute(async (trx) => {
      await sql`set local maintenance_work_mem = '128MB'`.execute(trx);
      const rebuild = await dropSecondaryIndexes(trx);
      await withoutDayCounts(trx, async () => {
        for (let from = start + 1; from <= target; from += BATCH) {
          const to = Math.min(target, from + BATCH - 1);
          await batch(trx, from, to);
          options.onProgress?.(to, target);
        }
      });
      for (const definition of rebuild) await sql.raw(definition).execute(trx);
    });
  } else {
    for (let from = start + 1; from <= target; from += BATCH) {
      const to = Math.min(target, from + BATCH - 1);
      await db.transaction().execute((trx) => batch(trx, from, to));
      options.onProgress?.(to, target);
    }
  }
  // fresh statistics (and, on PostgreSQL, a visibility map for index-only scans)
  await sql`vacuum analyze users`.execute(db);
  await sql`analyze user_customers`.execute(db);
  await sql`analyze user_roles`.execute(db);
  await sql`analyze customers`.execute(db);
  await sql`vacuum analyze user_list_days`.execute(db);

  const total = await db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(sql<string>`lower(email)`, 'like', `%@${VOLUME_EMAIL_DOMAIN}`)
    .executeTakeFirstOrThrow();
  return { usersAdded: Math.max(0, target - start), usersTotal: total.n, companies: companyIds.length, roles: roles.length };
}
