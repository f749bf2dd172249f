import type { FastifyRequest } from 'fastify';
import { INFORMATION_CODES, USER_SECURITY_MESSAGES, type UnlockResult, type UserSessions } from '@suite/shared/contracts';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import { actorOf, recordAudit } from '../../security/audit';
import { actorGrants, assertNotAbove } from '../access/guard';
import { liftLockoutIn } from '../auth/lockout';
import { liveSessions, lockOf, sessionsOf } from './queries';

const userUnknown = () => new ApiError(404, USER_SECURITY_MESSAGES.userUnknown, INFORMATION_CODES.notFound);
const sessionUnknown = () => new ApiError(404, USER_SECURITY_MESSAGES.sessionUnknown, INFORMATION_CODES.notFound);

/**
 * A person's sessions and lockout in the users console (docs/product/users.md, Sessions and
 * lockout). Closing revokes at once — every instance hears it through PostgreSQL and the person's
 * open pages are signed out through the hub — and unlocking clears the lockout; both by an
 * administrator who does not act above their own grants, audited in the change's transaction.
 */
export function userSecurityService(ctx: AppContext) {
  const { db, sessions } = ctx;

  const person = async (userId: string) => {
    const row = await db
      .selectFrom('users')
      .select(['id', 'idstate'])
      .where('id', '=', userId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!row) throw userUnknown();
    return row;
  };

  /** Ends these sessions of the person, audited with the administrator who did it. */
  const close = async (request: FastifyRequest, userId: string, ids: string[]): Promise<UserSessions> => {
    const actor = actorOf(request);
    await sessions.revoke(ids, 'admin', USER_SECURITY_MESSAGES.sessionClosedByAdmin, {
      actor,
      userId,
      authorize: async (trx) => assertNotAbove(trx, actor, await actorGrants(trx, actor), userId),
    });
    request.log.info({ userId, sessions: ids.length }, 'sessions closed by an administrator');
    return { sessions: await liveSessions(db, userId) };
  };

  return {
    async list(userId: string): Promise<UserSessions> {
      await person(userId);
      return { sessions: await liveSessions(db, userId) };
    },

    async closeOne(request: FastifyRequest, userId: string, sessionId: string): Promise<UserSessions> {
      await person(userId);
      const ids = await sessionsOf(db, userId, [sessionId]);
      if (ids.length === 0) throw sessionUnknown();
      return close(request, userId, ids);
    },

    async closeAll(request: FastifyRequest, userId: string): Promise<UserSessions> {
      await person(userId);
      return close(request, userId, await sessionsOf(db, userId));
    },

    /** Lifts the person's lockout (every subject of theirs) and an account blocked by state, audited. */
    async unlock(request: FastifyRequest, userId: string): Promise<UnlockResult> {
      const user = await person(userId);
      const actor = actorOf(request);
      const before = await lockOf(db, userId);
      await db.transaction().execute(async (trx) => {
        await assertNotAbove(trx, actor, await actorGrants(trx, actor), userId);
        if (!(await liftLockoutIn(trx, userId, { unblock: true })))
          throw new ApiError(400, USER_SECURITY_MESSAGES.notLocked, INFORMATION_CODES.badRequest);
        await recordAudit(trx, {
          actor,
          action: 'user.unlock',
          entity: 'user',
          entityId: userId,
          before: { lock: before ?? null, idstate: user.idstate },
        });
      });
      request.log.info({ userId }, 'user unlocked by an administrator');
      return { information: USER_SECURITY_MESSAGES.unlocked };
    },
  };
}
