import { Center, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { COMMON_NS } from '../i18n';

/** A polite, labelled loading indicator. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation(COMMON_NS);
  return (
    <Center role="status" aria-live="polite" py="10" gap="3">
      <Spinner size="md" color="brand.main" aria-hidden="true" />
      <Text>{label ?? t('loading')}</Text>
    </Center>
  );
}
