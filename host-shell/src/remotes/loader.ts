import { createContext, useContext, type ComponentType } from 'react';

/** What a remote's `./App` module looks like once loaded. */
export interface RemoteModule {
  default: ComponentType;
}

/** Loads remotes' `./App`; the shell never knows where they live. */
export interface RemoteLoader {
  load(name: string): Promise<RemoteModule>;
  /** Forgets a remote (failed or loaded) so that the next load fetches it again. */
  reset(name: string): void;
}

export const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

export function useRemoteLoader(): RemoteLoader {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('RemoteLoaderContext is missing');
  return loader;
}

/** Re-attempts loading the section the caller is rendered in. */
export const SectionRetryContext = createContext<() => void>(() => window.location.reload());
