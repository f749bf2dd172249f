import { apiErrorMessage, type UserRow, type UserSort } from '@suite/shared';
import type { TableQuery } from '@suite/shared/console';
import { useCallback, useEffect, useState } from 'react';
import { fetchUsers } from './usersListApi';

export type UsersPageState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; users: UserRow[]; rows: number };

/** The page of users the query asks for, fetched again on every query change and on reload(). */
export function useUsersPage(query: TableQuery<UserSort>): { state: UsersPageState; reload: () => void } {
  const [state, setState] = useState<UsersPageState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    fetchUsers({ search: query.search, page: query.page, pageSize: query.pageSize, sort: query.sort })
      .then(({ users, rows }) => live && setState({ status: 'ready', users, rows }))
      .catch((error: unknown) => live && setState({ status: 'error', message: apiErrorMessage(error) }));
    // an answer to an older query never replaces a newer one
    return () => {
      live = false;
    };
  }, [query.search, query.page, query.pageSize, query.sort, generation]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { state, reload };
}
