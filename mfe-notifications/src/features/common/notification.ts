import { consoleKeys, type StateDateOrder, NOTIFICATION_STATE, type NotificationRecord } from '@suite/shared/console';

/** Keys of what the notifications section reads (ADR 0009). */
export const notificationKeys = {
  /** Every notification (the list; the editor finds its record there). */
  all: consoleKeys.list('notifications', 'all'),
  /** The applications a notification may go to. */
  applications: consoleKeys.of('applications', 'notifications', undefined, 'selectable'),
  /** The templates offered for every one of the applications (ids sorted). */
  templates: (applicationIds: readonly number[]) =>
    consoleKeys.reference('notification-templates', [...applicationIds].sort((a, b) => a - b).join(',')),
  subjects: (templateId: string) => consoleKeys.reference('notification-subjects', templateId),
  deliveries: (id: number) => consoleKeys.detail('notifications', `${id}/deliveries`),
};

/** PENDIENTE can be opened and deleted; EJECUTADA is read-only (docs/product/notifications.md). */
export const isPending = (notification: Pick<NotificationRecord, 'idstate'>) => notification.idstate === NOTIFICATION_STATE.pending;

/** The sort menu: Pendiente / Ejecutada first, or by creation date. */
export const NOTIFICATION_ORDER: StateDateOrder<NotificationRecord> = {
  isActive: isPending,
  date: (notification) => notification.createdon,
};

/** The applications column: the first two names, an ellipsis when there are more. */
export function applicationsSummary(titles: readonly string[], shown = 2): string {
  return titles.length > shown ? `${titles.slice(0, shown).join(', ')}, …` : titles.join(', ');
}

/**
 * An instant as the wall clock of `timeZone` reads it, and its zone's short name, in `language`
 * ('10/03/2026, 23:59 GMT-5'); UTC as 'YYYY-MM-DD HH:mm UTC'.
 */
export function formatInstant(instant: Date, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(instant);
}
export const formatUtc = (instant: Date) => `${instant.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
