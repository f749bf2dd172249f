import { Box, Button, Text, VisuallyHidden } from '@chakra-ui/react';
import { formatDate, useLocalize } from '@suite/shared';
import {
  LocalPageTable,
  STATE_DATE_SORT,
  showMessage,
  useConsoleMutation,
  useLocalPage,
  type DataTableColumn,
  NOTIFICATION_MESSAGES,
  type NotificationRecord,
} from '@suite/shared/console';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { deleteNotification, fetchNotifications } from '../../api/notifications';
import { NS } from '../../i18n';
import { NOTIFICATION_ORDER, applicationsSummary, formatInstant, formatUtc, isPending } from '../common/notification';

/**
 * The delete icon shows only while its row is hovered or holds the focus; the
 * motive and subject wrap so every column fits the console's width.
 */
const LIST_STYLES = {
  '& tbody td:nth-of-type(-n+2)': { whiteSpace: 'normal' },
  '& tbody tr td:last-of-type button': { opacity: 0 },
  '& tbody tr:hover td:last-of-type button, & tbody tr:focus-within td:last-of-type button': { opacity: 1 },
};

/**
 * The notifications list (docs/product/notifications.md): every notification read at
 * once, so search, sort (Pendiente, Ejecutada, Más reciente, Más antiguo) and pages are the
 * table's; a pending row opens the editor, an executed one says it cannot be changed; the delete
 * icon, for pending rows only, asks first. The counts lead to each recipient's delivery.
 */
export function NotificationsList({ label }: { label: string }) {
  const { t, i18n } = useTranslation(NS);
  const localized = useLocalize();
  const navigate = useNavigate();
  const list = useLocalPage<NotificationRecord>({
    entity: 'notifications',
    rememberAs: 'notifications',
    fetchAll: fetchNotifications,
    order: NOTIFICATION_ORDER,
    defaultSort: STATE_DATE_SORT.newest,
    shows: ['applications'],
    stateLabels: { active: t('sort.pending'), inactive: t('sort.executed') },
  });

  const remove = useConsoleMutation({
    run: (notification: NotificationRecord) => deleteNotification(notification.id),
    invalidates: ['notifications'],
    success: (reply) => reply.information || NOTIFICATION_MESSAGES.deleted,
    autoClose: true,
    showForbidden: true,
  });

  const columns = useMemo<DataTableColumn<NotificationRecord>[]>(() => {
    const stateName = (row: NotificationRecord) => t(isPending(row) ? 'state.pending' : 'state.executed');
    return [
      { key: 'reason', header: t('columns.reason'), width: '22%' },
      { key: 'subjectName', header: t('columns.subject'), width: '20%' },
      {
        key: 'sharedApps',
        header: t('columns.applications'),
        searchText: (row) => row.sharedApps.join(', '),
        render: (row) =>
          row.sharedApps.length > 2 ? (
            <Text as="span" title={row.sharedApps.join(', ')}>
              <span aria-hidden="true">{applicationsSummary(row.sharedApps)}</span>
              <VisuallyHidden>{t('allApps', { list: row.sharedApps.join(', ') })}</VisuallyHidden>
            </Text>
          ) : (
            applicationsSummary(row.sharedApps)
          ),
      },
      {
        key: 'executionDate',
        header: t('columns.executionDate'),
        // the send time itself, in the notification's zone and in UTC, on hover
        render: (row) => (
          <Text
            as="span"
            title={`${formatInstant(new Date(row.sendAt), row.timeZone, i18n.language)} (${row.timeZone}) · ${formatUtc(new Date(row.sendAt))}`}
          >
            {formatDate(row.executionDate)}
          </Text>
        ),
        searchText: (row) => formatDate(row.executionDate),
      },
      { key: 'stateName', header: t('columns.state'), render: stateName, searchText: stateName },
      { key: 'sent', header: t('columns.sent'), render: (row) => String(row.sent) },
      { key: 'failed', header: t('columns.failed'), render: (row) => String(row.failed) },
      {
        key: 'deliveries',
        header: t('columns.deliveries'),
        searchText: () => '',
        render: (row) => (
          <Button
            size="xs"
            variant="outline"
            aria-label={t('seeDeliveries', { name: row.reason })}
            onClick={(event) => {
              event.stopPropagation();
              navigate(`${row.id}/deliveries`);
            }}
          >
            {t('deliveriesShort')}
          </Button>
        ),
      },
    ];
  }, [t, i18n.language, navigate]);

  const open = (row: NotificationRecord) => {
    if (isPending(row)) navigate(String(row.id));
    else void showMessage({ message: localized(NOTIFICATION_MESSAGES.executedReadOnly) });
  };

  return (
    <Box css={LIST_STYLES}>
      <LocalPageTable<NotificationRecord>
        list={list}
        label={label}
        columns={columns}
        rowId={(row) => row.id}
        rowLabel={(row) => row.reason}
        loadingLabel={t('loadingList')}
        onRowClick={open}
        createLabel={localized(NOTIFICATION_MESSAGES.create)}
        rowDelete={{
          available: isPending,
          confirmMessage: () => localized(NOTIFICATION_MESSAGES.confirmDelete),
          onDelete: (row) => remove.mutate(row),
        }}
      />
    </Box>
  );
}
