import { Box, Button, HStack, Table, Text } from '@chakra-ui/react';
import { LoadingState, apiErrorMessage } from '@suite/shared';
import { ErrorAlert, useConsoleMutation } from '@suite/shared/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  USER_SECURITY_MESSAGES,
  closeAllSessions,
  closeSession,
  fetchSessions,
  type UserSession,
  type UserSessions,
} from '../../api/userSecurity';
import { CARD_NS } from './i18n';

/**
 * The card's Sesiones tab (docs/product/users.md, Sessions and lockout): where the person is
 * signed in; an administrator closes one session or all of them (the API checks USERS_WRITE and
 * the escalation rules, audits it and signs the person's open pages out). Read-only for the
 * card's edit mode: each close is its own confirmed action.
 */
export function SessionsTab({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation(CARD_NS);
  const client = useQueryClient();
  const queryKey = ['users', 'sessions', userId];
  const sessions = useQuery({
    queryKey,
    queryFn: () => fetchSessions(userId),
  });
  // the reply holds the sessions left: shown at once, while the reload of the users runs
  const showLeft = (left: UserSessions) => {
    client.setQueryData(queryKey, left);
    return left;
  };
  const close = useConsoleMutation({
    run: async (session: UserSession) => showLeft(await closeSession(userId, session.id)),
    invalidates: ['users'],
    confirm: t('sessions.confirmClose'),
    success: USER_SECURITY_MESSAGES.sessionClosed,
  });
  const closeAll = useConsoleMutation({
    run: async () => showLeft(await closeAllSessions(userId)),
    invalidates: ['users'],
    confirm: t('sessions.confirmCloseAll'),
    success: USER_SECURITY_MESSAGES.sessionsClosed,
  });

  const when = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : t('sessions.never');
  const list = sessions.data?.sessions ?? [];
  const busy = close.pending || closeAll.pending;

  if (sessions.isLoading) return <LoadingState label={t('sessions.loading')} />;
  return (
    <Box>
      {sessions.error ? <ErrorAlert message={apiErrorMessage(sessions.error)} mb="3" /> : null}
      {sessions.error ? null : list.length === 0 ? (
        <Text>{t('sessions.none')}</Text>
      ) : (
        <>
          <HStack justify="flex-end" mb="3">
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              loading={closeAll.pending}
              disabled={busy}
              onClick={() => void closeAll.mutate()}
            >
              {t('sessions.closeAll')}
            </Button>
          </HStack>
          <Table.Root size="sm" aria-label={t('sessions.label')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('sessions.application')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('sessions.device')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('sessions.browser')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('sessions.address')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('sessions.startedAt')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('sessions.lastRefreshAt')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('sessions.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((session) => (
                <Table.Row key={session.id}>
                  <Table.Cell>{session.applicationTitle}</Table.Cell>
                  <Table.Cell>{t(`sessions.devices.${session.deviceType}`)}</Table.Cell>
                  <Table.Cell>{session.browser}</Table.Cell>
                  <Table.Cell>{session.address ?? '—'}</Table.Cell>
                  <Table.Cell>{when(session.startedAt)}</Table.Cell>
                  <Table.Cell>{when(session.lastRefreshAt)}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="2" justify="flex-end">
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        loading={close.pending}
                        disabled={busy}
                        aria-label={t('sessions.closeOne', { application: session.applicationTitle })}
                        onClick={() => void close.mutate(session)}
                      >
                        {t('sessions.close')}
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </>
      )}
    </Box>
  );
}
