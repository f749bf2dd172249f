import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { applicationTitles, firstApplications } from './listing';

/**
 * The applications of a row (docs/product/access.md, Screens): the first two, then '+N' whose tooltip (and
 * accessible name) lists them all. A native title: no tooltip machine in the shared Chakra entry.
 */
export function AppsCell({ sharedApps }: { sharedApps: string }) {
  const { t } = useTranslation(NS);
  const titles = applicationTitles(sharedApps);
  const { shown, more } = firstApplications(titles);
  return (
    <Text as="span">
      {shown.join(', ')}
      {more > 0 ? (
        <Text
          as="span"
          ms="1"
          px="1.5"
          borderRadius="sm"
          bg="gray.100"
          fontSize="xs"
          title={titles.join(', ')}
          aria-label={t('allApps', { list: titles.join(', ') })}
        >
          {t('moreApps', { count: more })}
        </Text>
      ) : null}
    </Text>
  );
}
