import { useCallback, useEffect, useRef } from 'react';
import { initI18n, useNavigationBlocker } from '@suite/shared';
import { askDialog } from '../dialogs/consoleDialogs';
import { CONSOLE_NS } from '../i18n';

export interface UnsavedChangesOptions {
  /** True while the screen holds changes not saved yet. */
  when: boolean;
  /** The question; '¿Hiciste Modificaciones ¿deseas actualizarlas?' when omitted. */
  message?: string;
  /** Saves the changes (the prompt's Actualizar button); resolves true when saved, then leaving goes on. */
  onUpdate: () => Promise<boolean> | boolean;
  /** Called when the person chooses to discard the changes (Descartar), before leaving goes on. */
  onDiscard?: () => void;
}

export interface UnsavedChanges {
  /**
   * Asks before a move inside the screen (another tab, cancel, close). Resolves true when the
   * move may go on: nothing to save, saved, or discarded; false when the person stays (Escape)
   * or saving failed.
   */
  confirmLeave: () => Promise<boolean>;
}

/**
 * The unsaved-changes prompt (docs/product/console.md, Unsaved changes): while `when` is true it asks before any
 * navigation — links, navigate(), the browser's back and forward buttons (useNavigationBlocker:
 * the host, the standalone page and the test kit render the guarded router) —
 * and the browser asks before the page unloads (beforeunload).
 *
 * The blocker reads `when` as rendered last, so a screen that clears its changes and navigates
 * in the same commit (redirect after save) is let through.
 */
export function useUnsavedChanges({ when, message, onUpdate, onDiscard }: UnsavedChangesOptions): UnsavedChanges {
  const latest = useRef({ when, message, onUpdate, onDiscard });
  latest.current = { when, message, onUpdate, onDiscard };
  const asking = useRef<Promise<boolean> | null>(null);

  const confirmLeave = useCallback((): Promise<boolean> => {
    if (!latest.current.when) return Promise.resolve(true);
    // a second request while the question is open joins it
    asking.current ??= (async () => {
      const t = initI18n().getFixedT(null, CONSOLE_NS);
      const outcome = await askDialog({
        message: latest.current.message ?? t('unsaved.message'),
        confirmText: t('unsaved.update'),
        cancelText: t('unsaved.discard'),
      });
      if (outcome === 'confirm') return Boolean(await latest.current.onUpdate());
      if (outcome === 'cancel') {
        latest.current.onDiscard?.();
        return true;
      }
      return false;
    })().finally(() => {
      asking.current = null;
    });
    return asking.current;
  }, []);

  const blocker = useNavigationBlocker(useCallback(() => latest.current.when, []));
  const current = useRef(blocker);
  current.current = blocker;
  const handling = useRef<typeof blocker | null>(null);
  useEffect(() => {
    if (blocker.state !== 'blocked' || handling.current === blocker) return;
    handling.current = blocker;
    void confirmLeave().then((leave) => {
      if (handling.current !== blocker) return;
      handling.current = null;
      // the navigation may have been dropped meanwhile (the screen unmounted)
      const now = current.current;
      if (now.state !== 'blocked') return;
      if (leave) now.proceed();
      else now.reset();
    });
  }, [blocker, confirmLeave]);

  useEffect(() => {
    if (!when) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return { confirmLeave };
}
