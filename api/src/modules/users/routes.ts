import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  INFORMATION_CODES,
  USER_EXISTS_CODES,
  USER_MESSAGES,
  USER_STATE,
  usersApi,
  type Envelope,
  type UserExistsResult,
  type UserSort,
  type UserWriteResult,
} from '@suite/shared/contracts';
import { badRequest } from '../../http/errors';
import { route, sendResultJson } from '../../http/route';
import type { AuthUser } from '../../security/auth';
import { actorOf } from '../../security/audit';
import { findUserDetail, listCountries, listDocumentTypes, listUserTypes, listUsers, userListJson } from './queries';
import {
  createUser,
  deleteUser,
  modifyUser,
  reactivateUser,
  sendActivationOfCreated,
  setUserState,
  userNotFound,
  usersHolding,
} from './service';

/** An administrator may not deactivate or delete their own account (they would lock themselves out). */
function refuseOwnAccount(request: FastifyRequest, userId: string): void {
  if ((request.user as AuthUser | undefined)?.id === userId) throw badRequest(USER_MESSAGES.notOnYourself);
}

const success = (information: string, id: string): Envelope<UserWriteResult> => ({
  statusCode: 200,
  result: { information, informationCode: INFORMATION_CODES.success, id },
});

/**
 * Users area (declared in @suite/shared/contracts, usersApi): the list, the card's reads and the
 * writes. Every write is audited in its own transaction; inactivating or deleting a user ends its
 * sessions and tells its live connections.
 */
export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  const { db, sessions } = app.ctx;

  /**
   * After a deactivation or deletion committed: this instance's cached answers about the user's
   * sessions go at once (other instances heard the change's announcement), then every session of
   * the user ends and its connections are told.
   */
  const endSessions = (userId: string) => {
    sessions.ended({ users: [userId] });
    return sessions.revokeUserSessions(userId, 'admin', USER_MESSAGES.sessionEndedByAdmin);
  };

  route(app, usersApi.userList, async ({ headers }, _request, reply) => {
    const [page, size] = headers.pages.split(',').map(Number);
    const result = await listUsers(db, {
      search: headers.customerSearch,
      page: Math.max(1, page),
      size,
      sort: Number(headers.filterBy) as UserSort,
    });
    return sendResultJson(reply, userListJson(result));
  });

  route(app, usersApi.userById, async ({ headers: { pid } }) => {
    const user = await findUserDetail(db, pid);
    if (!user || user.deleted) throw userNotFound();
    return { statusCode: 200, result: { count: 1, records: [user] } };
  });

  route(app, usersApi.userExists, async ({ body }) => {
    const [field, value, inUse] = body.userName
      ? (['user_name', body.userName, USER_MESSAGES.userNameInUse] as const)
      : (['email', body.email as string, USER_MESSAGES.emailInUse] as const);
    const rows = await usersHolding(db, field, value, body.id);
    const live = rows.filter((u) => !u.deleted);
    const result: UserExistsResult = live.length
      ? { informationCode: USER_EXISTS_CODES.inUse, information: inUse, users: live }
      : rows.length
        ? { informationCode: USER_EXISTS_CODES.deleted, information: USER_MESSAGES.deletedUserMatch, users: rows }
        : { informationCode: USER_EXISTS_CODES.free, information: USER_MESSAGES.available, users: [] };
    return { statusCode: 200, result };
  });

  route(app, usersApi.userTypes, async () => ({ statusCode: 200, result: { records: await listUserTypes(db) } }));

  route(app, usersApi.countries, async () => ({ statusCode: 200, result: await listCountries(db) }));

  route(app, usersApi.documentTypes, async ({ headers: { code } }) => ({
    statusCode: 200,
    result: { listDocumentType: await listDocumentTypes(db, code) },
  }));

  route(app, usersApi.userCreate, async ({ body }, request) => {
    const user = await createUser(db, actorOf(request), body);
    await sendActivationOfCreated(app.ctx, request, user);
    return success(USER_MESSAGES.created, user.id);
  });

  route(app, usersApi.userModify, async ({ body }, request) => {
    const user = await modifyUser(db, actorOf(request), body);
    app.ctx.access.dropAll();
    return success(USER_MESSAGES.updated, user.id);
  });

  route(app, usersApi.userState, async ({ body }, request) => {
    if (body.idstate === USER_STATE.inactive) refuseOwnAccount(request, body.id);
    const { changed } = await setUserState(db, actorOf(request), body.id, body.idstate);
    if (body.idstate === USER_STATE.inactive) await endSessions(body.id);
    else if (changed) sessions.ended({ users: [body.id] });
    return success(body.idstate === USER_STATE.active ? USER_MESSAGES.nowActive : USER_MESSAGES.nowInactive, body.id);
  });

  route(app, usersApi.userDelete, async ({ body: { Id } }, request) => {
    refuseOwnAccount(request, Id);
    await deleteUser(db, actorOf(request), Id);
    app.ctx.access.dropAll();
    await endSessions(Id);
    return success(USER_MESSAGES.deleted, Id);
  });

  route(app, usersApi.userReactivate, async ({ body: { id } }, request) => {
    const user = await reactivateUser(db, actorOf(request), id);
    app.ctx.access.dropAll();
    return { statusCode: 200, result: { informationCode: INFORMATION_CODES.success, information: USER_MESSAGES.reactivated, user } };
  });
}
