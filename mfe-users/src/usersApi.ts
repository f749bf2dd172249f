import { USER_SORT, apiClient, type UserListResult } from '@suite/shared';

export interface UserListQuery {
  search?: string;
  page?: number;
  pageSize?: 10 | 25 | 100;
  sort?: number;
}

/** GET /api/user/list (console spec §2): one page of users and the total row count. */
export async function fetchUsers({ search = '', page = 1, pageSize = 10, sort = USER_SORT.newest }: UserListQuery = {}): Promise<UserListResult> {
  const reply = await apiClient.get<UserListResult>('user/list', {
    headers: { customerSearch: encodeURIComponent(search), pages: `${page},${pageSize}`, filterBy: String(sort) },
  });
  return { users: reply.result?.users ?? [], rows: reply.result?.rows ?? 0 };
}
