import { USER_STATE } from '@suite/shared/console';
import type { UserLock } from '../api/userSecurity';

/** How a lockout reads: a temporary lock with the minutes left, or a block until it is lifted. */
export type LockLabel = { kind: 'locked'; minutes: number } | { kind: 'blocked' };

/**
 * What holds a person now, for the list's state label and the card's notice: a block (the lock
 * says so, or the user's state is 6) or a temporary lock with its minutes left, rounded up so
 * the last seconds still read '1 min'. A temporary lock whose time is over holds no one.
 */
export function lockLabel(user: { lock?: UserLock; idstate?: number }, now: number = Date.now()): LockLabel | null {
  const { lock, idstate } = user;
  if (lock?.kind === 'blocked' || idstate === USER_STATE.blocked) return { kind: 'blocked' };
  if (lock?.kind !== 'locked') return null;
  const left = Date.parse(lock.until) - now;
  if (!(left > 0)) return null;
  return { kind: 'locked', minutes: Math.max(1, Math.ceil(left / 60_000)) };
}
