import { Text } from '@chakra-ui/react';
import { COMMON_NS, useAppVersion, useProfileInMode } from '@suite/shared';
import { useTranslation } from 'react-i18next';

/** 'Versión x.y.z' in the profile's version-label colour; nothing until a version is known. */
export function VersionLabel() {
  const { t } = useTranslation(COMMON_NS);
  const version = useAppVersion();
  const { versionLabel } = useProfileInMode().colors;
  if (!version) return null;
  return (
    <Text fontSize="xs" color={versionLabel} textAlign="center" data-testid="version-label">
      {t('version', { version })}
    </Text>
  );
}
