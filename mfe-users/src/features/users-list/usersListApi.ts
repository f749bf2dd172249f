import { call, type EndpointInput } from '@suite/shared';
import { usersApi, type InactivateUserRequest, type UserListResult, type UserWriteResult } from '@suite/shared/console';

/** The list's headers, as the API names them: `customerSearch`, `pages` ("<page>,<size>"), `filterBy` (UserSort). */
export type UserListHeaders = EndpointInput<typeof usersApi.userList>['headers'];

/** One page of users and the total row count (docs/product/users.md, Calls). */
export function fetchUsers(headers: UserListHeaders = {}): Promise<UserListResult> {
  return call(usersApi.userList, { headers });
}

/** Sets a user active (1) or inactive (2); refused with a message otherwise. */
export function setUserState(body: InactivateUserRequest): Promise<UserWriteResult> {
  return call(usersApi.userState, { body });
}

/** Deletes a user (body `Id`, capitalised as the call names it). */
export function deleteUser(id: string): Promise<UserWriteResult> {
  return call(usersApi.userDelete, { body: { Id: id } });
}
