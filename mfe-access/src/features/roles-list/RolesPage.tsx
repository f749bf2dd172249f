import { CardFrame } from '@suite/shared/console';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { RolesList } from './RolesList';

/** The roles screen (/roles): its title and the list. */
export function RolesPage() {
  const { t } = useTranslation(NS);
  return (
    <CardFrame title={t('roles')}>
      <RolesList label={t('roles')} />
    </CardFrame>
  );
}
