import { useSession } from '@suite/shared';
import { useEffect } from 'react';
import { connectSessionHub, type HubConnectionFactory } from './realtime';

/**
 * Keeps the real-time session channel open while someone is signed in, and closes the session
 * after a while without activity (→ /absent).
 */
export function SessionHub({ factory, inactivityMs }: { factory?: HubConnectionFactory; inactivityMs?: number }) {
  const { isAuthenticated, user } = useSession();
  const userId = user?.userId ?? null;
  useEffect(() => {
    if (!isAuthenticated || userId === null) return undefined;
    return connectSessionHub(factory ? { factory } : {});
  }, [isAuthenticated, userId, factory]);
  useEffect(() => {
    if (!isAuthenticated || userId === null) return undefined;
    let stop: (() => void) | null = null;
    let live = true;
    // loaded once someone is signed in: the sign-in route never pays for it
    void import(/* webpackChunkName: "inactivity" */ './inactivity').then(({ signOutForInactivity, watchInactivity }) => {
      if (live) stop = watchInactivity({ timeoutMs: inactivityMs, onIdle: () => void signOutForInactivity() });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [isAuthenticated, userId, inactivityMs]);
  return null;
}
