import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ActivateDeletedUserRequestSchema,
  ActivateDeletedUserResultSchema,
  CountriesResultSchema,
  CreateUserRequestSchema,
  DeleteUserRequestSchema,
  DocumentTypesHeadersSchema,
  DocumentTypesResultSchema,
  INFORMATION_CODES,
  InactivateUserRequestSchema,
  ModifyUserRequestSchema,
  USER_EXISTS_CODES,
  USER_MESSAGES,
  USER_STATE,
  UserByIdHeadersSchema,
  UserByIdResultSchema,
  UserExistsRequestSchema,
  UserExistsResultSchema,
  UserListHeadersSchema,
  UserListResultSchema,
  UserTypesResultSchema,
  UserWriteResultSchema,
  type ActivateDeletedUserResult,
  type CountryRecord,
  type DocumentTypesResult,
  type Envelope,
  type UserByIdResult,
  type UserExistsResult,
  type UserListResult,
  type UserSort,
  type UserTypesResult,
  type UserWriteResult,
} from '@suite/shared/contracts';
import { badRequest, parseInput } from '../../http/errors';
import { requirePrivilege, type AuthUser } from '../../security/auth';
import { actorOf } from '../audit/audit';
import { decodeHeaderText, first, pickHeaders } from '../../http/headers';
import { findUserDetail, listCountries, listDocumentTypes, listUserTypes, listUsers } from './queries';
import { createUser, deleteUser, modifyUser, reactivateUser, sendActivationOfCreated, setUserState, userNotFound, usersHolding } from './service';

const read = { preHandler: requirePrivilege('USERS_READ') };
const write = { preHandler: requirePrivilege('USERS_WRITE') };

/** An administrator may not deactivate or delete their own account (they would lock themselves out). */
function refuseOwnAccount(request: FastifyRequest, userId: string): void {
  if ((request.user as AuthUser | undefined)?.id === userId) throw badRequest(USER_MESSAGES.notOnYourself);
}

const success = (information: string, id: string): Envelope<UserWriteResult> => ({
  statusCode: 200,
  result: { information, informationCode: INFORMATION_CODES.success, id },
});

/**
 * Users area (console spec §7 "Users"): the list, the card's reads and the writes. Reads need
 * USERS_READ, writes USERS_WRITE; every write is audited in its own transaction; inactivating or
 * deleting a user ends its sessions and tells its live connections.
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

  app.get('/api/user/list', { ...read, config: { contract: { summary: 'List users', tag: 'users', headers: UserListHeadersSchema, result: UserListResultSchema, auth: ['USERS_READ'] } } }, async (request): Promise<Envelope<UserListResult>> => {
    const headers = parseInput(
      UserListHeadersSchema,
      {
        customerSearch: decodeHeaderText(first(request.headers.customersearch)),
        pages: first(request.headers.pages)?.replace(/\s+/g, ''),
        filterBy: first(request.headers.filterby)?.trim(),
      },
      'headers',
    );
    const [page, size] = headers.pages.split(',').map(Number);
    const result = await listUsers(db, {
      search: headers.customerSearch,
      page: Math.max(1, page),
      size,
      sort: Number(headers.filterBy) as UserSort,
    });
    return { statusCode: 200, result };
  });

  app.get('/api/user/GetById', { ...read, config: { contract: { summary: 'One user', tag: 'users', headers: UserByIdHeadersSchema, result: UserByIdResultSchema, auth: ['USERS_READ'] } } }, async (request): Promise<Envelope<UserByIdResult>> => {
    const { pid } = parseInput(UserByIdHeadersSchema, pickHeaders(request, ['pid']), 'headers');
    const user = await findUserDetail(db, pid);
    if (!user || user.deleted) throw userNotFound();
    return { statusCode: 200, result: { count: 1, records: [user] } };
  });

  app.post('/api/user/getuserexists', { ...read, config: { contract: { summary: 'Whether a user name or e-mail is taken', tag: 'users', body: UserExistsRequestSchema, result: UserExistsResultSchema, auth: ['USERS_READ'] } } }, async (request): Promise<Envelope<UserExistsResult>> => {
    const body = parseInput(UserExistsRequestSchema, request.body ?? {});
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

  app.get('/api/user/GetTypeUser', { ...read, config: { contract: { summary: 'User types', tag: 'users', result: UserTypesResultSchema, auth: ['USERS_READ'] } } }, async (): Promise<Envelope<UserTypesResult>> => {
    return { statusCode: 200, result: { records: await listUserTypes(db) } };
  });

  app.get('/api/user/get-countries', { ...read, config: { contract: { summary: 'Countries', tag: 'users', result: CountriesResultSchema, auth: ['USERS_READ'] } } }, async (): Promise<Envelope<CountryRecord[]>> => {
    return { statusCode: 200, result: await listCountries(db) };
  });

  app.get('/api/user/get-document-types-create-users', { ...read, config: { contract: { summary: 'Document types of a country', tag: 'users', headers: DocumentTypesHeadersSchema, result: DocumentTypesResultSchema, auth: ['USERS_READ'] } } }, async (request): Promise<Envelope<DocumentTypesResult>> => {
    const { code } = parseInput(DocumentTypesHeadersSchema, pickHeaders(request, ['code', 'appName']), 'headers');
    return { statusCode: 200, result: { listDocumentType: await listDocumentTypes(db, code) } };
  });

  app.post('/api/user/create', { ...write, config: { contract: { summary: 'Create a user', tag: 'users', body: CreateUserRequestSchema, result: UserWriteResultSchema, auth: ['USERS_WRITE'] } } }, async (request): Promise<Envelope<UserWriteResult>> => {
    const body = parseInput(CreateUserRequestSchema, request.body);
    const user = await createUser(db, actorOf(request), body);
    await sendActivationOfCreated(app.ctx, request, user);
    return success(USER_MESSAGES.created, user.id);
  });

  app.post('/api/user/modify', { ...write, config: { contract: { summary: 'Modify a user', tag: 'users', body: ModifyUserRequestSchema, result: UserWriteResultSchema, auth: ['USERS_WRITE'] } } }, async (request): Promise<Envelope<UserWriteResult>> => {
    const body = parseInput(ModifyUserRequestSchema, request.body);
    const user = await modifyUser(db, actorOf(request), body);
    app.ctx.access.dropAll();
    return success(USER_MESSAGES.updated, user.id);
  });

  app.post('/api/user/Inactivate', { ...write, config: { contract: { summary: 'Activate or inactivate a user', tag: 'users', body: InactivateUserRequestSchema, result: UserWriteResultSchema, auth: ['USERS_WRITE'] } } }, async (request): Promise<Envelope<UserWriteResult>> => {
    const body = parseInput(InactivateUserRequestSchema, request.body);
    if (body.idstate === USER_STATE.inactive) refuseOwnAccount(request, body.id);
    const { changed } = await setUserState(db, actorOf(request), body.id, body.idstate);
    if (body.idstate === USER_STATE.inactive) await endSessions(body.id);
    else if (changed) sessions.ended({ users: [body.id] });
    return success(body.idstate === USER_STATE.active ? USER_MESSAGES.nowActive : USER_MESSAGES.nowInactive, body.id);
  });

  app.post('/api/user/delete', { ...write, config: { contract: { summary: 'Delete a user', tag: 'users', body: DeleteUserRequestSchema, result: UserWriteResultSchema, auth: ['USERS_WRITE'] } } }, async (request): Promise<Envelope<UserWriteResult>> => {
    const { Id } = parseInput(DeleteUserRequestSchema, request.body);
    refuseOwnAccount(request, Id);
    await deleteUser(db, actorOf(request), Id);
    app.ctx.access.dropAll();
    await endSessions(Id);
    return success(USER_MESSAGES.deleted, Id);
  });

  app.post('/api/user/activateDeletedUser', { ...write, config: { contract: { summary: 'Restore a deleted user', tag: 'users', body: ActivateDeletedUserRequestSchema, result: ActivateDeletedUserResultSchema, auth: ['USERS_WRITE'] } } }, async (request): Promise<Envelope<ActivateDeletedUserResult>> => {
    const { id } = parseInput(ActivateDeletedUserRequestSchema, request.body);
    const user = await reactivateUser(db, actorOf(request), id);
    app.ctx.access.dropAll();
    return { statusCode: 200, result: { informationCode: INFORMATION_CODES.success, information: USER_MESSAGES.reactivated, user } };
  });
}
