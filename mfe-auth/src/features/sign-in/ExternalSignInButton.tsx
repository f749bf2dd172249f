import { Stack, Text } from '@chakra-ui/react';
import { apiErrorMessage, pageLocation, useLocalize, useProfileInMode } from '@suite/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { requestExternalSignIn } from '../../oidcRequests';
import { OtherWayButton } from './OtherWayButton';

/**
 * The identity-provider button (docs/product/sign-in.md, External identity provider) of the sign-in screens whose profile
 * offers it (`externalSignIn`): asks the API for the provider's address and sends the browser there.
 */
export function ExternalSignInButton() {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const { externalSignIn, colors } = useProfileInMode();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!externalSignIn) return null;

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      pageLocation.assign(await requestExternalSignIn());
    } catch (failure) {
      setError(apiErrorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <Stack gap="2">
      <OtherWayButton label={t('external.button')} busy={busy} onClick={() => void start()} />
      {error ? (
        <Text role="alert" color={colors.errorBox.text} bg={colors.errorBox.background} px="3" py="2" borderRadius="md">
          {localized(error)}
        </Text>
      ) : null}
    </Stack>
  );
}
