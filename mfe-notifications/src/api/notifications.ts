import { call } from '@suite/shared';
import {
  applicationsAdminApi,
  notificationsApi,
  type ApplicationOption,
  type CreateNotificationRequest,
  type NotificationDeliveriesResult,
  type NotificationDryRunResult,
  type NotificationPreviewResult,
  type NotificationRecord,
  type NotificationSubject,
  type NotificationTemplate,
  type NotificationTestResult,
  type NotificationWriteResult,
} from '@suite/shared/console';

/**
 * The notifications section's calls (docs/product/notifications.md, Calls: the preview, test
 * send, dry run and deliveries included), each through its declaration (notificationsApi, and the
 * application picker's in applicationsAdminApi) and the page's API client (auth header, refresh
 * on 401, privileges dialog on 403). Failures throw ApiError; the caller shows its message.
 */

/** A notification as the editor sends it: `variables` serialised. */
export type NotificationBody = Omit<CreateNotificationRequest, 'variables' | 'timeZone'> & { variables: string };

/** Every notification, newest first, with its delivery counts. */
export async function fetchNotifications(): Promise<NotificationRecord[]> {
  return (await call(notificationsApi.notificationList)).records ?? [];
}

/** The visible, active applications a notification may go to. */
export async function fetchNotificationApplications(): Promise<ApplicationOption[]> {
  return (await call(applicationsAdminApi.notificationApplications)).records;
}

/** The templates offered for every one of the applications. */
export async function fetchTemplates(applicationIds: readonly number[]): Promise<NotificationTemplate[]> {
  if (applicationIds.length === 0) return [];
  return (await call(notificationsApi.templatesByApps, { headers: { apps: applicationIds.join(',') } })).records;
}

/** A template's subjects. */
export async function fetchSubjects(templateId: string): Promise<NotificationSubject[]> {
  return (await call(notificationsApi.templateSubjects, { headers: { idTemplate: templateId } })).records;
}

export function createNotification(body: NotificationBody): Promise<NotificationWriteResult> {
  return call(notificationsApi.notificationCreate, { body });
}

export function modifyNotification(id: number, body: NotificationBody): Promise<NotificationWriteResult> {
  return call(notificationsApi.notificationModify, { body: { id, ...body } });
}

export function deleteNotification(id: number): Promise<NotificationWriteResult> {
  return call(notificationsApi.notificationDelete, { body: { id } });
}

/** The e-mail as it would go out, rendered for the caller (nothing saved). */
export function previewNotification(body: NotificationBody): Promise<NotificationPreviewResult> {
  return call(notificationsApi.notificationPreview, { body });
}

/** The e-mail to the caller's own address (nothing saved). */
export function sendTestNotification(body: NotificationBody): Promise<NotificationTestResult> {
  return call(notificationsApi.notificationSendTest, { body });
}

/** How many recipients the applications have now, and the first ones. */
export function dryRunNotification(applicationIds: readonly number[]): Promise<NotificationDryRunResult> {
  return call(notificationsApi.notificationDryRun, { body: { applicationIds: [...applicationIds] } });
}

/** Each recipient's delivery, failed ones first. */
export function fetchDeliveries(id: number): Promise<NotificationDeliveriesResult> {
  return call(notificationsApi.notificationDeliveries, { headers: { id: String(id) } });
}
