import { sql, type Kysely, type Transaction } from 'kysely';
import { NOTIFICATION_STATE, USER_STATE, type VariableValue } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * The recipients of a notification's applications: every active user (not deleted) holding an
 * active role in at least one of them, each e-mail address once however many applications or
 * roles match (the lowest user id of an address shared by several accounts). One rule, read by
 * the scheduler when a notification falls due and by the dry run.
 */
function recipientsOf(applicationIds: ReturnType<typeof sql>) {
  return sql`
    select distinct on (lower(u.email)) u.id as user_id, lower(u.email) as email, trim(u.names || ' ' || u.surnames) as names
      from users u
      join user_roles ur on ur.user_id = u.id
      join roles r on r.id = ur.role_id and r.idstate = 0
     where ur.application_id in (${applicationIds})
       and u.idstate = ${USER_STATE.active}::smallint and not u.deleted and u.email <> ''
     order by lower(u.email), u.id`;
}

export interface Recipient {
  user_id: string;
  email: string;
  names: string;
}

/** How many recipients `applicationIds` have now, and the first `sample` of them by address. */
export async function recipientsPreview(
  db: Executor,
  applicationIds: number[],
  sample: number,
): Promise<{ count: number; sample: Recipient[] }> {
  const ids = sql`select unnest(${applicationIds}::int[])`;
  const { rows } = await sql<Recipient & { total: number }>`
    select r.*, count(*) over ()::int as total from (${recipientsOf(ids)}) r order by r.email limit ${sample}::int`.execute(db);
  const count = rows[0]?.total ?? (await sql<{ n: number }>`select count(*)::int as n from (${recipientsOf(ids)}) r`.execute(db)).rows[0].n;
  return { count, sample: rows.map(({ total: _t, ...r }) => r) };
}

/**
 * One pending delivery per recipient of the notification's applications, each with its stable
 * Message-ID, due at `now`. Returns how many were written.
 */
export async function writeDeliveries(db: Executor, notificationId: number, now: Date, messageDomain: string): Promise<number> {
  const apps = sql`select application_id from notification_applications where notification_id = ${notificationId}::int`;
  const inserted = await sql`
    insert into notification_deliveries (notification_id, user_id, email, names, message_id, next_attempt_at)
    select ${notificationId}::int, r.user_id, r.email, r.names, '<' || gen_random_uuid() || '@' || ${messageDomain}::text || '>', ${now}
      from (${recipientsOf(apps)}) r
    on conflict (notification_id, email) do nothing`.execute(db);
  return Number(inserted.numAffectedRows ?? 0);
}

/**
 * Takes one due notification (send_at reached, not yet planned) that no other instance is
 * planning, writes one pending delivery per recipient with its stable Message-ID, and marks the
 * notification planned — in one transaction. A notification without recipients is executed at
 * once. Returns its id, or undefined when none is due.
 */
export async function planDueNotification(db: Kysely<DB>, now: Date, messageDomain: string): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number }>`
      select id from notifications
       where idstate = ${NOTIFICATION_STATE.pending}::smallint and planned_at is null and send_at <= ${now}
       order by send_at, id limit 1
       for update skip locked`.execute(trx);
    const due = rows[0];
    if (!due) return undefined;
    const none = (await writeDeliveries(trx, due.id, now, messageDomain)) === 0;
    await trx
      .updateTable('notifications')
      .set({ planned_at: now, ...(none ? { idstate: NOTIFICATION_STATE.executed, executed_at: now } : {}) })
      .where('id', '=', due.id)
      .execute();
    return due.id;
  });
}

export interface ClaimedDelivery {
  id: string;
  notification_id: number;
  email: string;
  names: string;
  message_id: string;
  attempts: number;
}

/**
 * Claims up to `limit` deliveries for `owner` until `leaseUntil`: pending ones whose attempt is
 * due, and sending ones whose lease ran out (their instance stopped or died mid-send). Rows
 * another instance is claiming at the same moment are skipped, never waited for or shared.
 */
export async function claimDeliveries(
  db: Kysely<DB>,
  owner: string,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const { rows } = await sql<ClaimedDelivery>`
    with picked as (
      select id from notification_deliveries
       where (status = 'pending' and next_attempt_at <= ${now}) or (status = 'sending' and lease_until <= ${now})
       order by id
       limit ${limit}::int
       for update skip locked)
    update notification_deliveries d
       set status = 'sending', lease_owner = ${owner}, lease_until = ${leaseUntil}, attempts = d.attempts + 1
      from picked
     where d.id = picked.id
    returning d.id, d.notification_id, d.email, d.names, d.message_id, d.attempts`.execute(db);
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}

/** The SMTP server accepted it: sent (only while the lease is still ours). */
export async function markSent(db: Kysely<DB>, id: string, owner: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('notification_deliveries')
    .set({ status: 'sent', sent_at: now, lease_owner: null, lease_until: null, last_error: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A failed attempt: pending again from `retryAt`, or failed for good when `retryAt` is null. */
export async function markAttemptFailed(db: Kysely<DB>, id: string, owner: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .updateTable('notification_deliveries')
    .set({
      status: retryAt ? 'pending' : 'failed',
      next_attempt_at: retryAt ?? sql`next_attempt_at`,
      lease_owner: null,
      lease_until: null,
      last_error: error.slice(0, 500),
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'sending')
    .execute();
}

/** Planned notifications none of whose deliveries is pending or sending: EJECUTADA. Returns how many. */
export async function completeNotifications(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await sql`
    update notifications n set idstate = ${NOTIFICATION_STATE.executed}::smallint, executed_at = ${now}
     where n.idstate = ${NOTIFICATION_STATE.pending}::smallint and n.planned_at is not null
       and not exists (select 1 from notification_deliveries d where d.notification_id = n.id and d.status in ('pending', 'sending'))`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}

/** What rendering a notification's e-mails needs. */
export interface NotificationContent {
  templateId: string;
  title: string;
  bodyHtml: string;
  subject: string;
  variables: VariableValue[];
  timeZone: string;
  sendAt: Date;
}

export async function notificationContent(db: Executor, id: number): Promise<NotificationContent | undefined> {
  const row = await db
    .selectFrom('notifications as n')
    .innerJoin('notification_templates as t', 't.id', 'n.template_id')
    .innerJoin('notification_subjects as s', 's.id', 'n.subject_id')
    .select(['t.id as template_id', 't.title', 't.body_html', 's.name as subject', 'n.variables', 'n.time_zone', 'n.send_at'])
    .where('n.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    templateId: row.template_id,
    title: row.title,
    bodyHtml: row.body_html,
    subject: row.subject,
    variables: (row.variables ?? []) as VariableValue[],
    timeZone: row.time_zone,
    sendAt: new Date(row.send_at),
  };
}

/** One recipient's delivery as the console shows it. */
export interface DeliveryRow {
  email: string;
  names: string;
  status: string;
  attempts: number;
  sent_at: Date | null;
  next_attempt_at: Date;
  last_error: string | null;
}

/** A notification's deliveries: failed ones first, then by address (at most `limit`). */
export async function deliveriesOf(db: Executor, notificationId: number, limit: number): Promise<DeliveryRow[]> {
  const { rows } = await sql<DeliveryRow>`
    select email, names, status, attempts, sent_at, next_attempt_at, last_error
      from notification_deliveries where notification_id = ${notificationId}::int
     order by case status when 'failed' then 0 when 'pending' then 1 when 'sending' then 2 else 3 end, email
     limit ${limit}::int`.execute(db);
  return rows;
}

/**
 * Deletes up to `limit` delivery rows of executed notifications whose send (or last attempt) is
 * older than `before`, adding what they counted to their notification in the same statement, so
 * the list's counts never change. Rows another instance is purging are skipped. Returns how many
 * rows went.
 */
export async function purgeDeliveries(db: Kysely<DB>, before: Date, limit: number): Promise<number> {
  const { rows } = await sql<{ purged: number }>`
    with doomed as (
      select d.id from notification_deliveries d
        join notifications n on n.id = d.notification_id
       where n.idstate = ${NOTIFICATION_STATE.executed}::smallint and n.executed_at < ${before}
         and coalesce(d.sent_at, d.next_attempt_at) < ${before}
       order by d.id
       limit ${limit}::int
       for update of d skip locked),
    gone as (
      delete from notification_deliveries d using doomed where d.id = doomed.id
      returning d.notification_id, d.status),
    counted as (
      select notification_id, count(*)::int as recipients, (count(*) filter (where status = 'sent'))::int as sent,
             (count(*) filter (where status = 'failed'))::int as failed
        from gone group by notification_id),
    kept as (
      update notifications n
         set purged_recipients = n.purged_recipients + c.recipients, purged_sent = n.purged_sent + c.sent, purged_failed = n.purged_failed + c.failed
        from counted c where n.id = c.notification_id
      returning c.recipients)
    select coalesce(sum(recipients), 0)::int as purged from kept`.execute(db);
  return rows[0]?.purged ?? 0;
}

/** Deliveries not yet sent or failed for good (pending, or claimed and being sent): the metrics' backlog. */
export async function deliveryBacklog(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('notification_deliveries')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow();
  return row.n;
}
