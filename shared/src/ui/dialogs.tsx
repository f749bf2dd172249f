import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_NS } from '../i18n';

/** Dialogs without buttons close by themselves after this long (portal spec §9: 1.5 s). */
export const DIALOG_AUTO_CLOSE_MS = 1500;

/** How a dialog ended: its main button, its second button, or without a choice (Escape, auto-close, abort). */
export type DialogOutcome = 'confirm' | 'cancel' | 'dismiss';

/** A message dialog: title, text and one button (portal spec §4 / console spec §8). */
export interface DialogOptions {
  message: string;
  /** Title; 'Notificación' when omitted. */
  title?: string;
  /** Text of the button; 'Aceptar' when omitted. */
  confirmText?: string;
  /** Identifies a kind of dialog: a second request of the same kind while one is open joins it. */
  kind?: string;
  /** Text of a second button, which answers 'cancel' (confirmations); Escape then dismisses. */
  cancelText?: string;
  /** No buttons: the dialog closes by itself ('dismiss') after DIALOG_AUTO_CLOSE_MS. */
  withoutButtons?: boolean;
  /** Closes the dialog ('dismiss') when aborted, e.g. when the screen that opened it goes away. */
  signal?: AbortSignal;
}

interface OpenDialog extends DialogOptions {
  id: number;
  done: Promise<DialogOutcome>;
  close: (outcome?: DialogOutcome) => void;
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
 * Resolves with how it ended ('confirm' when accepted). Works outside React (the API client uses it).
 */
export function showDialog(options: DialogOptions): Promise<DialogOutcome> {
  if (options.kind) {
    const same = queue.find((dialog) => dialog.kind === options.kind);
    if (same) return same.done;
  }
  if (options.signal?.aborted) return Promise.resolve('dismiss');
  let close: (outcome?: DialogOutcome) => void = () => undefined;
  const id = nextId++;
  const done = new Promise<DialogOutcome>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => close('dismiss');
    close = (outcome = 'confirm') => {
      if (!queue.some((dialog) => dialog.id === id)) return;
      if (timer !== undefined) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      queue = queue.filter((dialog) => dialog.id !== id);
      emit();
      resolve(outcome);
    };
    options.signal?.addEventListener('abort', onAbort);
    // The time runs from opening, also when it waits behind another dialog.
    if (options.withoutButtons) timer = setTimeout(() => close('dismiss'), DIALOG_AUTO_CLOSE_MS);
  });
  queue = [...queue, { ...options, id, done, close }];
  emit();
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

/** Renders the oldest open dialog as a modal alert dialog; focus goes to its main button and stays inside. */
export function DialogHost() {
  const { t } = useTranslation(COMMON_NS);
  const dialogs = useSyncExternalStore(subscribe, snapshot, snapshot);
  const current = dialogs[0];
  const titleId = useId();
  const bodyId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (current) (buttonRef.current ?? boxRef.current)?.focus();
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
        ref={boxRef}
        tabIndex={-1}
        outline="none"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && current.cancelText !== undefined) {
            event.preventDefault();
            current.close('dismiss');
          } else if (event.key === 'Tab') {
            // focus cycles through the dialog's buttons only
            event.preventDefault();
            const buttons = [...(boxRef.current?.querySelectorAll('button') ?? [])];
            if (buttons.length === 0) return;
            const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
            const next = at < 0 ? 0 : (at + (event.shiftKey ? buttons.length - 1 : 1)) % buttons.length;
            buttons[next].focus();
          }
        }}
      >
        <Stack gap="4">
          <Heading as="h2" id={titleId} size="md">
            {current.title ?? t('dialog.notice')}
          </Heading>
          <Text id={bodyId}>{current.message}</Text>
          {current.withoutButtons ? null : (
            <Stack direction="row" justify="flex-end" gap="3">
              {current.cancelText !== undefined ? (
                <Button variant="outline" onClick={() => current.close('cancel')}>
                  {current.cancelText}
                </Button>
              ) : null}
              <Button ref={buttonRef} colorPalette="brand" onClick={() => current.close('confirm')}>
                {current.confirmText ?? t('dialog.accept')}
              </Button>
            </Stack>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
