import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { sessionStore, type SessionState, type SessionStore, type SignInTokens } from './store';

const SessionContext = createContext<SessionStore>(sessionStore);

/** Provides a session store (the page's one by default; tests pass their own). */
export function SessionProvider({ store = sessionStore, children }: { store?: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export interface SessionValue extends SessionState {
  isAuthenticated: boolean;
  signIn: (tokens: SignInTokens) => SessionState;
  signOut: () => void;
}

/** The current session; re-renders when it changes (also from another tab). */
export function useSession(): SessionValue {
  const store = useContext(SessionContext);
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const authenticated = store.isAuthenticated();
  return useMemo(
    () => ({ ...state, isAuthenticated: authenticated, signIn: store.signIn, signOut: store.signOut }),
    [state, authenticated, store],
  );
}
