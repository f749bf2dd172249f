import { useCallback, useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';
import { initI18n } from '@suite/shared';
import { askDialog } from '../dialogs/consoleDialogs';
import { CONSOLE_NS } from '../i18n';

export interface UnsavedChangesOptions {
  /** True while the screen holds changes not saved yet. */
  when: boolean;
  /** The question; '¿Hiciste Modificaciones ¿deseas actualizarlas?' (console spec §4) when omitted. */
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

type Navigate = (...args: unknown[]) => void;
interface PatchableNavigator {
  push: Navigate;
  replace: Navigate;
}

/**
 * The unsaved-changes prompt (console spec §4): while `when` is true it asks before in-app
 * navigation and the browser asks before the page unloads (beforeunload).
 *
 * The suite mounts a declarative <BrowserRouter> (host-shell), where react-router's useBlocker is
 * not available (it needs a data router, and shared/src/federation/router.js does not ship one);
 * in-app navigation is held instead at the router's navigator, which every <Link> and navigate()
 * goes through. Back/forward buttons are not held.
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

  const navigation = useContext(UNSAFE_NavigationContext);
  useEffect(() => {
    const navigator = navigation?.navigator as unknown as PatchableNavigator | undefined;
    if (!when || !navigator) return undefined;
    const { push, replace } = navigator;
    const held =
      (go: Navigate): Navigate =>
      (...args) => {
        void confirmLeave().then((leave) => {
          if (leave) go.apply(navigator, args);
        });
      };
    navigator.push = held(push);
    navigator.replace = held(replace);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
    };
  }, [when, navigation, confirmLeave]);

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
