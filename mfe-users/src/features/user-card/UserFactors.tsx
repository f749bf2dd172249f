import { Box, Button, Table, Text } from '@chakra-ui/react';
import { FACTOR_MESSAGES, apiErrorMessage, call, userFactorsApi, type AccountFactor } from '@suite/shared';
import { ErrorAlert, useConsoleMutation } from '@suite/shared/console';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';

/**
 * The person's second factors on their card (docs/adr/0037-second-factors.md): type, name, added,
 * last used; an administrator removes one (the API checks USERS_WRITE and the escalation rules,
 * audits it and tells the person by e-mail).
 */
export function UserFactors({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation(NS);
  const factors = useQuery({
    queryKey: ['users', 'factors', userId],
    queryFn: () => call(userFactorsApi.list, { params: { id: userId } }),
  });
  const remove = useConsoleMutation({
    run: (factor: AccountFactor) => call(userFactorsApi.remove, { params: { id: userId, factorId: factor.id } }),
    invalidates: ['users'],
    confirm: (factor) => t('factors.confirmRemove', { name: factor.name }),
    success: FACTOR_MESSAGES.removedByAdministrator,
  });
  const when = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : t('factors.never');
  const list = factors.data?.factors ?? [];
  return (
    <Box as="section" aria-labelledby="user-factors" mt="6">
      <Text as="h2" id="user-factors" fontWeight="semibold" fontSize="lg" mb="2">
        {t('factors.title')}
      </Text>
      {factors.error ? <ErrorAlert message={apiErrorMessage(factors.error)} /> : null}
      {factors.isLoading ? (
        <Text role="status">{t('factors.loading')}</Text>
      ) : list.length === 0 ? (
        <Text>{t('factors.none')}</Text>
      ) : (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('factors.kind')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('factors.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('factors.added')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('factors.lastUsed')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('factors.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.map((factor) => (
              <Table.Row key={factor.id}>
                <Table.Cell>{t(`factors.kinds.${factor.kind}`)}</Table.Cell>
                <Table.Cell>{factor.name}</Table.Cell>
                <Table.Cell>{when(factor.createdAt)}</Table.Cell>
                <Table.Cell>{when(factor.lastUsedAt)}</Table.Cell>
                <Table.Cell>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    loading={remove.pending}
                    aria-label={t('factors.removeOne', { name: factor.name })}
                    onClick={() => void remove.mutate(factor)}
                  >
                    {t('factors.remove')}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}
