import { Box, Heading } from '@chakra-ui/react';
import { useLocalize } from '@suite/shared';
import { NOTIFICATION_MESSAGES } from '@suite/shared/console';
import { useId } from 'react';
import { NotificationsList } from './NotificationsList';

/** The notifications screen (/notifications): its header 'Notificaciones de correo' and the list. */
export function NotificationsPage() {
  const localized = useLocalize();
  const headingId = useId();
  const title = localized(NOTIFICATION_MESSAGES.listTitle);
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h1" id={headingId} size="xl" mb="4">
        {title}
      </Heading>
      <NotificationsList label={title} />
    </Box>
  );
}
