import { Box, Stack, Table, Text } from '@chakra-ui/react';
import { LoadingState, apiErrorMessage } from '@suite/shared';
import { ErrorAlert, consoleKeys } from '@suite/shared/console';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchHeldPrivileges } from '../../api/userCard';
import { CARD_NS } from './i18n';

/** Key of what the user holds now: a change of the user, a role or a privilege reads it again. */
export const heldPrivilegesKey = (userId: string) => consoleKeys.of('privileges', 'users', userId, 'held');

/**
 * Effective access (what the user can do now): per application, every privilege the user holds
 * and the role(s) giving it — where Keycloak shows only the roles. Read-only; what is saved in
 * the tab above shows here once saved.
 */
export function EffectiveAccess({ userId }: { userId: string }) {
  const { t } = useTranslation(CARD_NS);
  const headingId = useId();
  const held = useQuery({ queryKey: heldPrivilegesKey(userId), queryFn: () => fetchHeldPrivileges(userId), meta: { shows: ['roles'] } });

  return (
    <Box as="section" aria-labelledby={headingId} borderTopWidth="1px" pt="4">
      <Text id={headingId} fontWeight="semibold" mb="1">
        {t('access.title')}
      </Text>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {t('access.hint')}
      </Text>
      {held.isPending ? (
        <LoadingState />
      ) : held.isError ? (
        <ErrorAlert message={apiErrorMessage(held.error)} />
      ) : held.data.length === 0 ? (
        <Text color="fg.muted">{t('access.none')}</Text>
      ) : (
        <Stack gap="4">
          {held.data.map((record) => (
            <Table.Root key={record.application} size="sm" aria-label={t('access.of', { application: record.title })}>
              <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" color="fg">
                {record.title}
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">{t('access.privilege')}</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">{t('access.grantedBy')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {record.privileges.length === 0 ? (
                  <Table.Row>
                    <Table.Cell colSpan={2} color="fg.muted">
                      {t('access.noneHere')}
                    </Table.Cell>
                  </Table.Row>
                ) : (
                  record.privileges.map((privilege) => (
                    <Table.Row key={privilege.name}>
                      <Table.Cell>{privilege.name}</Table.Cell>
                      <Table.Cell>{privilege.roles.join(', ')}</Table.Cell>
                    </Table.Row>
                  ))
                )}
              </Table.Body>
            </Table.Root>
          ))}
        </Stack>
      )}
    </Box>
  );
}
