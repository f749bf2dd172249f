import type { FastifyInstance } from 'fastify';
import {
  INFORMATION_CODES,
  MESSAGES,
  NOTIFICATION_MESSAGES,
  formatMessage,
  notificationsApi,
  type Envelope,
  type NotificationWriteResult,
} from '@suite/shared/contracts';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';
import type { AuthUser } from '../../security/auth';
import { actorOf } from '../../security/audit';
import { findTemplateImage, findUserContact, listNotifications } from './queries';
import { TEMPLATE_IMAGE_PATH } from './render';
import {
  createNotification,
  deliveriesFor,
  dryRun,
  modifyNotification,
  removeNotification,
  renderRequest,
  sendTest,
  subjectsFor,
  templatesFor,
  type NotificationChange,
} from './service';

/** Recipients the dry run lists by name. */
const DRY_RUN_SAMPLE = 10;

/** A template's image may be SVG: nothing in it runs or loads. */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * E-mail notifications (docs/product/notifications.md; declared in @suite/shared/contracts,
 * notificationsApi): the list, create, modify and delete of pending notifications, and the
 * editor's templates and subjects. Reads need NOTIFICATIONS_READ, writes NOTIFICATIONS_WRITE.
 * The scheduler (scheduler.ts) sends them. A template's image is served to anyone, outside the
 * contract (CONTRACT_EXEMPT): the e-mails show it.
 */
export default async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  const answer = (change: NotificationChange): Envelope<NotificationWriteResult> => ({
    statusCode: 200,
    result: { information: change.information, informationCode: INFORMATION_CODES.success, id: change.id },
  });

  route(app, notificationsApi.notificationList, async () => {
    const records = await listNotifications(db);
    return { statusCode: 200, result: { records, count: records.length } };
  });

  route(app, notificationsApi.notificationCreate, async ({ body }, request) =>
    answer(await createNotification(db, actorOf(request), body, new Date())),
  );

  route(app, notificationsApi.notificationModify, async ({ body }, request) =>
    answer(await modifyNotification(db, actorOf(request), body, new Date())),
  );

  route(app, notificationsApi.notificationDelete, async ({ body }, request) =>
    answer(await removeNotification(db, actorOf(request), body.id)),
  );

  route(app, notificationsApi.templateSubjects, async ({ headers: { idTemplate } }) => {
    const records = await subjectsFor(db, idTemplate);
    return { statusCode: 200, result: { records, count: records.length } };
  });

  route(app, notificationsApi.templatesByApps, async ({ headers: { apps } }) => {
    const records = await templatesFor(db, apps);
    return { statusCode: 200, result: { records, count: records.length } };
  });

  // ours: what the editor shows before saving (Vista previa, docs/product/notifications.md)
  route(app, notificationsApi.notificationPreview, async ({ body }, request) => {
    const contact = await findUserContact(db, (request.user as AuthUser).id);
    return {
      statusCode: 200,
      result: await renderRequest(db, body, new Date(), app.ctx.config.publicUrl, { names: contact?.names ?? '' }),
    };
  });

  route(app, notificationsApi.notificationSendTest, async ({ body }, request) => {
    const email = await sendTest(db, app.ctx.mailer, actorOf(request), body, new Date(), app.ctx.config.publicUrl);
    return {
      statusCode: 200,
      result: { information: formatMessage(NOTIFICATION_MESSAGES.testSent, { email }), informationCode: INFORMATION_CODES.success, email },
    };
  });

  route(app, notificationsApi.notificationDryRun, async ({ body: { applicationIds } }) => ({
    statusCode: 200,
    result: await dryRun(db, applicationIds, DRY_RUN_SAMPLE),
  }));

  route(app, notificationsApi.notificationDeliveries, async ({ headers: { id } }) => {
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
