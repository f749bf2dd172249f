import type { HistoryRouterProps, To } from 'react-router-dom';

/** The history a router reads and moves (react-router's own browser or memory history). */
export type RouterHistory = HistoryRouterProps['history'];
type Listener = Parameters<RouterHistory['listen']>[0];

/** A navigation held by a guard: go on with it, or stay where the page is. */
export interface HeldNavigation {
  proceed: () => void;
  reset: () => void;
}

/**
 * A guard: `holds()` is asked before every navigation (a link, navigate(), the browser's back and
 * forward buttons); when it answers true the navigation waits and `onHeld` decides.
 */
export interface NavigationGuard {
  holds: () => boolean;
  onHeld: (navigation: HeldNavigation) => void;
}

export interface GuardedHistory extends RouterHistory {
  /** Adds a guard; the returned function removes it. */
  guard: (guard: NavigationGuard) => () => void;
}

/**
 * react-router's history (created with `v5Compat: true`, as its BrowserRouter does) with guards,
 * for the declarative router the pages run (docs/adr/0019): what the data router's useBlocker
 * gave, without the data router on every page. A push or replace that a guard holds is made only
 * on proceed. The browser's back and forward have moved the address when the history hears of
 * them: a held one is undone at once (`go(-delta)`) and made again on proceed, as react-router's
 * data router does; a traversal of unknown length (an entry from before the page loaded) passes.
 */
export function guardHistory(inner: RouterHistory): GuardedHistory {
  const guards = new Set<NavigationGuard>();
  let listener: Listener | null = null;
  /** Traversals of ours the router must not hear: an undo (skip) or a proceed (pass). */
  let undoing = false;
  let passing = false;

  const holding = () => [...guards].find((guard) => guard.holds());

  inner.listen((update) => {
    if (undoing) {
      undoing = false;
      return;
    }
    if (update.action === 'POP' && !passing && update.delta) {
      const guard = holding();
      if (guard) {
        const delta = update.delta;
        undoing = true;
        inner.go(-delta);
        guard.onHeld({
          proceed: () => {
            passing = true;
            inner.go(delta);
          },
          reset: () => undefined,
        });
        return;
      }
    }
    passing = false;
    listener?.(update);
  });

  const move = (go: () => void) => {
    const guard = holding();
    if (guard) guard.onHeld({ proceed: go, reset: () => undefined });
    else go();
  };

  return {
    get action() {
      return inner.action;
    },
    get location() {
      return inner.location;
    },
    createHref: (to: To) => inner.createHref(to),
    createURL: (to: To) => inner.createURL(to),
    encodeLocation: (to: To) => inner.encodeLocation(to),
    push: (to: To, state?: unknown) => move(() => inner.push(to, state)),
    replace: (to: To, state?: unknown) => move(() => inner.replace(to, state)),
    go: (delta: number) => inner.go(delta),
    listen: (next: Listener) => {
      listener = next;
      return () => {
        if (listener === next) listener = null;
      };
    },
    guard: (guard: NavigationGuard) => {
      guards.add(guard);
      return () => guards.delete(guard);
    },
  };
}
