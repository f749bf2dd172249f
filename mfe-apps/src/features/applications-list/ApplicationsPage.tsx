import { Box, Heading } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { ApplicationsList } from './ApplicationsList';

/** The applications screen (/apps): its title and the list. */
export function ApplicationsPage() {
  const { t } = useTranslation(NS);
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h1" id={headingId} size="xl" mb="4">
        {t('apps')}
      </Heading>
      <ApplicationsList label={t('apps')} />
    </Box>
  );
}
