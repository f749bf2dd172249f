import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { UNSAFE_createBrowserHistory, UNSAFE_createMemoryHistory, unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { guardHistory, type GuardedHistory, type HeldNavigation } from './guardedHistory';

const GuardedHistoryContext = createContext<GuardedHistory | null>(null);

/** The browser's history with guards (react-router's, `v5Compat` as its BrowserRouter creates it). */
export function createGuardedBrowserHistory(): GuardedHistory {
  return guardHistory(UNSAFE_createBrowserHistory({ v5Compat: true }));
}

/** The same in memory (tests): entries as react-router's MemoryRouter takes them. */
export function createGuardedMemoryHistory(initialEntries: string[] = ['/']): GuardedHistory {
  return guardHistory(UNSAFE_createMemoryHistory({ initialEntries, v5Compat: true }));
}

/**
 * The pages' router (docs/adr/0019): react-router's declarative router on a guarded history, so a
 * screen can hold navigations (useNavigationBlocker) without the data router on every page.
 */
export function GuardedRouter({ history, children }: { history: GuardedHistory; children: ReactNode }) {
  return (
    <GuardedHistoryContext.Provider value={history}>
      <HistoryRouter history={history}>{children}</HistoryRouter>
    </GuardedHistoryContext.Provider>
  );
}

/** GuardedRouter on the browser's history, created once. */
export function GuardedBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createGuardedBrowserHistory);
  return <GuardedRouter history={history}>{children}</GuardedRouter>;
}

/** react-router's Blocker, as useBlocker answers it under the data router. */
export type NavigationBlocker = { state: 'unblocked' } | { state: 'blocked'; proceed: () => void; reset: () => void };

/**
 * Holds every navigation while `holds()` answers true (read when the navigation starts): the
 * blocker turns 'blocked' and the screen proceeds or resets. A navigation held meanwhile replaces
 * the earlier one. Outside a guarded router nothing is held.
 */
export function useNavigationBlocker(holds: () => boolean): NavigationBlocker {
  const history = useContext(GuardedHistoryContext);
  const [held, setHeld] = useState<HeldNavigation | null>(null);
  const latest = useRef(holds);
  latest.current = holds;
  useEffect(() => history?.guard({ holds: () => latest.current(), onHeld: setHeld }), [history]);
  return useMemo<NavigationBlocker>(
    () =>
      held
        ? {
            state: 'blocked',
            proceed: () => {
              setHeld(null);
              held.proceed();
            },
            reset: () => {
              setHeld(null);
              held.reset();
            },
          }
        : { state: 'unblocked' },
    [held],
  );
}
