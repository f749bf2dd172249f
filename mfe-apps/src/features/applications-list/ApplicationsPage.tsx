import { CardFrame } from '@suite/shared/console';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { ApplicationsList } from './ApplicationsList';

/** The applications screen (/apps): its title and the list. */
export function ApplicationsPage() {
  const { t } = useTranslation(NS);
  return (
    <CardFrame title={t('apps')}>
      <ApplicationsList label={t('apps')} />
    </CardFrame>
  );
}
