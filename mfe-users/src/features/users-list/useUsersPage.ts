import { apiErrorMessage, type UserRow, type UserSort } from '@suite/shared';
import type { TableQuery } from '@suite/shared/console';
import { useCallback, useEffect, useState } from 'react';
import { fetchUsers } from './usersListApi';

/** The last page read (kept while the next one loads, so the pager does not jump) and the call's state. */
export interface UsersPageState {
  loading: boolean;
  /** The failed call's message, until a call succeeds. */
  error: string | null;
  users: UserRow[];
  rows: number;
  /** `rows` is a lower bound: the API stopped counting the matches of a search. */
  rowsCapped: boolean;
}

/** The page of users the query asks for, fetched for every query the table hands over and on reload(). */
export function useUsersPage(query: TableQuery<UserSort>): { state: UsersPageState; reload: () => void } {
  const [state, setState] = useState<UsersPageState>({ loading: true, error: null, users: [], rows: 0, rowsCapped: false });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let live = true;
    setState((current) => ({ ...current, loading: true }));
    fetchUsers({ search: query.search, page: query.page, pageSize: query.pageSize, sort: query.sort })
      .then(({ users, rows, rowsCapped }) => live && setState({ loading: false, error: null, users, rows, rowsCapped: rowsCapped === true }))
      .catch((error: unknown) => live && setState({ loading: false, error: apiErrorMessage(error), users: [], rows: 0, rowsCapped: false }));
    // an answer to an older query never replaces a newer one
    return () => {
      live = false;
    };
    // every query the table hands over is asked for, the same one again included (Enter searches again)
  }, [query, generation]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { state, reload };
}
