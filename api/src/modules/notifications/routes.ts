import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CreateNotificationRequestSchema,
  DeleteNotificationRequestSchema,
  INFORMATION_CODES,
  MESSAGES,
  ModifyNotificationRequestSchema,
  NotificationListResultSchema,
  NotificationWriteResultSchema,
  SubjectsByTemplateHeadersSchema,
  SubjectsResultSchema,
  TemplatesByAppsHeadersSchema,
  TemplatesByAppsResultSchema,
  type Envelope,
  type NotificationListResult,
  type NotificationWriteResult,
  type SubjectsResult,
  type TemplatesByAppsResult,
} from '@suite/shared/contracts';
import { ApiError, parseInput } from '../../http/errors';
import { pickHeaders } from '../../http/headers';
import { requirePrivilege, type AuthUser } from '../../security/auth';
import type { AuditActor } from '../audit/audit';
import { findTemplateImage, listNotifications } from './queries';
import { TEMPLATE_IMAGE_PATH } from './render';
import { createNotification, modifyNotification, removeNotification, subjectsFor, templatesFor, type NotificationChange } from './service';

function actorOf(request: FastifyRequest): AuditActor | undefined {
  const user = request.user as AuthUser | undefined;
  return user ? { id: user.id, userName: user.userName } : undefined;
}

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

  // public: the e-mails show it
  app.get<{ Params: { id: string } }>(`${TEMPLATE_IMAGE_PATH}/:id`, async (request, reply) => {
    const svg = request.params.id.length <= 50 ? await findTemplateImage(db, request.params.id) : undefined;
    if (svg === undefined) throw new ApiError(404, MESSAGES.notFound, INFORMATION_CODES.notFound);
    reply.type('image/svg+xml; charset=utf-8').header('content-security-policy', IMAGE_CSP).header('cache-control', 'public, max-age=3600');
    return svg;
  });
}
