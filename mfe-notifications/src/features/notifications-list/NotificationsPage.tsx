import { useLocalize } from '@suite/shared';
import { CardFrame, NOTIFICATION_MESSAGES } from '@suite/shared/console';
import { NotificationsList } from './NotificationsList';

/** The notifications screen (/notifications): its header 'Notificaciones de correo' and the list. */
export function NotificationsPage() {
  const localized = useLocalize();
  const title = localized(NOTIFICATION_MESSAGES.listTitle);
  return (
    <CardFrame title={title}>
      <NotificationsList label={title} />
    </CardFrame>
  );
}
