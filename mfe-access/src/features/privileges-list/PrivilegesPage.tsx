import { CardFrame } from '@suite/shared/console';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { PrivilegesList } from './PrivilegesList';

/** The privileges screen (/privileges): its title and the list. */
export function PrivilegesPage() {
  const { t } = useTranslation(NS);
  return (
    <CardFrame title={t('privileges')}>
      <PrivilegesList label={t('privileges')} />
    </CardFrame>
  );
}
