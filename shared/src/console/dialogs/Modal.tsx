import { Box, Heading, Stack } from '@chakra-ui/react';
import { useEffect, useId, type KeyboardEvent, type ReactNode } from 'react';
import { useEntrance } from '../motion/motion';

export interface ModalProps {
  /** The dialog's name: its h2 heading. */
  title: string;
  /** Escape; the screen's own buttons call it too. */
  onClose: () => void;
  children: ReactNode;
  /** The buttons, at the end on the right. */
  footer?: ReactNode;
  /** The box's widest; '2xl' when omitted. */
  maxW?: string;
  /** Where focus starts: the first field or button ('first-field', the default) or the box itself ('dialog'). */
  initialFocus?: 'first-field' | 'dialog';
}

/** What Tab reaches inside the box; elements taken out of the order (tabindex -1) or hidden are skipped. */
const FOCUSABLE = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]';

function controlsOf(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.matches(':disabled') && !element.closest('[hidden], [inert]'),
  );
}

/** The first field (input, select, text area) or button; any control when there is none. */
function firstField(box: HTMLElement): HTMLElement | undefined {
  const controls = controlsOf(box);
  return controls.find((element) => element.matches('input, select, textarea, button')) ?? controls[0];
}

/** Tab and Shift+Tab go round the dialog's controls: the page behind it is out of reach while it is open. */
function keepFocusInside(event: KeyboardEvent<HTMLElement>) {
  const box = event.currentTarget;
  const controls = controlsOf(box);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === box)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog of a screen (an editor's form, a record's detail): labelled by its title, Escape
 * closes it, Tab stays inside it, focus starts on its first field (or on the box) and comes back to
 * what opened it when it goes. Plain markup, like the page's DialogHost: no Chakra state machine.
 * It enters like the page's dialogs (docs/adr/0032); closing is at once, so focus is back where it
 * was without a wait.
 */
export function Modal({ title, onClose, children, footer, maxW = '2xl', initialFocus = 'first-field' }: ModalProps) {
  const titleId = useId();
  const boxRef = useEntrance<HTMLDivElement>('open');
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const box = boxRef.current;
    if (box) (initialFocus === 'dialog' ? box : (firstField(box) ?? box)).focus();
    return () => opener?.focus?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- where focus starts is decided once, when the dialog opens
  }, [boxRef]);
  return (
    <Box position="fixed" inset="0" zIndex="modal" bg="blackAlpha.600" display="flex" alignItems="center" justifyContent="center" p="4">
      <Box
        ref={boxRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        bg="white"
        borderRadius="lg"
        boxShadow="lg"
        p="6"
        w="full"
        maxW={maxW}
        maxH="90vh"
        overflowY="auto"
        _focusVisible={{ outline: 'none' }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          } else if (event.key === 'Tab') {
            keepFocusInside(event);
          }
        }}
      >
        <Stack gap="4">
          <Heading as="h2" id={titleId} size="md">
            {title}
          </Heading>
          {children}
          {footer ? (
            <Box display="flex" justifyContent="flex-end" gap="2">
              {footer}
            </Box>
          ) : null}
        </Stack>
      </Box>
    </Box>
  );
}
