import { sql, type Kysely, type Transaction } from 'kysely';
import {
  NOTIFICATION_STATE_NAMES,
  type NotificationRecord,
  type NotificationSubject,
  type TemplateVariable,
  type VariableValue,
} from '@suite/shared/contracts';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

/** A template as stored. */
export interface TemplateRow {
  id: string;
  title: string;
  body_html: string;
}

interface VariableRow {
  template_id: string;
  name: string;
  type: TemplateVariable['type'];
  label: string;
  multiline: boolean;
  rows: number;
  max_length: number;
  complement: string | null;
}

const toVariable = (r: VariableRow): TemplateVariable => {
  switch (r.type) {
    case 'text':
      return { type: 'text', name: r.name, label: r.label, multiline: r.multiline, rows: r.rows, maxLength: r.max_length };
    case 'time':
      return {
        type: 'time',
        name: r.name,
        label: r.label,
        hour: { id: `${r.name}Hour`, name: 'Hora', maxLength: 2 },
        minutes: { id: `${r.name}Minutes`, name: 'Minutos', maxLength: 2 },
        complement: r.complement,
      };
    default:
      return { type: r.type, name: r.name, label: r.label };
  }
};

/** The variables of the templates, in their order, by template id. */
export async function variablesOfTemplates(db: Executor, templateIds: string[]): Promise<Map<string, TemplateVariable[]>> {
  const byTemplate = new Map<string, TemplateVariable[]>(templateIds.map((id) => [id, []]));
  if (!templateIds.length) return byTemplate;
  const rows = await db
    .selectFrom('notification_template_variables')
    .select(['template_id', 'name', 'type', 'label', 'multiline', 'rows', 'max_length', 'complement'])
    .where('template_id', 'in', templateIds)
    .orderBy('template_id')
    .orderBy('position')
    .execute();
  for (const row of rows) byTemplate.get(row.template_id)?.push(toVariable(row));
  return byTemplate;
}

/** The active templates offered for every one of `applicationIds` (by title). */
export async function templatesForApplications(db: Executor, applicationIds: number[]): Promise<TemplateRow[]> {
  const { rows } = await sql<TemplateRow>`
    select t.id, t.title, t.body_html
      from notification_templates t
     where t.idstate = 0
       and (select count(*) from notification_template_applications ta
             where ta.template_id = t.id and ta.application_id = any(${applicationIds}::int[])) = ${applicationIds.length}::int
     order by lower(t.title), t.id`.execute(db);
  return rows;
}

/** An active template by id. */
export async function findTemplate(db: Executor, id: string): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('notification_templates')
    .select(['id', 'title', 'body_html'])
    .where('id', '=', id)
    .where('idstate', '=', 0)
    .executeTakeFirst();
}

/** A template's image (SVG), active or not: a sent e-mail keeps showing it. */
export async function findTemplateImage(db: Executor, id: string): Promise<string | undefined> {
  return (await db.selectFrom('notification_templates').select('image_svg').where('id', '=', id).executeTakeFirst())?.image_svg;
}

/** The subjects a template may use, by name. */
export async function subjectsOfTemplate(db: Executor, templateId: string): Promise<NotificationSubject[]> {
  return db
    .selectFrom('notification_subjects')
    .select(['id', 'name'])
    .where('template_id', '=', templateId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Whether the template is offered for every one of the applications. */
export async function templateCoversApplications(db: Executor, templateId: string, applicationIds: number[]): Promise<boolean> {
  return (await templatesForApplications(db, applicationIds)).some((t) => t.id === templateId);
}

/** The visible, active applications among `ids`, with the zone their notifications are sent in. */
export async function activeApplications(db: Executor, ids: number[]): Promise<{ id: number; time_zone: string }[]> {
  return db
    .selectFrom('applications')
    .select(['id', 'time_zone'])
    .where('id', 'in', ids)
    .where('is_visible', '=', true)
    .where('idstate', '=', 0)
    .execute();
}

/** A notification as stored, locked for the change in progress. */
export async function lockNotification(trx: Transaction<DB>, id: number) {
  return trx.selectFrom('notifications').select(['id', 'idstate', 'planned_at']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface NotificationColumns {
  reason: string;
  template_id: string;
  subject_id: number;
  variables: VariableValue[];
  execution_date: string;
  time_zone: string;
  send_at: Date;
}

const columnsOf = (n: NotificationColumns) => ({
  reason: n.reason,
  template_id: n.template_id,
  subject_id: n.subject_id,
  variables: JSON.stringify(n.variables),
  execution_date: n.execution_date,
  time_zone: n.time_zone,
  send_at: n.send_at,
});

export async function insertNotification(
  trx: Transaction<DB>,
  n: NotificationColumns,
  applicationIds: number[],
  createdBy: string | null,
): Promise<number> {
  const { id } = await trx
    .insertInto('notifications')
    .values({ ...columnsOf(n), created_by: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('notification_applications')
    .values(applicationIds.map((application_id) => ({ notification_id: id, application_id })))
    .execute();
  return id;
}

export async function updateNotification(
  trx: Transaction<DB>,
  id: number,
  n: NotificationColumns,
  applicationIds: number[],
): Promise<void> {
  await trx
    .updateTable('notifications')
    .set({ ...columnsOf(n), modified_on: sql`now()` })
    .where('id', '=', id)
    .execute();
  await trx.deleteFrom('notification_applications').where('notification_id', '=', id).execute();
  await trx
    .insertInto('notification_applications')
    .values(applicationIds.map((application_id) => ({ notification_id: id, application_id })))
    .execute();
}

export async function deleteNotification(trx: Transaction<DB>, id: number): Promise<void> {
  await trx.deleteFrom('notifications').where('id', '=', id).execute();
}

interface ListRow {
  id: number;
  reason: string;
  subject_id: number;
  subject_name: string;
  template_id: string;
  template_title: string;
  application_ids: number[] | null;
  shared_apps: string[] | null;
  variables: unknown;
  execution_date: string;
  time_zone: string;
  send_at: Date | string;
  idstate: number;
  created_on: Date | string;
  recipients: number;
  sent: number;
  failed: number;
}

/**
 * The notifications, newest first (`id`: that one), with their applications (by title), subject,
 * template and the counts of their deliveries: recipients, sent and failed (purged rows included).
 */
export async function listNotifications(db: Executor, id?: number): Promise<NotificationRecord[]> {
  const { rows } = await sql<ListRow>`
    select n.id, n.reason, n.subject_id, s.name as subject_name, n.template_id, t.title as template_title,
           (select array_agg(na.application_id order by na.application_id) from notification_applications na where na.notification_id = n.id) as application_ids,
           (select array_agg(a.title order by lower(a.title)) from notification_applications na join applications a on a.id = na.application_id
             where na.notification_id = n.id) as shared_apps,
           n.variables, to_char(n.execution_date, 'YYYY-MM-DD') as execution_date, n.time_zone, n.send_at, n.idstate, n.created_on,
           (n.purged_recipients + coalesce(d.recipients, 0))::int as recipients, (n.purged_sent + coalesce(d.sent, 0))::int as sent,
           (n.purged_failed + coalesce(d.failed, 0))::int as failed
      from notifications n
      join notification_subjects s on s.id = n.subject_id
      join notification_templates t on t.id = n.template_id
      left join lateral (
        select count(*) as recipients, count(*) filter (where status = 'sent') as sent, count(*) filter (where status = 'failed') as failed
          from notification_deliveries nd where nd.notification_id = n.id) d on true
     where ${id === undefined ? sql`true` : sql`n.id = ${id}::int`}
     order by n.created_on desc, n.id desc`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason,
    subjectId: r.subject_id,
    subjectName: r.subject_name,
    templateId: r.template_id,
    templateTitle: r.template_title,
    applicationIds: r.application_ids ?? [],
    sharedApps: r.shared_apps ?? [],
    variables: JSON.stringify(r.variables),
    executionDate: r.execution_date,
    timeZone: r.time_zone,
    sendAt: new Date(r.send_at).toISOString(),
    idstate: r.idstate,
    stateName: NOTIFICATION_STATE_NAMES[r.idstate] ?? '',
    createdon: new Date(r.created_on).toISOString(),
    recipients: r.recipients,
    sent: r.sent,
    failed: r.failed,
  }));
}

/** The address and names of a user (the test send goes to the caller). */
export async function findUserContact(db: Executor, userId: string): Promise<{ email: string; names: string } | undefined> {
  const row = await db.selectFrom('users').select(['email', 'names', 'surnames']).where('id', '=', userId).executeTakeFirst();
  return row ? { email: row.email, names: `${row.names} ${row.surnames}`.trim() } : undefined;
}
