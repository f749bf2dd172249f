import { init, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { HOST, REMOTE_EXPOSE, type RemoteRegistry } from '@suite/shared';
import type { RemoteLoader, RemoteModule } from './loader';
import { RemoteUnavailable } from './RemoteUnavailable';

/** Marks the module handed back in place of a remote that could not be loaded. */
export const UNAVAILABLE = '__suiteRemoteUnavailable';

export interface UnavailableModule extends RemoteModule {
  [UNAVAILABLE]: true;
  error: unknown;
}

export function isUnavailable(module: unknown): module is UnavailableModule {
  return Boolean(module && typeof module === 'object' && UNAVAILABLE in module);
}

/**
 * Runtime plugin: when a remote's manifest, entry or module fails to load, hand back a module
 * whose component is the "section unavailable" card instead of letting the error escape.
 * Earlier stages rethrow so the failure reaches the final ('onLoad') stage exactly once.
 */
export function unavailableFallbackPlugin(onError?: (id: string, error: unknown) => void): ModuleFederationRuntimePlugin {
  return {
    name: 'suite-unavailable-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      onError?.(id, error);
      const fallback: UnavailableModule = { default: RemoteUnavailable, [UNAVAILABLE]: true, error };
      return fallback;
    },
  };
}

function exposeId(name: string): string {
  return `${name}/${REMOTE_EXPOSE.replace(/^\.\//, '')}`;
}

/**
 * Registers the remotes of /remotes.json with the federation runtime the host's build created
 * (same name, so `init` reuses it) and loads their `./App` on demand.
 */
export function createFederationLoader(registry: RemoteRegistry, onError?: (id: string, error: unknown) => void): RemoteLoader {
  const federation = init({ name: HOST.name, remotes: [], plugins: [unavailableFallbackPlugin(onError)] });
  const remotes = Object.entries(registry).map(([name, entry]) => ({ name, entry }));
  federation.registerRemotes(remotes, { force: true });

  return {
    async load(name) {
      const module = await federation.loadRemote<RemoteModule>(exposeId(name));
      if (!module || !module.default) {
        const fallback: UnavailableModule = { default: RemoteUnavailable, [UNAVAILABLE]: true, error: new Error(`${name} exposes no App`) };
        return fallback;
      }
      return module;
    },
    reset(name) {
      const entry = registry[name];
      // Re-registering with force drops the cached manifest, entry and module of the remote.
      if (entry) federation.registerRemotes([{ name, entry }], { force: true });
    },
  };
}

/** Fetches /remotes.json (name → manifest URL); an empty registry when it cannot be read. */
export async function fetchRegistry(url = '/remotes.json'): Promise<RemoteRegistry> {
  try {
    const res = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!res.ok) return {};
    const body: unknown = await res.json();
    if (!body || typeof body !== 'object') return {};
    return Object.fromEntries(Object.entries(body).filter((pair): pair is [string, string] => typeof pair[1] === 'string'));
  } catch {
    return {};
  }
}
