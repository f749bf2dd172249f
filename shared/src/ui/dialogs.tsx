import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { onApiEvent } from '../api-client/events';
import { MESSAGES } from '../contracts/messages';
import { COMMON_NS, useLocalize } from '../i18n';

/** How a dialog ended: its main button, a second choice, or none (Escape, closed by itself). */
export type DialogOutcome = 'confirm' | 'cancel' | 'dismiss';

export type CloseDialog = (outcome?: DialogOutcome) => void;

/** A message dialog: title, text and one button (docs/product/console.md, Dialogs). */
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

/**
 * Longest a dialog's closing transition may hold its place (docs/product/console.md, Dialogs): it
 * leaves when its animation ends or, should the end never be reported, after this.
 */
export const DIALOG_TRANSITION_TIMEOUT_MS = 10_000;

/** Whether this environment runs CSS animations it can report on (not a test DOM). */
const canAnimate = () => typeof Element !== 'undefined' && typeof Element.prototype.getAnimations === 'function';

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
  const dialogs = useSyncExternalStore(subscribe, snapshot, snapshot);
  const current = dialogs[0];
  // the last dialog shown stays on screen, inert, while its closing transition plays
  const [lastShown, setLastShown] = useState<OpenDialog | null>(null);
  if (current && current !== lastShown) setLastShown(current);
  const leaving = !current && lastShown && canAnimate() ? lastShown : null;
  const leavingRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!leaving) return undefined;
    let over = false;
    const finish = () => {
      if (over) return;
      over = true;
      setLastShown((shown) => (shown === leaving ? null : shown));
    };
    const animations = leavingRef.current?.getAnimations({ subtree: true }) ?? [];
    if (animations.length === 0) {
      finish();
      return undefined;
    }
    const timer = setTimeout(finish, DIALOG_TRANSITION_TIMEOUT_MS);
    void Promise.allSettled(animations.map((animation) => animation.finished)).then(finish);
    return () => {
      over = true;
      clearTimeout(timer);
    };
  }, [leaving]);

  if (current) return <DialogView key={current.id} dialog={current} state="open" />;
  if (leaving) return <DialogView key={leaving.id} dialog={leaving} state="closed" containerRef={leavingRef} />;
  return null;
}

function DialogView({ dialog, state, containerRef }: { dialog: OpenDialog; state: 'open' | 'closed'; containerRef?: Ref<HTMLDivElement> }) {
  const { t } = useTranslation(COMMON_NS);
  const localized = useLocalize();
  const titleId = useId();
  const bodyId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const open = state === 'open';

  useEffect(() => {
    if (open) buttonRef.current?.focus();
  }, [open]);

  return (
    <Box
      ref={containerRef}
      data-state={state}
      aria-hidden={open ? undefined : true}
      inert={!open}
      // a leaving dialog no longer stands between the person and the page
      pointerEvents={open ? undefined : 'none'}
      position="fixed"
      inset="0"
      zIndex="modal"
      bg="blackAlpha.600"
      display="flex"
      alignItems="center"
      justifyContent="center"
      p="4"
      animationName={open ? 'fade-in' : 'fade-out'}
      animationDuration="moderate"
      animationFillMode="forwards"
      _motionReduce={{ animation: 'none' }}
    >
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
        animationName={open ? 'scale-in' : 'scale-out'}
        animationDuration="moderate"
        animationFillMode="forwards"
        _motionReduce={{ animation: 'none' }}
        onKeyDown={(event) => {
          if (event.key === 'Tab') {
            event.preventDefault();
            buttonRef.current?.focus();
          }
        }}
      >
        <Stack gap="4">
          <Heading as="h2" id={titleId} size="md">
            {dialog.title ?? t('dialog.notice')}
          </Heading>
          <Text id={bodyId}>{localized(dialog.message)}</Text>
          {dialog.actions ? (
            dialog.actions(open ? dialog.close : () => undefined)
          ) : (
            <Button ref={buttonRef} alignSelf="flex-end" colorPalette="brand" onClick={() => dialog.close()}>
              {dialog.confirmText ?? t('dialog.accept')}
            </Button>
          )}
        </Stack>
      </Box>
    </Box>
  );
}

// The API client's events as the documented dialogs (docs/product/sessions.md, Refresh; docs/product/console.md,
// Permissions and the 403 answer): the client waits for the person to close them before it closes the session
// or goes home.
onApiEvent('refreshRevoked', () => showDialog({ message: MESSAGES.refreshRevoked, kind: 'refresh-revoked' }));
onApiEvent('forbidden', () => showDialog({ message: MESSAGES.forbidden, kind: 'forbidden' }));
