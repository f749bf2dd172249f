import { Box, Heading } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { PrivilegesList } from './PrivilegesList';

/** The privileges screen (/privileges): its title and the list. */
export function PrivilegesPage() {
  const { t } = useTranslation(NS);
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h1" id={headingId} size="xl" mb="4">
        {t('privileges')}
      </Heading>
      <PrivilegesList label={t('privileges')} />
    </Box>
  );
}
