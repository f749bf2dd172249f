import { Box, Text } from '@chakra-ui/react';
import { FACTOR_MESSAGES, apiErrorMessage, call, userFactorsApi, type AccountFactor } from '@suite/shared';
import { ErrorAlert, useConsoleMutation } from '@suite/shared/console';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FactorsTable } from '../../components/FactorsTable';
import { NS } from '../../i18n';

/**
 * The person's second factors on their card (docs/adr/0037-second-factors.md): type, name, added,
 * last used; an administrator removes one (the API checks USERS_WRITE and the escalation rules,
 * audits it and tells the person by e-mail).
 */
export function UserFactors({ userId }: { userId: string }) {
  const { t } = useTranslation(NS);
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
        <FactorsTable factors={list} busy={remove.pending} onRemove={(factor) => void remove.mutate(factor)} />
      )}
    </Box>
  );
}
