import { Table, Text } from '@chakra-ui/react';
import { LoadingState, PATHS, apiErrorMessage, useLocalize } from '@suite/shared';
import { CardFrame, ErrorAlert, TABLE_HEIGHT, type NotificationDelivery } from '@suite/shared/console';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchDeliveries, fetchNotifications } from '../../api/notifications';
import { NS } from '../../i18n';
import { notificationKeys } from '../common/notification';

const STATUS_COLOURS: Record<NotificationDelivery['status'], string> = { pending: 'gray', sending: 'blue', sent: 'green', failed: 'red' };

/** Each recipient's delivery of a notification, failed ones first (read-only). */
export function DeliveriesPage({ notificationId }: { notificationId: string }) {
  const { t, i18n } = useTranslation(NS);
  const localized = useLocalize();
  const navigate = useNavigate();
  const id = Number(notificationId);
  const list = useQuery({ queryKey: notificationKeys.all, queryFn: fetchNotifications });
  const record = list.data?.find((notification) => notification.id === id);
  const deliveries = useQuery({
    queryKey: notificationKeys.deliveries(id),
    queryFn: () => fetchDeliveries(id),
    enabled: Number.isInteger(id) && id > 0,
  });
  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short', timeZone: record?.timeZone }).format(new Date(iso))
      : '';

  return (
    <CardFrame
      title={t('deliveries.title')}
      back={{ label: t('backToList'), onClick: () => navigate(PATHS.notifications) }}
      subtitle={
        record
          ? `${record.reason} · ${t('deliveries.summary', { recipients: record.recipients, sent: record.sent, failed: record.failed })}`
          : null
      }
    >
      {deliveries.isPending ? <LoadingState label={t('loading')} /> : null}
      {deliveries.error ? <ErrorAlert message={localized(apiErrorMessage(deliveries.error))} /> : null}
      {deliveries.data ? (
        deliveries.data.records.length === 0 ? (
          <Text>{t('deliveries.none')}</Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH={TABLE_HEIGHT} bg="white">
            <Table.Root aria-label={t('deliveries.title')} size="sm" stickyHeader>
              <Table.Header>
                <Table.Row>
                  {(['email', 'names', 'status', 'attempts', 'sentAt', 'lastError'] as const).map((column) => (
                    <Table.ColumnHeader key={column} scope="col">
                      {t(`deliveries.${column}`)}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {deliveries.data.records.map((delivery) => (
                  <Table.Row key={delivery.email}>
                    <Table.Cell>{delivery.email}</Table.Cell>
                    <Table.Cell>{delivery.names}</Table.Cell>
                    <Table.Cell>
                      <Text
                        as="span"
                        px="1.5"
                        py="0.5"
                        borderRadius="sm"
                        fontSize="xs"
                        fontWeight="medium"
                        bg={`${STATUS_COLOURS[delivery.status]}.100`}
                        color={`${STATUS_COLOURS[delivery.status]}.800`}
                      >
                        {t(`deliveries.statuses.${delivery.status}`)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{delivery.attempts}</Table.Cell>
                    <Table.Cell>{when(delivery.sentAt)}</Table.Cell>
                    <Table.Cell>{delivery.lastError ?? ''}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )
      ) : null}
    </CardFrame>
  );
}
