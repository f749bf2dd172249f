import { Button, Card } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { COMMON_NS } from '../i18n';

export interface SectionUnavailableProps {
  /** Re-attempts loading the section. */
  onRetry: () => void;
  retrying?: boolean;
}

/** Shown in place of a section whose bundle could not be loaded; the rest of the page keeps working. */
export function SectionUnavailable({ onRetry, retrying = false }: SectionUnavailableProps) {
  const { t } = useTranslation(COMMON_NS);
  return (
    <Card.Root role="alert" maxW="md" mx="auto" my="10" variant="outline">
      <Card.Body gap="2">
        <Card.Title as="h2">{t('unavailable.title')}</Card.Title>
        <Card.Description>{t('unavailable.body')}</Card.Description>
      </Card.Body>
      <Card.Footer>
        <Button colorPalette="brand" onClick={onRetry} loading={retrying}>
          {t('unavailable.retry')}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
