import { call } from '@suite/shared';
import { userSessionsApi, type UnlockResult, type UserSessions } from '@suite/shared/console';

export { USER_SECURITY_MESSAGES, type UserLock, type UserSession, type UserSessions } from '@suite/shared/console';

/** A person's live sessions (USERS_READ). */
export function fetchSessions(userId: string): Promise<UserSessions> {
  return call(userSessionsApi.list, { params: { id: userId } });
}

/** Closes one of a person's sessions; resolves the sessions left. */
export function closeSession(userId: string, sessionId: string): Promise<UserSessions> {
  return call(userSessionsApi.close, { params: { id: userId, sessionId } });
}

/** Closes every session of a person; resolves the sessions left (none). */
export function closeAllSessions(userId: string): Promise<UserSessions> {
  return call(userSessionsApi.closeAll, { params: { id: userId } });
}

/** Lifts a person's lockout (temporary lock or block). */
export function unlockUser(userId: string): Promise<UnlockResult> {
  return call(userSessionsApi.unlock, { params: { id: userId } });
}
