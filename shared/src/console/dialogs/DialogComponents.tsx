import { useEffect, useRef } from 'react';
import { askDialog, showMessage, type ConfirmOptions, type MessageOptions } from './consoleDialogs';

export interface ConfirmDialogProps extends Omit<ConfirmOptions, 'signal'> {
  /** Shown while true; closed unanswered when it turns false or the component unmounts. */
  open: boolean;
  onConfirm: () => void;
  /** The second button, Escape, or closing unanswered. */
  onCancel: () => void;
}

/**
 * Declarative form of confirmAction(): renders nothing itself, the page's DialogHost shows the
 * question while `open` is true.
 */
export function ConfirmDialog({ open, message, title, confirmText, cancelText, onConfirm, onCancel }: ConfirmDialogProps) {
  const handlers = useRef({ onConfirm, onCancel });
  handlers.current = { onConfirm, onCancel };
  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    void askDialog({ message, title, confirmText, cancelText, signal: controller.signal }).then((outcome) => {
      if (controller.signal.aborted) return;
      if (outcome === 'confirm') handlers.current.onConfirm();
      else handlers.current.onCancel();
    });
    return () => controller.abort();
  }, [open, message, title, confirmText, cancelText]);
  return null;
}

export interface MessageDialogProps extends Omit<MessageOptions, 'signal'> {
  /** Shown while true; closed when it turns false or the component unmounts. */
  open: boolean;
  /** Called when it is accepted or closes by itself. */
  onClose: () => void;
}

/**
 * Declarative form of showMessage(): titled 'Error' or 'Notificación'; with `autoClose` it has no
 * buttons and closes after 1.5 s.
 */
export function MessageDialog({ open, message, variant, autoClose, confirmText, onClose }: MessageDialogProps) {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    void showMessage({ message, variant, autoClose, confirmText, signal: controller.signal }).then(() => {
      if (!controller.signal.aborted) closeRef.current();
    });
    return () => controller.abort();
  }, [open, message, variant, autoClose, confirmText]);
  return null;
}
