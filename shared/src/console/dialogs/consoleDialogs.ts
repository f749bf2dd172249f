import { COMMON_NS, initI18n, showDialog, type DialogOutcome } from '@suite/shared';
import { CONSOLE_NS } from '../i18n';

/** Texts of a confirmation: the question and, optionally, its buttons and title. */
export interface ConfirmOptions {
  message: string;
  /** Title; 'Notificación' when omitted. */
  title?: string;
  /** Main button; 'Aceptar' when omitted. */
  confirmText?: string;
  /** Second button; 'Cancelar' when omitted. */
  cancelText?: string;
  /** Closes the question unanswered (resolves false) when aborted. */
  signal?: AbortSignal;
}

/** A message: 'notice' is titled 'Notificación', 'error' is titled 'Error' (console spec §8). */
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

/**
 * Asks a question in the page's dialog (DialogHost) and resolves true only when the main button
 * is chosen; the second button, Escape and abort resolve false.
 */
export async function confirmAction({ message, title, confirmText, cancelText, signal }: ConfirmOptions): Promise<boolean> {
  const outcome = await askDialog({ message, title, confirmText, cancelText, signal });
  return outcome === 'confirm';
}

/**
 * The three-way form of confirmAction: 'confirm' (main button), 'cancel' (second button) or
 * 'dismiss' (Escape, abort), for questions whose second button is a choice of its own
 * (e.g. update / discard / stay).
 */
export function askDialog({ message, title, confirmText, cancelText, signal }: ConfirmOptions): Promise<DialogOutcome> {
  return showDialog({
    message,
    title: title ?? text(COMMON_NS, 'dialog.notice'),
    confirmText: confirmText ?? text(CONSOLE_NS, 'dialog.confirm'),
    cancelText: cancelText ?? text(CONSOLE_NS, 'dialog.cancel'),
    signal,
  });
}

/** Shows a result or failure message; resolves when it is accepted or closes by itself. */
export async function showMessage({ message, variant = 'notice', autoClose = false, confirmText, signal }: MessageOptions): Promise<void> {
  await showDialog({
    message,
    title: text(COMMON_NS, variant === 'error' ? 'dialog.error' : 'dialog.notice'),
    confirmText,
    withoutButtons: autoClose,
    signal,
  });
}
