import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_NS, useLocalize } from '../i18n';

/** How a dialog ended: its main button, a second choice, or none (Escape, closed by itself). */
export type DialogOutcome = 'confirm' | 'cancel' | 'dismiss';

export type CloseDialog = (outcome?: DialogOutcome) => void;

/** A message dialog: title, text and one button (portal spec §4 / console spec §8). */
export interface DialogOptions {
  message: string;
  /** Title; 'Notificación' when omitted. */
  title?: string;
  /** Text of the button; 'Aceptar' when omitted. */
  confirmText?: string;
  /** Identifies a kind of dialog: a second request of the same kind while one is open joins it. */
  kind?: string;
  /**
   * Replaces the one button: renders the dialog's own actions, which end it through `close`
   * (the console kit's confirmations and self-closing messages; they live in its entry so the
   * sign-in route does not carry them).
   */
  actions?: (close: CloseDialog) => ReactNode;
  /** Receives the function that ends the dialog, for timers and aborts. */
  onOpen?: (close: CloseDialog) => void;
}

interface OpenDialog extends DialogOptions {
  id: number;
  done: Promise<DialogOutcome>;
  close: CloseDialog;
}

type Listener = () => void;

let nextId = 1;
let queue: readonly OpenDialog[] = [];
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

/**
 * Opens a dialog rendered by the page's <DialogHost/> (the host shell renders it once).
 * Resolves with how it ended ('confirm': accepted). Works outside React (the API client uses it).
 */
export function showDialog(options: DialogOptions): Promise<DialogOutcome> {
  if (options.kind) {
    const same = queue.find((dialog) => dialog.kind === options.kind);
    if (same) return same.done;
  }
  let close: CloseDialog = () => undefined;
  const id = nextId++;
  const done = new Promise<DialogOutcome>((resolve) => {
    close = (outcome = 'confirm') => {
      queue = queue.filter((dialog) => dialog.id !== id);
      emit();
      resolve(outcome);
    };
  });
  queue = [...queue, { ...options, id, done, close }];
  emit();
  options.onOpen?.(close);
  return done;
}

/** Dialogs waiting to be accepted, oldest first. */
export function openDialogs(): readonly DialogOptions[] {
  return queue;
}

/** Closes every dialog (tests, or a page leaving the session). */
export function closeAllDialogs(): void {
  for (const dialog of [...queue]) dialog.close('dismiss');
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => queue;

/** Renders the oldest open dialog as a modal alert dialog; focus goes to its button. */
export function DialogHost() {
  const { t } = useTranslation(COMMON_NS);
  const localized = useLocalize();
  const dialogs = useSyncExternalStore(subscribe, snapshot, snapshot);
  const current = dialogs[0];
  const titleId = useId();
  const bodyId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (current) buttonRef.current?.focus();
  }, [current]);

  if (!current) return null;
  return (
    <Box position="fixed" inset="0" zIndex="modal" bg="blackAlpha.600" display="flex" alignItems="center" justifyContent="center" p="4">
      <Box
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        bg="white"
        color="fg"
        borderRadius="lg"
        boxShadow="lg"
        p="6"
        w="full"
        maxW="md"
        onKeyDown={(event) => {
          if (event.key === 'Tab') {
            event.preventDefault();
            buttonRef.current?.focus();
          }
        }}
      >
        <Stack gap="4">
          <Heading as="h2" id={titleId} size="md">
            {current.title ?? t('dialog.notice')}
          </Heading>
          <Text id={bodyId}>{localized(current.message)}</Text>
          {current.actions ? (
            current.actions(current.close)
          ) : (
            <Button ref={buttonRef} alignSelf="flex-end" colorPalette="brand" onClick={() => current.close()}>
              {current.confirmText ?? t('dialog.accept')}
            </Button>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
