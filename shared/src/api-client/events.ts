/**
 * What the API client tells the page, without knowing how the page shows it: the UI layer
 * subscribes (ui/dialogs.tsx shows the documented dialogs), so the client imports nothing of the UI.
 * A listener may return a promise: the client waits for it (a dialog the person must close)
 * before it goes on.
 */
export interface ApiEvents {
  /** The refresh token was revoked (R101): the session closes once this is told. */
  refreshRevoked: void;
  /** A call was refused for want of a privilege (403): the page goes home once this is told. */
  forbidden: void;
}

export type ApiEventName = keyof ApiEvents;
type Listener = () => unknown;

const listeners = new Map<ApiEventName, Set<Listener>>();

/** Subscribes to an event; returns the unsubscribe. */
export function onApiEvent(name: ApiEventName, listener: Listener): () => void {
  const set = listeners.get(name) ?? new Set<Listener>();
  listeners.set(name, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** Tells every listener and waits for what they return (nothing to wait for without one). */
export async function emitApiEvent(name: ApiEventName): Promise<void> {
  await Promise.all([...(listeners.get(name) ?? [])].map((listener) => listener()));
}
