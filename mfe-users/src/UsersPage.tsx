import { CardFrame } from '@suite/shared/console';
import { useTranslation } from 'react-i18next';
import { UsersList } from './features/users-list/UsersList';
import { NS } from './i18n';

/** The users screen (/users): its title and the list. */
export function UsersPage() {
  const { t } = useTranslation(NS);
  return (
    <CardFrame title={t('title')}>
      <UsersList label={t('title')} />
    </CardFrame>
  );
}
