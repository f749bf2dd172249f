import { apiClient } from '@suite/shared';
import type { PageSize } from '@suite/shared/console';
import { USER_SORT, type InactivateUserRequest, type UserListResult, type UserSort, type UserWriteResult } from '@suite/shared/console';

export interface UserListQuery {
  search?: string;
  page?: number;
  pageSize?: PageSize;
  sort?: UserSort;
}

/** GET /api/user/list (console spec §2, §7): one page of users and the total row count. */
export async function fetchUsers({ search = '', page = 1, pageSize = 10, sort = USER_SORT.newest }: UserListQuery = {}): Promise<UserListResult> {
  const reply = await apiClient.get<UserListResult>('user/list', {
    headers: { customerSearch: encodeURIComponent(search), pages: `${page},${pageSize}`, filterBy: String(sort) },
  });
  return { users: reply.result?.users ?? [], rows: reply.result?.rows ?? 0, rowsCapped: reply.result?.rowsCapped };
}

/** POST /api/user/Inactivate: sets a user active (1) or inactive (2); refused with a message otherwise. */
export async function setUserState(body: InactivateUserRequest): Promise<UserWriteResult> {
  return (await apiClient.post<UserWriteResult>('user/Inactivate', body)).result;
}

/** POST /api/user/delete (body `Id`, as the spec spells it). */
export async function deleteUser(id: string): Promise<UserWriteResult> {
  return (await apiClient.post<UserWriteResult>('user/delete', { Id: id })).result;
}
