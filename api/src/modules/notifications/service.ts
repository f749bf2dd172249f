import type { Kysely, Transaction } from 'kysely';
import {
  ACCESS_MESSAGES,
  notificationTimeZone,
  INFORMATION_CODES,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_STATE,
  dateIn,
  notificationIssues,
  notificationSendAt,
  type CreateNotificationRequest,
  type ModifyNotificationRequest,
  type NotificationRecord,
  type NotificationDelivery,
  type NotificationPreviewResult,
  type NotificationTemplate,
} from '@suite/shared/contracts';
import { es, formatPhrase } from '@suite/shared/phrases';
import type { DB } from '../../db/schema';
import { ApiError, badRequest } from '../../http/errors';
import { recordAudit, type AuditActor } from '../../security/audit';
import {
  activeApplications,
  deleteNotification,
  findTemplate,
  findUserContact,
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
import type { Mailer } from '../mail/mailer';
import { deliveriesOf, recipientsPreview } from './deliveries';
import { formatInstant, renderNotification, templateImageUrl, templateImagePath } from './render';

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
  const variables = await variablesOfTemplates(
    db,
    templates.map((t) => t.id),
  );
  return templates.map((t) => ({ id: t.id, title: t.title, urlImage: templateImagePath(t.id), variables: variables.get(t.id) ?? [] }));
}

/** The subjects of an active template (404 for an unknown one). */
export async function subjectsFor(db: Kysely<DB>, templateId: string) {
  if (!(await findTemplate(db, templateId))) throw templateNotFound();
  return subjectsOfTemplate(db, templateId);
}

/**
 * The notification a request describes, checked against the stored data and every rule of
 * docs/product/notifications.md (Rules): the applications visible and active, the template offered for all of them, the subject one
 * of the template's, each variable valid for its type, the send date from today in the
 * notification's zone. The zone: the request's, else the one its applications share, else
 * Colombia's.
 */
async function resolveNotification(trx: Trx, body: CreateNotificationRequest, now: Date): Promise<NotificationColumns> {
  return (await resolveWithTemplate(trx, body, now)).columns;
}

/** resolveNotification, with the template, its variables and the subject's name (what rendering needs). */
async function resolveWithTemplate(trx: Trx, body: CreateNotificationRequest, now: Date) {
  const applications = await activeApplications(trx, body.applicationIds);
  if (applications.length !== body.applicationIds.length) throw badRequest(NOTIFICATION_MESSAGES.applicationUnavailable);
  const template = await findTemplate(trx, body.templateId);
  if (!template || !(await templateCoversApplications(trx, body.templateId, body.applicationIds))) {
    throw badRequest(NOTIFICATION_MESSAGES.templateUnavailable);
  }
  const subject = (await subjectsOfTemplate(trx, body.templateId)).find((s) => s.id === body.subjectId);
  if (!subject) throw badRequest(NOTIFICATION_MESSAGES.subjectNotOfTemplate);
  const timeZone = body.timeZone ?? notificationTimeZone(applications.map((a) => a.time_zone));
  const definitions = (await variablesOfTemplates(trx, [body.templateId])).get(body.templateId) ?? [];
  const [issue] = notificationIssues(body, definitions, dateIn(timeZone, now));
  if (issue) throw badRequest(formatPhrase(es.request.invalidAt, { where: `body.${issue.path}`, detail: issue.message }));
  // only the template's variables are kept, in the template's order
  const variables = definitions.flatMap((d) => body.variables.filter((v) => v.name === d.name));
  const columns: NotificationColumns = {
    reason: body.reason,
    template_id: body.templateId,
    subject_id: body.subjectId,
    variables,
    execution_date: body.executionDate,
    time_zone: timeZone,
    send_at: notificationSendAt(body.executionDate, timeZone),
  };
  return { columns, template, definitions, subject: subject.name };
}

/**
 * The e-mail a notification would send, rendered for `recipient` (the preview and the test send):
 * the same rules as a save, nothing written.
 */
export async function renderRequest(
  db: Kysely<DB>,
  body: CreateNotificationRequest,
  now: Date,
  publicUrl: string,
  recipient: { names: string },
): Promise<NotificationPreviewResult> {
  const resolved = await db.transaction().execute((trx) => resolveWithTemplate(trx, body, now));
  const { columns, template, definitions, subject } = resolved;
  const mail = renderNotification({
    template: { title: template.title, bodyHtml: template.body_html, imageUrl: templateImageUrl(publicUrl, template.id) },
    subject,
    definitions,
    values: columns.variables,
    timeZone: columns.time_zone,
    sendAt: columns.send_at,
    recipient,
  });
  return {
    ...mail,
    timeZone: columns.time_zone,
    sendAt: columns.send_at.toISOString(),
    sendAtLocal: formatInstant(columns.send_at, columns.time_zone),
  };
}

/** Sends the rendered e-mail to the caller's own address (a test send changes no data). */
export async function sendTest(
  db: Kysely<DB>,
  mailer: Pick<Mailer, 'send'>,
  actor: AuditActor | undefined,
  body: CreateNotificationRequest,
  now: Date,
  publicUrl: string,
): Promise<string> {
  const contact = actor ? await findUserContact(db, actor.id) : undefined;
  if (!contact?.email) throw badRequest(NOTIFICATION_MESSAGES.testNoAddress);
  const mail = await renderRequest(db, body, now, publicUrl, { names: contact.names });
  await mailer.send({ to: contact.email, subject: mail.subject, html: mail.html, text: mail.text });
  // a mail sent on an administrator's word is on record, like every change
  await recordAudit(db, {
    actor,
    action: 'notification.test',
    entity: 'notification',
    entityId: body.templateId,
    after: { to: contact.email, subject: mail.subject, applicationIds: body.applicationIds },
  });
  return contact.email;
}

/** A notification's deliveries, failed ones first (404 for an unknown notification). */
export async function deliveriesFor(db: Kysely<DB>, id: number): Promise<NotificationDelivery[]> {
  if (!(await listNotifications(db, id)).length) throw notificationNotFound();
  return (await deliveriesOf(db, id, DELIVERIES_SHOWN)).map((d) => ({
    email: d.email,
    names: d.names,
    status: d.status as NotificationDelivery['status'],
    attempts: d.attempts,
    sentAt: d.sent_at ? new Date(d.sent_at).toISOString() : null,
    nextAttemptAt: new Date(d.next_attempt_at).toISOString(),
    lastError: d.last_error,
  }));
}

/** How many deliveries the console is shown at most (failed and pending ones first). */
export const DELIVERIES_SHOWN = 1000;

async function snapshot(trx: Trx, id: number): Promise<NotificationRecord> {
  const [record] = await listNotifications(trx, id);
  return record;
}

/** Only a pending notification whose sending has not begun may change (executed rows are read-only). */
async function lockPending(trx: Trx, id: number): Promise<void> {
  const current = await lockNotification(trx, id);
  if (!current) throw notificationNotFound();
  if (current.idstate !== NOTIFICATION_STATE.pending || current.planned_at !== null)
    throw badRequest(NOTIFICATION_MESSAGES.executedReadOnly);
}

/** What a save may change: the record without its counts and creation time. */
const comparable = ({ createdon: _c, recipients: _r, sent: _s, failed: _f, ...rest }: NotificationRecord) => JSON.stringify(rest);

/** Creates a pending notification, audited in the same transaction. */
export async function createNotification(
  db: Kysely<DB>,
  actor: AuditActor | undefined,
  body: CreateNotificationRequest,
  now: Date,
): Promise<NotificationChange> {
  return db.transaction().execute(async (trx) => {
    const columns = await resolveNotification(trx, body, now);
    const id = await insertNotification(trx, columns, body.applicationIds, actor?.id ?? null);
    await recordAudit(trx, {
      actor,
      action: 'notification.create',
      entity: 'notification',
      entityId: String(id),
      after: await snapshot(trx, id),
    });
    return { id, information: NOTIFICATION_MESSAGES.created };
  });
}

/** Saves a pending notification (executed ones: 'La notificación ya fue ejecutada, no se puede modificar'). */
export async function modifyNotification(
  db: Kysely<DB>,
  actor: AuditActor | undefined,
  body: ModifyNotificationRequest,
  now: Date,
): Promise<NotificationChange> {
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

/** The dry run: how many recipients the (visible, active) applications have now, and the first `sample`. */
export async function dryRun(db: Kysely<DB>, applicationIds: number[], sample: number) {
  if ((await activeApplications(db, applicationIds)).length !== applicationIds.length)
    throw badRequest(NOTIFICATION_MESSAGES.applicationUnavailable);
  const preview = await recipientsPreview(db, applicationIds, sample);
  return { count: preview.count, sample: preview.sample.map((r) => ({ email: r.email, names: r.names })) };
}
