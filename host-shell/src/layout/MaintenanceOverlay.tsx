import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { COMMON_NS, fetchMaintenanceWindow, useProfile, type MaintenanceWindowResult } from '@suite/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from './Logo';

/**
 * Maintenance overlay (docs/product/portal.md, The maintenance overlay): while the application's maintenance window is
 * active it covers the sign-in screens with the message, the logos and 'Entendido'. A failed
 * fetch of the window fails silently.
 */
export function MaintenanceOverlay() {
  const { t } = useTranslation(COMMON_NS);
  const maintenanceImage = useProfile().logos.maintenance;
  const [window, setWindow] = useState<MaintenanceWindowResult | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const titleId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let live = true;
    void fetchMaintenanceWindow().then((found) => {
      if (live) setWindow(found);
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (window && !dismissed) buttonRef.current?.focus();
  }, [window, dismissed]);

  if (!window || dismissed) return null;
  return (
    <Box position="fixed" inset="0" zIndex="overlay" bg="bg" display="flex" alignItems="center" justifyContent="center" p="4">
      <Box
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        bg="bg.panel"
        borderRadius="lg"
        boxShadow="md"
        p="8"
        maxW="lg"
        w="full"
      >
        <Stack gap="5" align="center" textAlign="center">
          <HStack gap="4">
            <Logo height={40} />
          </HStack>
          <img src={maintenanceImage} alt="" width={160} height={120} />
          <Heading as="h1" id={titleId} size="lg">
            {t('maintenance.title')}
          </Heading>
          <Text>{window.message}</Text>
          <Button ref={buttonRef} colorPalette="brand" onClick={() => setDismissed(true)}>
            {t('maintenance.accept')}
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}
