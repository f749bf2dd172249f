import type { FastifyInstance } from 'fastify';
import {
  CreateNotificationRequestSchema,
  DeleteNotificationRequestSchema,
  INFORMATION_CODES,
  MESSAGES,
  ModifyNotificationRequestSchema,
  NotificationDeliveriesHeadersSchema,
  NotificationDeliveriesResultSchema,
  NotificationDryRunRequestSchema,
  NotificationDryRunResultSchema,
  NotificationListResultSchema,
  NotificationPreviewRequestSchema,
  NotificationPreviewResultSchema,
  NotificationTestResultSchema,
  NOTIFICATION_MESSAGES,
  NotificationWriteResultSchema,
  formatMessage,
  SubjectsByTemplateHeadersSchema,
  SubjectsResultSchema,
  TemplatesByAppsHeadersSchema,
  TemplatesByAppsResultSchema,
  type Envelope,
  type NotificationDeliveriesResult,
  type NotificationDryRunResult,
  type NotificationListResult,
  type NotificationPreviewResult,
  type NotificationTestResult,
  type NotificationWriteResult,
  type SubjectsResult,
  type TemplatesByAppsResult,
} from '@suite/shared/contracts';
import { ApiError, parseInput } from '../../http/errors';
import { pickHeaders } from '../../http/headers';
import { requirePrivilege, type AuthUser } from '../../security/auth';
import { actorOf } from '../audit/audit';
import { findTemplateImage, findUserContact, listNotifications } from './queries';
import { TEMPLATE_IMAGE_PATH } from './render';
import { createNotification, deliveriesFor, dryRun, modifyNotification, removeNotification, renderRequest, sendTest, subjectsFor, templatesFor, type NotificationChange } from './service';

/** Recipients the dry run lists by name. */
const DRY_RUN_SAMPLE = 10;

/** A template's image may be SVG: nothing in it runs or loads. */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * E-mail notifications (console spec §2-§7): the list, create, modify and delete of pending
 * notifications, and the editor's templates and subjects. Reads need NOTIFICATIONS_READ, writes
 * NOTIFICATIONS_WRITE. The scheduler (scheduler.ts) sends them.
 */
export default async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  const answer = (change: NotificationChange): Envelope<NotificationWriteResult> => ({
    statusCode: 200,
    result: { information: change.information, informationCode: INFORMATION_CODES.success, id: change.id },
  });

  app.get('/api/Notifications/List', { preHandler: requirePrivilege('NOTIFICATIONS_READ'), config: { contract: { summary: 'List notifications (newest first) with their delivery counts', tag: 'notifications', result: NotificationListResultSchema, auth: ['NOTIFICATIONS_READ'] } } }, async (): Promise<Envelope<NotificationListResult>> => {
    const records = await listNotifications(db);
    return { statusCode: 200, result: { records, count: records.length } };
  });

  app.post('/api/Notifications/Create', { preHandler: requirePrivilege('NOTIFICATIONS_WRITE'), config: { contract: { summary: 'Create a notification (sent at 23:59 of its date in its time zone)', tag: 'notifications', body: CreateNotificationRequestSchema, result: NotificationWriteResultSchema, auth: ['NOTIFICATIONS_WRITE'] } } }, async (request): Promise<Envelope<NotificationWriteResult>> => {
    return answer(await createNotification(db, actorOf(request), parseInput(CreateNotificationRequestSchema, request.body), new Date()));
  });

  app.post('/api/Notifications/Modify', { preHandler: requirePrivilege('NOTIFICATIONS_WRITE'), config: { contract: { summary: 'Modify a pending notification', tag: 'notifications', body: ModifyNotificationRequestSchema, result: NotificationWriteResultSchema, auth: ['NOTIFICATIONS_WRITE'] } } }, async (request): Promise<Envelope<NotificationWriteResult>> => {
    return answer(await modifyNotification(db, actorOf(request), parseInput(ModifyNotificationRequestSchema, request.body), new Date()));
  });

  app.post('/api/Notifications/Delete', { preHandler: requirePrivilege('NOTIFICATIONS_WRITE'), config: { contract: { summary: 'Delete a pending notification', tag: 'notifications', body: DeleteNotificationRequestSchema, result: NotificationWriteResultSchema, auth: ['NOTIFICATIONS_WRITE'] } } }, async (request): Promise<Envelope<NotificationWriteResult>> => {
    return answer(await removeNotification(db, actorOf(request), parseInput(DeleteNotificationRequestSchema, request.body).id));
  });

  app.get('/api/Subjects/SubjectsByTemplateId', { preHandler: requirePrivilege('NOTIFICATIONS_READ'), config: { contract: { summary: "A template's subjects", tag: 'notifications', headers: SubjectsByTemplateHeadersSchema, result: SubjectsResultSchema, auth: ['NOTIFICATIONS_READ'] } } }, async (request): Promise<Envelope<SubjectsResult>> => {
    const { idTemplate } = parseInput(SubjectsByTemplateHeadersSchema, pickHeaders(request, ['idTemplate']), 'headers');
    const records = await subjectsFor(db, idTemplate);
    return { statusCode: 200, result: { records, count: records.length } };
  });

  app.get('/api/ApplicationsTemplates/TemplatesByApps', { preHandler: requirePrivilege('NOTIFICATIONS_READ'), config: { contract: { summary: 'Templates offered for every one of the applications', tag: 'notifications', headers: TemplatesByAppsHeadersSchema, result: TemplatesByAppsResultSchema, auth: ['NOTIFICATIONS_READ'] } } }, async (request): Promise<Envelope<TemplatesByAppsResult>> => {
    const { apps } = parseInput(TemplatesByAppsHeadersSchema, pickHeaders(request, ['apps']), 'headers');
    const records = await templatesFor(db, apps);
    return { statusCode: 200, result: { records, count: records.length } };
  });

  // ours: what the editor shows before saving (spec's "beyond" of issue 14)
  app.post('/api/Notifications/Preview', { preHandler: requirePrivilege('NOTIFICATIONS_READ'), config: { contract: { summary: 'The e-mail a notification would send, rendered for the caller (nothing saved)', tag: 'notifications', body: NotificationPreviewRequestSchema, result: NotificationPreviewResultSchema, auth: ['NOTIFICATIONS_READ'] } } }, async (request): Promise<Envelope<NotificationPreviewResult>> => {
    const body = parseInput(NotificationPreviewRequestSchema, request.body);
    const contact = await findUserContact(db, (request.user as AuthUser).id);
    return { statusCode: 200, result: await renderRequest(db, body, new Date(), app.ctx.config.publicUrl, { names: contact?.names ?? '' }) };
  });

  app.post('/api/Notifications/SendTest', { preHandler: requirePrivilege('NOTIFICATIONS_WRITE'), config: { contract: { summary: "Send the rendered e-mail to the caller's own address (nothing saved)", tag: 'notifications', body: NotificationPreviewRequestSchema, result: NotificationTestResultSchema, auth: ['NOTIFICATIONS_WRITE'] } } }, async (request): Promise<Envelope<NotificationTestResult>> => {
    const body = parseInput(NotificationPreviewRequestSchema, request.body);
    const email = await sendTest(db, app.ctx.mailer, actorOf(request), body, new Date(), app.ctx.config.publicUrl);
    return { statusCode: 200, result: { information: formatMessage(NOTIFICATION_MESSAGES.testSent, { email }), informationCode: INFORMATION_CODES.success, email } };
  });

  app.post('/api/Notifications/DryRun', { preHandler: requirePrivilege('NOTIFICATIONS_READ'), config: { contract: { summary: 'How many recipients the applications have now, and the first ones', tag: 'notifications', body: NotificationDryRunRequestSchema, result: NotificationDryRunResultSchema, auth: ['NOTIFICATIONS_READ'] } } }, async (request): Promise<Envelope<NotificationDryRunResult>> => {
    const { applicationIds } = parseInput(NotificationDryRunRequestSchema, request.body);
    return { statusCode: 200, result: await dryRun(db, applicationIds, DRY_RUN_SAMPLE) };
  });

  app.get('/api/Notifications/Deliveries', { preHandler: requirePrivilege('NOTIFICATIONS_READ'), config: { contract: { summary: "A notification's deliveries per recipient (failed first)", tag: 'notifications', headers: NotificationDeliveriesHeadersSchema, result: NotificationDeliveriesResultSchema, auth: ['NOTIFICATIONS_READ'] } } }, async (request): Promise<Envelope<NotificationDeliveriesResult>> => {
    const { id } = parseInput(NotificationDeliveriesHeadersSchema, pickHeaders(request, ['id']), 'headers');
    const records = await deliveriesFor(db, id);
    return { statusCode: 200, result: { records, count: records.length } };
  });

  // public: the e-mails show it
  app.get<{ Params: { id: string } }>(`${TEMPLATE_IMAGE_PATH}/:id`, async (request, reply) => {
    const svg = request.params.id.length <= 50 ? await findTemplateImage(db, request.params.id) : undefined;
    if (svg === undefined) throw new ApiError(404, MESSAGES.notFound, INFORMATION_CODES.notFound);
    reply.type('image/svg+xml; charset=utf-8').header('content-security-policy', IMAGE_CSP).header('cache-control', 'public, max-age=3600');
    return svg;
  });
}
