import { Box, Heading } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { RolesList } from './RolesList';

/** The roles screen (/roles): its title and the list. */
export function RolesPage() {
  const { t } = useTranslation(NS);
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h1" id={headingId} size="xl" mb="4">
        {t('roles')}
      </Heading>
      <RolesList label={t('roles')} />
    </Box>
  );
}
