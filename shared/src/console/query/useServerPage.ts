import { apiErrorMessage } from '@suite/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { TableQuery } from '../data-table/types';
import { useRememberedQuery } from '../data-table/useRememberedQuery';
import { consoleKeys, type ConsoleEntity, type ConsoleQueryMeta } from './keys';

/** One page of a server-side list, as a section's fetch function returns it. */
export interface ServerPage<Row> {
  rows: Row[];
  /** Every row that matches, for the pager. */
  total: number;
  /** `total` is a lower bound: the API stopped counting. */
  totalCapped?: boolean;
}

export interface ServerPageOptions<Row, Sort extends string | number> {
  /** The entity listed: the page's key is `consoleKeys.list(entity, query)`. */
  entity: ConsoleEntity;
  /** Session-storage name of the remembered search, sort and page (useRememberedQuery). */
  rememberAs: string;
  sorts: readonly Sort[];
  defaultSort: Sort;
  fetchPage: (query: TableQuery<Sort>) => Promise<ServerPage<Row>>;
  /** Other entities the rows show (a change of them refreshes the list too). */
  shows?: ConsoleQueryMeta['shows'];
  /**
   * The list is about one record of another entity (e.g. the users holding a role): its key is
   * `consoleKeys.of(entity, owner, id, 'list', query)`, so it never shares the entity's own list
   * and a change of either entity reloads it.
   */
  of?: { owner: ConsoleEntity; id: string };
  /**
   * Filters of the list besides the table's search (e.g. a date range), which `fetchPage` sends:
   * part of the page's key, so each set of filters is a page of its own. A plain value (compared by
   * content); going back to page 1 when they change is the caller's.
   */
  filters?: Record<string, unknown>;
}

export interface ServerPageState<Row, Sort extends string | number> {
  /** The table's query, remembered for the browser tab. */
  query: TableQuery<Sort>;
  /** Hands the table's query over (DataTable's onQueryChange); the same query again asks again (Enter). */
  setQuery: (query: TableQuery<Sort>) => void;
  /** The page's rows; the last page's while the next one loads (the pager does not jump); none after a failure. */
  rows: Row[];
  total: number;
  totalCapped: boolean;
  /** A request is under way. */
  loading: boolean;
  /** The failed request's message, until one succeeds. */
  error: string | null;
}

const sameQuery = (a: TableQuery, b: TableQuery) =>
  a.search === b.search && a.sort === b.sort && a.page === b.page && a.pageSize === b.pageSize;

/**
 * A server page of a console list (TanStack Query on the host's client): the search, sort and page
 * kept for the tab as useRememberedQuery does (coming back from a card finds the list as it was
 * left), the previous page kept while the next loads, and Enter on the same search asks again.
 * The page is read again each time the list is shown.
 * A mutation of the entity (useConsoleMutation) reloads it.
 */
export function useServerPage<Row, Sort extends string | number>({
  entity,
  rememberAs,
  sorts,
  defaultSort,
  fetchPage,
  shows,
  of,
  filters,
}: ServerPageOptions<Row, Sort>): ServerPageState<Row, Sort> {
  const [query, remember] = useRememberedQuery<Sort>(rememberAs, sorts, defaultSort);
  const client = useQueryClient();
  // `of` by value: a new object each render is the same list
  const owner = of?.owner;
  const ownerId = of?.id;
  const keyOf = useCallback(
    (q: TableQuery<Sort>) => {
      // TanStack Query hashes the key: equal filters in a new object are the same page
      const listed = filters === undefined ? q : { ...q, filters };
      return owner && ownerId !== undefined ? consoleKeys.of(entity, owner, ownerId, 'list', listed) : consoleKeys.list(entity, listed);
    },
    [entity, owner, ownerId, filters],
  );
  const key = keyOf(query);
  const page = useQuery({
    queryKey: key,
    queryFn: () => fetchPage(query),
    placeholderData: keepPreviousData,
    // a list is read again whenever it is shown (coming back from a card, another section): it is
    // where other people's changes appear; cards and catalogues keep what they read for staleTime
    refetchOnMount: 'always',
    meta: shows ? { shows } : undefined,
  });

  const setQuery = useCallback(
    (next: TableQuery<Sort>) => {
      // the same query handed over again (Enter on the same search) asks the server again
      if (sameQuery(next, query)) void client.refetchQueries({ queryKey: keyOf(next), exact: true });
      remember(next);
    },
    [client, keyOf, query, remember],
  );

  const failed = page.status === 'error';
  return {
    query,
    setQuery,
    rows: failed ? [] : (page.data?.rows ?? []),
    total: failed ? 0 : (page.data?.total ?? 0),
    totalCapped: !failed && page.data?.totalCapped === true,
    loading: page.isFetching,
    error: page.error ? apiErrorMessage(page.error) : null,
  };
}
