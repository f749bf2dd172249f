import { Button, HStack } from '@chakra-ui/react';
import { COMMON_NS, initI18n, showDialog, type CloseDialog, type DialogOptions, type DialogOutcome } from '@suite/shared';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { CONSOLE_NS } from '../i18n';

/** Dialogs without buttons close by themselves after this long: 1.5 s (docs/product/console.md, Dialogs). */
export const DIALOG_AUTO_CLOSE_MS = 1500;

/** Texts of a confirmation: the question and, optionally, its buttons and title. */
export interface ConfirmOptions {
  message: string;
  /** Title; 'Notificación' when omitted. */
  title?: string;
  /** Main button; 'Aceptar' when omitted. */
  confirmText?: string;
  /** Second button; 'Cancelar' when omitted. */
  cancelText?: string;
  /** Closes the question unanswered ('dismiss') when aborted, e.g. when its screen goes away. */
  signal?: AbortSignal;
}

/** A message: 'notice' is titled 'Notificación', 'error' is titled 'Error'. */
export interface MessageOptions {
  message: string;
  variant?: 'notice' | 'error';
  /** No buttons: the message closes by itself after 1.5 s (DIALOG_AUTO_CLOSE_MS). */
  autoClose?: boolean;
  /** Text of its one button; 'Aceptar' when omitted. */
  confirmText?: string;
  signal?: AbortSignal;
}

const text = (ns: string, key: string) => initI18n().t(key, { ns });

/** Keeps focus on the dialog's own controls: Tab cycles through them, Escape dismisses when allowed. */
function trapKeys(event: KeyboardEvent<HTMLElement>, close: CloseDialog, escapable: boolean) {
  if (event.key === 'Escape' && escapable) {
    event.preventDefault();
    close('dismiss');
  } else if (event.key === 'Tab') {
    event.preventDefault();
    const buttons = [...event.currentTarget.querySelectorAll('button')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    buttons[at < 0 ? 0 : (at + (event.shiftKey ? buttons.length - 1 : 1)) % buttons.length]?.focus();
  }
  event.stopPropagation();
}

/** The two buttons of a question; the main one takes the focus. */
function ConfirmButtons({ close, confirmText, cancelText }: { close: CloseDialog; confirmText: string; cancelText: string }) {
  const main = useRef<HTMLButtonElement>(null);
  useEffect(() => main.current?.focus(), []);
  return (
    <HStack justify="flex-end" gap="3" onKeyDown={(event) => trapKeys(event, close, true)}>
      <Button variant="outline" onClick={() => close('cancel')}>
        {cancelText}
      </Button>
      <Button ref={main} colorPalette="brand" onClick={() => close('confirm')}>
        {confirmText}
      </Button>
    </HStack>
  );
}

/** Holds the focus of a dialog without buttons while it waits to close by itself. */
function FocusHolder({ close }: { close: CloseDialog }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => holder.current?.focus(), []);
  // keeps Tab inside the dialog while nothing in it can take the focus
  return (
    <div ref={holder} role="presentation" tabIndex={-1} style={{ outline: 'none' }} onKeyDown={(event) => trapKeys(event, close, false)} />
  );
}

/** Opens a dialog in the page's DialogHost; `signal` and `closeAfter` end it without a choice. */
function open(options: DialogOptions, signal?: AbortSignal, closeAfter?: number): Promise<DialogOutcome> {
  if (signal?.aborted) return Promise.resolve('dismiss');
  let stop = () => undefined as void;
  const done = showDialog({
    ...options,
    onOpen: (close) => {
      const dismiss = () => close('dismiss');
      const timer = closeAfter === undefined ? undefined : setTimeout(dismiss, closeAfter);
      signal?.addEventListener('abort', dismiss);
      stop = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', dismiss);
      };
    },
  });
  return done.finally(() => stop());
}

/**
 * The three-way question: 'confirm' (main button), 'cancel' (second button) or 'dismiss'
 * (Escape, abort), for questions whose second button is a choice of its own (update / discard).
 */
export function askDialog({ message, title, confirmText, cancelText, signal }: ConfirmOptions): Promise<DialogOutcome> {
  const confirm = confirmText ?? text(CONSOLE_NS, 'dialog.confirm');
  const cancel = cancelText ?? text(CONSOLE_NS, 'dialog.cancel');
  return open(
    {
      message,
      title: title ?? text(COMMON_NS, 'dialog.notice'),
      actions: (close) => <ConfirmButtons close={close} confirmText={confirm} cancelText={cancel} />,
    },
    signal,
  );
}

/**
 * Asks a question in the page's dialog (DialogHost) and resolves true only when the main button
 * is chosen; the second button, Escape and abort resolve false.
 */
export async function confirmAction(options: ConfirmOptions): Promise<boolean> {
  return (await askDialog(options)) === 'confirm';
}

/** Shows a result or failure message; resolves when it is accepted or closes by itself. */
export async function showMessage({ message, variant = 'notice', autoClose = false, confirmText, signal }: MessageOptions): Promise<void> {
  await open(
    {
      message,
      title: text(COMMON_NS, variant === 'error' ? 'dialog.error' : 'dialog.notice'),
      confirmText,
      ...(autoClose ? { actions: (close: CloseDialog) => <FocusHolder close={close} /> } : {}),
    },
    signal,
    autoClose ? DIALOG_AUTO_CLOSE_MS : undefined,
  );
}
