import { Box, Heading } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { UsersList } from './features/users-list/UsersList';
import { NS } from './i18n';

/** The users screen (/users): its title and the list. */
export function UsersPage() {
  const { t } = useTranslation(NS);
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h1" id={headingId} size="xl" mb="4">
        {t('title')}
      </Heading>
      <UsersList label={t('title')} />
    </Box>
  );
}
