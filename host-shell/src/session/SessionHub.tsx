import { useSession } from '@suite/shared';
import { useEffect } from 'react';
import { connectSessionHub, type HubConnectionFactory } from './realtime';

/** Keeps the real-time session channel open while someone is signed in. */
export function SessionHub({ factory }: { factory?: HubConnectionFactory }) {
  const { isAuthenticated, user } = useSession();
  const userId = user?.userId ?? null;
  useEffect(() => {
    if (!isAuthenticated || userId === null) return undefined;
    return connectSessionHub(factory ? { factory } : {});
  }, [isAuthenticated, userId, factory]);
  return null;
}
