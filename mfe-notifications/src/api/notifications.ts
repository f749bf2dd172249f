import { apiClient } from '@suite/shared';
import {
  type ApplicationOption,
  type ApplicationOptionsResult,
  type CreateNotificationRequest,
  type NotificationDeliveriesResult,
  type NotificationDryRunResult,
  type NotificationListResult,
  type NotificationPreviewResult,
  type NotificationRecord,
  type NotificationSubject,
  type NotificationTemplate,
  type NotificationTestResult,
  type NotificationWriteResult,
  type SubjectsResult,
  type TemplatesByAppsResult,
} from '@suite/shared/console';

/**
 * Typed calls of the notifications section (console spec §7 "Notifications", and the preview,
 * test send, dry run and deliveries of ours), through the page's API client (auth header, refresh
 * on 401, privileges dialog on 403). Failures throw ApiError; the caller shows its message.
 */

/** A notification as the editor sends it: `variables` serialised (spec §3). */
export type NotificationBody = Omit<CreateNotificationRequest, 'variables' | 'timeZone'> & { variables: string };

/** GET /api/Notifications/List: every notification, newest first, with its delivery counts. */
export async function fetchNotifications(): Promise<NotificationRecord[]> {
  return (await apiClient.get<NotificationListResult>('Notifications/List')).result?.records ?? [];
}

/** GET /api/application/getApplicationsForAssignNotification: the visible, active applications. */
export async function fetchNotificationApplications(): Promise<ApplicationOption[]> {
  return (await apiClient.get<ApplicationOptionsResult>('application/getApplicationsForAssignNotification')).result.records;
}

/** GET /api/ApplicationsTemplates/TemplatesByApps (header apps): the templates offered for every one of them. */
export async function fetchTemplates(applicationIds: readonly number[]): Promise<NotificationTemplate[]> {
  if (applicationIds.length === 0) return [];
  return (await apiClient.get<TemplatesByAppsResult>('ApplicationsTemplates/TemplatesByApps', { headers: { apps: applicationIds.join(',') } })).result.records;
}

/** GET /api/Subjects/SubjectsByTemplateId (header idTemplate). */
export async function fetchSubjects(templateId: string): Promise<NotificationSubject[]> {
  return (await apiClient.get<SubjectsResult>('Subjects/SubjectsByTemplateId', { headers: { idTemplate: templateId } })).result.records;
}

export async function createNotification(body: NotificationBody): Promise<NotificationWriteResult> {
  return (await apiClient.post<NotificationWriteResult>('Notifications/Create', body)).result;
}

export async function modifyNotification(id: number, body: NotificationBody): Promise<NotificationWriteResult> {
  return (await apiClient.post<NotificationWriteResult>('Notifications/Modify', { id, ...body })).result;
}

export async function deleteNotification(id: number): Promise<NotificationWriteResult> {
  return (await apiClient.post<NotificationWriteResult>('Notifications/Delete', { id })).result;
}

/** POST /api/Notifications/Preview: the e-mail as it would go out, rendered for the caller (nothing saved). */
export async function previewNotification(body: NotificationBody): Promise<NotificationPreviewResult> {
  return (await apiClient.post<NotificationPreviewResult>('Notifications/Preview', body)).result;
}

/** POST /api/Notifications/SendTest: the e-mail to the caller's own address (nothing saved). */
export async function sendTestNotification(body: NotificationBody): Promise<NotificationTestResult> {
  return (await apiClient.post<NotificationTestResult>('Notifications/SendTest', body)).result;
}

/** POST /api/Notifications/DryRun: how many recipients the applications have now, and the first ones. */
export async function dryRunNotification(applicationIds: readonly number[]): Promise<NotificationDryRunResult> {
  return (await apiClient.post<NotificationDryRunResult>('Notifications/DryRun', { applicationIds })).result;
}

/** GET /api/Notifications/Deliveries (header id): each recipient's delivery, failed ones first. */
export async function fetchDeliveries(id: number): Promise<NotificationDeliveriesResult> {
  return (await apiClient.get<NotificationDeliveriesResult>('Notifications/Deliveries', { headers: { id: String(id) } })).result;
}
