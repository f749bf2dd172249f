import { sql, type Kysely, type RawBuilder } from 'kysely';
import { AUDIT_COUNT_CAP, type AuditEntry, type AuditEntryDetail, type AuditFilters, type AuditPage } from '@suite/shared/contracts';
import { PREPARED, pageLimit } from '../../db/prepared';
import type { DB } from '../../db/schema';

/**
 * The audit section's reads (docs/product/audit.md). Each filter has an index ordered newest first
 * that holds what the filter compares (migrations 0032, 0033), so a filtered page and its count,
 * which stops at AUDIT_COUNT_CAP, read the index alone.
 */

/** The filters but the search box's, as one SQL condition. */
function filterWhere(filters: AuditFilters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  const { actor, action, target, application, from, to } = filters;
  if (actor) parts.push(sql`lower(actor_name) = lower(${actor})`);
  if (action) parts.push(sql`lower(action) = lower(${action})`);
  if (target) parts.push(sql`entity_id = ${target}`);
  if (application) parts.push(sql`lower(application) = lower(${application})`);
  if (from) parts.push(sql`at >= ${new Date(from).toISOString()}::timestamptz`);
  if (to) parts.push(sql`at < ${new Date(to).toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/**
 * What the search box's text may be, each an indexed condition of its own: a person as actor, an
 * action, a target id, or a person as the changed user (their id).
 */
function searchBranches(search: string | undefined): RawBuilder<unknown>[] {
  if (!search) return [sql`true`];
  return [
    sql`lower(actor_name) = lower(${search})`,
    sql`lower(action) = lower(${search})`,
    sql`entity_id = ${search}`,
    // one id at most (user names are unique): compared as a value, the target index is read in order
    sql`entity_id = (select id::text from users where lower(user_name) = lower(${search}))`,
  ];
}

/** The filters as one SQL condition (the export's; the list reads each search branch by its own index). */
export function auditWhere(filters: AuditFilters): RawBuilder<unknown> {
  const branches = searchBranches(filters.search);
  return sql`${filterWhere(filters)} and (${sql.join(branches, sql` or `)})`;
}

/** What a page's entries are written from (entryJson), and what counting them needs. */
const ENTRY_COLUMNS = sql.raw('id, at, actor_id, actor_name, action, entity, entity_id, application');
const KEY_COLUMNS = sql.raw('id, at');

/**
 * The first `limit` matching entries in the list's order (`columns` of them): one indexed read per
 * search branch, each stopped at `limit`, merged. An OR of the branches would read the whole log;
 * the count reads the indexes alone (KEY_COLUMNS), a page takes its entries' rows from the same
 * reads rather than looking each up again by id.
 */
function firstMatches(filters: AuditFilters, limit: RawBuilder<unknown>, columns = KEY_COLUMNS): RawBuilder<unknown> {
  const where = filterWhere(filters);
  const reads = searchBranches(filters.search).map(
    (branch) => sql`(select ${columns} from audit_log where ${where} and ${branch} order by at desc, id desc limit ${limit})`,
  );
  return sql.join(reads, sql` union `);
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

const UUID = `'^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`;
const INT = `'^[0-9]{1,9}$'`;
/**
 * What an entry is about, by name as the console shows it now: a person's user name (also of a
 * session or a one-time-code reset request), a role's, privilege's, application's or image's name,
 * the application of a menu, a notification's reason or its template's title. Looked up by the
 * entry's entity and id, only for a page's entries (primary-key reads); null for an entity with no
 * name or a record no longer there. Each branch checks the id's form before casting it.
 */
const TARGET_NAME = `case
  when entity = 'user' and entity_id ~ ${UUID} then (select t.user_name from users t where t.id = entity_id::uuid)
  when entity = 'session' and entity_id ~ ${UUID} then
    (select t.user_name from sessions s join users t on t.id = s.user_id where s.id = entity_id::uuid)
  when entity = 'otp_reset_request' and entity_id ~ ${UUID} then
    (select t.user_name from otp_reset_requests r join users t on t.id = r.user_id where r.id = entity_id::uuid)
  when entity = 'role' and entity_id ~ ${INT} then (select t.name from roles t where t.id = entity_id::int)
  when entity = 'privilege' and entity_id ~ ${INT} then (select t.name from privileges t where t.id = entity_id::int)
  when entity = 'application' and entity_id ~ ${INT} then (select t.name from applications t where t.id = entity_id::int)
  when entity = 'menu' and entity_id ~ ${INT} then
    (select t.name from menus m join applications t on t.id = m.application_id where m.id = entity_id::int)
  when entity = 'notification' and entity_id ~ ${INT} then (select t.reason from notifications t where t.id = entity_id::int)
  when entity = 'notification' then (select t.title from notification_templates t where t.id = entity_id)
  when entity = 'image' then (select t.file_name from stored_images t where t.id = entity_id)
end`;

/** An entry's columns as `Row` reads them; `named`: with the target's name, which the CSV export does not write. */
const entryColumns = (named: boolean) =>
  sql.raw(`id::text as id, to_char(at at time zone 'UTC', ${ISO}) as at, actor_id::text as actor_id, actor_name,
           action, entity, entity_id, ${named ? TARGET_NAME : 'null::text'} as target_name, application`);

interface Row {
  id: string;
  at: string;
  actor_id: string | null;
  actor_name: string;
  action: string;
  entity: string;
  entity_id: string;
  target_name: string | null;
  application: string | null;
}
const entryOf = (r: Row): AuditEntry => ({
  id: r.id,
  at: r.at,
  actorId: r.actor_id,
  actorName: r.actor_name,
  action: r.action,
  entity: r.entity,
  entityId: r.entity_id,
  targetName: r.target_name,
  application: r.application,
});

/** An entry as the list's JSON writes it (AuditEntry's keys), from the columns of `audit_log`. */
const entryJson = sql.raw(`json_build_object('id', id::text, 'at', to_char(at at time zone 'UTC', ${ISO}),
  'actorId', actor_id::text, 'actorName', actor_name, 'action', action, 'entity', entity, 'entityId', entity_id,
  'targetName', ${TARGET_NAME}, 'application', application)`);

/** The entries of a page as one JSON array, newest first (`[]` when there are none). */
const entriesJson = sql`coalesce(json_agg(${entryJson} order by at desc, id desc)::text, '[]')`;

/** A page of the list as PostgreSQL writes it: its entries' JSON array, and how many match. */
interface PageJson {
  n: number;
  json: string;
}

/** How many matches a count reads at most: a constant in the text, as the generic plan must know it. */
const COUNT_LIMIT = sql.lit(AUDIT_COUNT_CAP + 1);

/**
 * How a page is sent: the first — the one every change of the filters shows — prepared (PREPARED),
 * its length written in (pageLimit); a later page planned with its own numbers. `upTo`: how many
 * entries each search branch reads.
 */
function pageBounds(offset: number, take: number) {
  const prepared = offset === 0;
  return {
    mark: prepared ? PREPARED : sql``,
    limit: pageLimit(take, offset, prepared),
    upTo: prepared ? sql.lit(take) : sql`${offset + take}::int`,
  };
}

/**
 * A page of the entries read straight off one index, and how many match up to AUDIT_COUNT_CAP + 1
 * (a common filter over a large log reads a thousand index entries, not its every match), in one
 * statement.
 */
async function pageOfOneRead(db: Kysely<DB>, where: RawBuilder<unknown>, offset: number, take: number): Promise<PageJson> {
  const page = pageBounds(offset, take);
  const { rows } = await sql<PageJson>`${page.mark}
    select (select count(*)::int from (select 1 from audit_log where ${where} limit ${COUNT_LIMIT}) m) as n,
           (select ${entriesJson} from (
              select ${ENTRY_COLUMNS} from audit_log where ${where}
               order by audit_log.at desc, audit_log.id desc ${page.limit}) shown) as json`.execute(db);
  return rows[0];
}

/**
 * The same for the search box, whose branches are each read through their own index and merged
 * (firstMatches): the page's entries and the count in two statements, side by side (two
 * connections: half the wait of one statement doing both, for the same work).
 */
async function pageOfBranches(db: Kysely<DB>, filters: AuditFilters, offset: number, take: number): Promise<PageJson> {
  const page = pageBounds(offset, take);
  const [shown, count] = await Promise.all([
    sql<{ json: string }>`${page.mark}
      select ${entriesJson} as json from (
        select * from (${firstMatches(filters, page.upTo, ENTRY_COLUMNS)}) m
         order by at desc, id desc ${page.limit}) shown`.execute(db),
    sql<{ n: number }>`${PREPARED} select count(*)::int as n from (${firstMatches(filters, COUNT_LIMIT)}) m`.execute(db),
  ]);
  return { n: count.rows[0].n, json: shown.rows[0].json };
}

/**
 * A page and the count (pages past AUDIT_COUNT_CAP are not offered), as the reply's `result` in
 * JSON text: the entries' array goes in as PostgreSQL wrote it — parsing 25 rows into objects and
 * writing them out again cost the API more than reading them costs the database.
 */
export async function auditPageJson(db: Kysely<DB>, filters: AuditFilters, page: number, size: number): Promise<string> {
  const offset = (page - 1) * size;
  const take = Math.max(0, Math.min(size, AUDIT_COUNT_CAP - offset));
  const branches = searchBranches(filters.search);
  const { n, json } =
    branches.length === 1
      ? await pageOfOneRead(db, sql`${filterWhere(filters)} and ${branches[0]}`, offset, take)
      : await pageOfBranches(db, filters, offset, take);
  const counted: Omit<AuditPage, 'entries'> = n > AUDIT_COUNT_CAP ? { rows: AUDIT_COUNT_CAP, rowsCapped: true } : { rows: n };
  return `{"entries":${json},${JSON.stringify(counted).slice(1)}`;
}

export async function auditEntry(db: Kysely<DB>, id: string): Promise<AuditEntryDetail | undefined> {
  const { rows } = await sql<Row & { before: unknown; after: unknown }>`
    select ${entryColumns(true)}, before, after from audit_log where id = ${id}::bigint`.execute(db);
  const row = rows[0];
  return row ? { ...entryOf(row), before: row.before ?? null, after: row.after ?? null } : undefined;
}

/** Entries read per statement while exporting: memory stays at one batch whatever the log's size. */
export const EXPORT_BATCH = 1000;

/**
 * The filtered entries, newest first, one batch at a time: each batch continues after the last
 * entry of the one before (by time and id, at the database's own precision), so entries written
 * meanwhile neither shift nor repeat the ones still to come.
 */
export async function* auditBatches(
  db: Kysely<DB>,
  filters: AuditFilters,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<(AuditEntryDetail & { cursor: string })[]> {
  const where = auditWhere(filters);
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const { rows } = await sql<Row & { before: unknown; after: unknown; at_key: string }>`
      select ${entryColumns(false)}, before, after, at::text as at_key from audit_log
       where ${where} ${after ? sql`and (at, id) < (${after.at}::timestamptz, ${after.id}::bigint)` : sql``}
       order by audit_log.at desc, audit_log.id desc limit ${batchSize}::int`.execute(db);
    if (rows.length) yield rows.map((r) => ({ ...entryOf(r), before: r.before ?? null, after: r.after ?? null, cursor: r.at_key }));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = { at: last.at_key, id: last.id };
  }
}
