import type { Kysely, Transaction } from 'kysely';
import {
  ACCESS_MESSAGES,
  DEFAULT_TIME_ZONE,
  INFORMATION_CODES,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_STATE,
  dateIn,
  notificationIssues,
  notificationSendAt,
  type CreateNotificationRequest,
  type ModifyNotificationRequest,
  type NotificationRecord,
  type NotificationTemplate,
} from '@suite/shared/contracts';
import { es, formatPhrase } from '@suite/shared/phrases';
import type { DB } from '../../db/schema';
import { ApiError, badRequest } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit/audit';
import {
  activeApplications,
  deleteNotification,
  findTemplate,
  insertNotification,
  listNotifications,
  lockNotification,
  subjectsOfTemplate,
  templateCoversApplications,
  templatesForApplications,
  updateNotification,
  variablesOfTemplates,
  type NotificationColumns,
} from './queries';
import { templateImagePath } from './render';

type Trx = Transaction<DB>;

/** What a write did: the reply's message and the notification's id. */
export interface NotificationChange {
  id: number;
  information: string;
}

export const notificationNotFound = () => new ApiError(404, NOTIFICATION_MESSAGES.unknown, INFORMATION_CODES.notFound);
export const templateNotFound = () => new ApiError(404, NOTIFICATION_MESSAGES.templateUnavailable, INFORMATION_CODES.notFound);

/** The templates offered for every one of the applications, with their variables and image. */
export async function templatesFor(db: Kysely<DB>, applicationIds: number[]): Promise<NotificationTemplate[]> {
  const templates = await templatesForApplications(db, applicationIds);
  const variables = await variablesOfTemplates(db, templates.map((t) => t.id));
  return templates.map((t) => ({ id: t.id, title: t.title, urlImage: templateImagePath(t.id), variables: variables.get(t.id) ?? [] }));
}

/** The subjects of an active template (404 for an unknown one). */
export async function subjectsFor(db: Kysely<DB>, templateId: string) {
  if (!(await findTemplate(db, templateId))) throw templateNotFound();
  return subjectsOfTemplate(db, templateId);
}

/**
 * The notification a request describes, checked against the stored data and every rule of spec
 * §5: the applications visible and active, the template offered for all of them, the subject one
 * of the template's, each variable valid for its type, the send date from today in the
 * notification's zone. The zone: the request's, else the one its applications share, else
 * Colombia's.
 */
async function resolveNotification(trx: Trx, body: CreateNotificationRequest, now: Date): Promise<NotificationColumns> {
  const applications = await activeApplications(trx, body.applicationIds);
  if (applications.length !== body.applicationIds.length) throw badRequest(NOTIFICATION_MESSAGES.applicationUnavailable);
  if (!(await findTemplate(trx, body.templateId)) || !(await templateCoversApplications(trx, body.templateId, body.applicationIds))) {
    throw badRequest(NOTIFICATION_MESSAGES.templateUnavailable);
  }
  if (!(await subjectsOfTemplate(trx, body.templateId)).some((s) => s.id === body.subjectId)) throw badRequest(NOTIFICATION_MESSAGES.subjectNotOfTemplate);
  const zones = new Set(applications.map((a) => a.time_zone));
  const timeZone = body.timeZone ?? (zones.size === 1 ? [...zones][0] : DEFAULT_TIME_ZONE);
  const definitions = (await variablesOfTemplates(trx, [body.templateId])).get(body.templateId) ?? [];
  const [issue] = notificationIssues(body, definitions, dateIn(timeZone, now));
  if (issue) throw badRequest(formatPhrase(es.request.invalidAt, { where: `body.${issue.path}`, detail: issue.message }));
  // only the template's variables are kept, in the template's order
  const variables = definitions.flatMap((d) => body.variables.filter((v) => v.name === d.name));
  return {
    reason: body.reason,
    template_id: body.templateId,
    subject_id: body.subjectId,
    variables,
    execution_date: body.executionDate,
    time_zone: timeZone,
    send_at: notificationSendAt(body.executionDate, timeZone),
  };
}

async function snapshot(trx: Trx, id: number): Promise<NotificationRecord> {
  const [record] = await listNotifications(trx, id);
  return record;
}

/** Only a pending notification whose sending has not begun may change (spec §2: executed rows are read-only). */
async function lockPending(trx: Trx, id: number): Promise<void> {
  const current = await lockNotification(trx, id);
  if (!current) throw notificationNotFound();
  if (current.idstate !== NOTIFICATION_STATE.pending || current.planned_at !== null) throw badRequest(NOTIFICATION_MESSAGES.executedReadOnly);
}

/** What a save may change: the record without its counts and creation time. */
const comparable = ({ createdon: _c, recipients: _r, sent: _s, failed: _f, ...rest }: NotificationRecord) => JSON.stringify(rest);

/** Creates a pending notification, audited in the same transaction. */
export async function createNotification(db: Kysely<DB>, actor: AuditActor | undefined, body: CreateNotificationRequest, now: Date): Promise<NotificationChange> {
  return db.transaction().execute(async (trx) => {
    const columns = await resolveNotification(trx, body, now);
    const id = await insertNotification(trx, columns, body.applicationIds, actor?.id ?? null);
    await recordAudit(trx, { actor, action: 'notification.create', entity: 'notification', entityId: String(id), after: await snapshot(trx, id) });
    return { id, information: NOTIFICATION_MESSAGES.created };
  });
}

/** Saves a pending notification (executed ones: 'La notificación ya fue ejecutada, no se puede modificar'). */
export async function modifyNotification(db: Kysely<DB>, actor: AuditActor | undefined, body: ModifyNotificationRequest, now: Date): Promise<NotificationChange> {
  return db.transaction().execute(async (trx) => {
    await lockPending(trx, body.id);
    const columns = await resolveNotification(trx, body, now);
    const before = await snapshot(trx, body.id);
    await updateNotification(trx, body.id, columns, body.applicationIds);
    const after = await snapshot(trx, body.id);
    // an unchanged save changes nothing and says so (the throw rolls the transaction back)
    if (comparable(before) === comparable(after)) throw badRequest(ACCESS_MESSAGES.noChanges);
    await recordAudit(trx, { actor, action: 'notification.modify', entity: 'notification', entityId: String(body.id), before, after });
    return { id: body.id, information: NOTIFICATION_MESSAGES.updated };
  });
}

/** Deletes a pending notification, audited with what it was. */
export async function removeNotification(db: Kysely<DB>, actor: AuditActor | undefined, id: number): Promise<NotificationChange> {
  return db.transaction().execute(async (trx) => {
    await lockPending(trx, id);
    const before = await snapshot(trx, id);
    await deleteNotification(trx, id);
    await recordAudit(trx, { actor, action: 'notification.delete', entity: 'notification', entityId: String(id), before });
    return { id, information: NOTIFICATION_MESSAGES.deleted };
  });
}
