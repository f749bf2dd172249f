import { Center, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { COMMON_NS } from '../i18n';
import { DEFAULT_LANGUAGE, asLanguage, phrase } from '../phrases/core';

/** A polite, labelled loading indicator. */
export function LoadingState({ label }: { label?: string }) {
  // 'Cargando…' is the catalogue's page.loading, which the server's first paint says too
  const { i18n } = useTranslation(COMMON_NS);
  return (
    <Center role="status" aria-live="polite" py="10" gap="3">
      <Spinner size="md" color="brand.main" aria-hidden="true" />
      <Text>{label ?? phrase('page.loading', asLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE)}</Text>
    </Center>
  );
}
