import { Box, Heading, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { COMMON_NS } from '../i18n';

export interface ScreenPlaceholderProps {
  /** Title of the screen (already translated). */
  title: string;
  /** Route or section name to show; the current path when omitted. */
  route?: string;
}

/** A plain stand-in for a screen that is not built yet, inside the remote that owns it. */
export function ScreenPlaceholder({ title, route }: ScreenPlaceholderProps) {
  const { t } = useTranslation(COMMON_NS);
  const { pathname } = useLocation();
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} p="6">
      <Heading as="h1" id={headingId} size="xl" mb="2">
        {title}
      </Heading>
      <Text>{t('placeholder.body')}</Text>
      <Text color="fg.muted" fontSize="sm" mt="1">
        {t('placeholder.route', { route: route ?? pathname })}
      </Text>
    </Box>
  );
}
