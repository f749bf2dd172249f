import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { LoadingState } from '@suite/shared';
import { ErrorAlert, loadStateOf, isActiveState } from '@suite/shared/console';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchPrivilegeRoles } from '../../api/access';
import { NS } from '../../i18n';
import { privilegeKeys } from '../common/privilege';

/** Effective access: per application, the roles that give the privilege there (GET /api/privilege/roles). */
export function PrivilegeGrants({ privilegeId }: { privilegeId: number }) {
  const { t } = useTranslation(NS);
  const grants = useQuery({
    queryKey: privilegeKeys.grants(String(privilegeId)),
    queryFn: () => fetchPrivilegeRoles(privilegeId),
    meta: { shows: ['applications'] },
  });
  const load = loadStateOf(grants);
  if (load.status === 'loading') return <LoadingState label={t('loadingCard')} />;
  if (load.status === 'error') return <ErrorAlert message={load.message} />;
  const records = grants.data ?? [];
  return (
    <Box as="section" aria-label={t('privilegeCard.grants.heading')}>
      <Heading as="h3" size="sm" mb="3">
        {t('privilegeCard.grants.heading')}
      </Heading>
      {records.length === 0 ? <Text color="fg.muted">{t('privilegeCard.grants.none')}</Text> : null}
      <Stack as="ul" gap="3" listStyleType="none">
        {records.map((record) => (
          <Box as="li" key={record.application} borderWidth="1px" borderRadius="md" p="3">
            <Text fontWeight="semibold">{record.title || record.application}</Text>
            {!record.held ? (
              <Text fontSize="sm" color="fg.warning">
                {t('privilegeCard.grants.notHeld')}
              </Text>
            ) : null}
            {record.roles.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                {t('privilegeCard.grants.noRoles')}
              </Text>
            ) : (
              <Stack as="ul" gap="1" mt="1" listStyleType="none" aria-label={record.title || record.application}>
                {record.roles.map((role) => (
                  <Text as="li" key={role.id}>
                    {role.name}{' '}
                    {isActiveState(role.idstate) ? null : (
                      <Text as="span" px="1.5" borderRadius="sm" bg="gray.100" fontSize="xs">
                        {t('privilegeCard.grants.inactive')}
                      </Text>
                    )}
                  </Text>
                ))}
              </Stack>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
