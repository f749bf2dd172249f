import { Box, Heading, Stack } from '@chakra-ui/react';
import { useEntrance } from '@suite/shared/console';
import { useEffect, useId, type ReactNode } from 'react';

/**
 * A modal dialog of the editor (the item and suite forms): labelled by its title, Escape closes it,
 * focus starts on its first field and comes back to what opened it. Plain markup, like the page's
 * DialogHost: no Chakra state machine on a route that does not need it. It enters like the page's
 * dialogs (docs/adr/0032); closing is at once, so focus is back where it was without a wait.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
}) {
  const titleId = useId();
  const boxRef = useEntrance<HTMLDivElement>('open');
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    boxRef.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    return () => opener?.focus?.();
  }, [boxRef]);
  return (
    <Box position="fixed" inset="0" zIndex="modal" bg="blackAlpha.600" display="flex" alignItems="center" justifyContent="center" p="4">
      <Box
        ref={boxRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        bg="white"
        borderRadius="lg"
        boxShadow="lg"
        p="6"
        w="full"
        maxW="2xl"
        maxH="90vh"
        overflowY="auto"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          }
        }}
      >
        <Stack gap="4">
          <Heading as="h2" id={titleId} size="md">
            {title}
          </Heading>
          {children}
          <Box display="flex" justifyContent="flex-end" gap="2">
            {footer}
          </Box>
        </Stack>
      </Box>
    </Box>
  );
}
