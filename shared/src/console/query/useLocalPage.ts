import { apiErrorMessage } from '@suite/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortOption, TableQuery } from '../data-table/types';
import { useRememberedQuery } from '../data-table/useRememberedQuery';
import { CONSOLE_NS } from '../i18n';
import { consoleKeys, type ConsoleEntity, type ConsoleQueryMeta } from './keys';

/** The sort menu of the console's lists: Activo, Inactivo, Más reciente, Más antiguo. */
export const STATE_DATE_SORT = { active: 1, inactive: 2, newest: 3, oldest: 4 } as const;
export type StateDateSort = (typeof STATE_DATE_SORT)[keyof typeof STATE_DATE_SORT];
export const STATE_DATE_SORTS: readonly StateDateSort[] = Object.values(STATE_DATE_SORT);

/** What a client-side list orders its rows by: their state and a date (creation or last change). */
export interface StateDateOrder<Row> {
  isActive: (row: Row) => boolean;
  /** ISO-8601; an unreadable date sorts as the oldest. */
  date: (row: Row) => string;
}

/**
 * The four options with their client-side order: active (or inactive) rows first, newest first
 * within each group; newest; oldest. `label` names each option in the page's language.
 */
export function stateDateSortOptions<Row>(
  order: StateDateOrder<Row>,
  label: (key: keyof typeof STATE_DATE_SORT) => string,
): SortOption<Row, StateDateSort>[] {
  const time = (row: Row) => Date.parse(order.date(row)) || 0;
  const newestFirst = (a: Row, b: Row) => time(b) - time(a);
  const stateFirst = (active: boolean) => (a: Row, b: Row) =>
    Number(order.isActive(b) === active) - Number(order.isActive(a) === active) || newestFirst(a, b);
  return [
    { value: STATE_DATE_SORT.active, label: label('active'), compare: stateFirst(true) },
    { value: STATE_DATE_SORT.inactive, label: label('inactive'), compare: stateFirst(false) },
    { value: STATE_DATE_SORT.newest, label: label('newest'), compare: newestFirst },
    { value: STATE_DATE_SORT.oldest, label: label('oldest'), compare: (a, b) => time(a) - time(b) },
  ];
}

export interface LocalPageOptions<Row> {
  /** The entity listed: its rows are keyed `consoleKeys.list(entity, 'all')` (a card of the same entity may read that key too). */
  entity: ConsoleEntity;
  /** Session-storage name of the remembered search, sort and page (useRememberedQuery). */
  rememberAs: string;
  /** Every row of the list, at once. */
  fetchAll: () => Promise<Row[]>;
  /** How the sort menu orders the rows. */
  order: StateDateOrder<Row>;
  defaultSort: StateDateSort;
  /** Other entities the rows show (a change of them refreshes the list too). */
  shows?: ConsoleQueryMeta['shows'];
  /** The two state options' names when the rows' states are not Activo / Inactivo (a notification is Pendiente or Ejecutada). */
  stateLabels?: { active: string; inactive: string };
}

export interface LocalPageState<Row> {
  /** The table's query, remembered for the browser tab. */
  query: TableQuery<StateDateSort>;
  setQuery: (query: TableQuery<StateDateSort>) => void;
  /** Every row (the table searches, sorts and pages them); none until read. */
  rows: Row[];
  /** The sort menu, in the page's language. */
  sortOptions: SortOption<Row, StateDateSort>[];
  /** The first read is under way. */
  loading: boolean;
  /** The failed read's message, until one succeeds. */
  error: string | null;
}

/**
 * A console list whose rows are all read at once (TanStack Query on the host's client), so search,
 * sort and pages are the table's: the query kept for the tab as useRememberedQuery does, the rows
 * read again each time the list is shown, reloaded by a mutation of the entity (useConsoleMutation).
 * The server-side counterpart is useServerPage.
 */
export function useLocalPage<Row>({
  entity,
  rememberAs,
  fetchAll,
  order,
  defaultSort,
  shows,
  stateLabels,
}: LocalPageOptions<Row>): LocalPageState<Row> {
  const { t } = useTranslation(CONSOLE_NS);
  const [query, setQuery] = useRememberedQuery<StateDateSort>(rememberAs, STATE_DATE_SORTS, defaultSort);
  const list = useQuery({
    queryKey: consoleKeys.list(entity, 'all'),
    queryFn: fetchAll,
    // a list is where other people's changes show: read again whenever it is shown
    refetchOnMount: 'always',
    meta: shows ? { shows } : undefined,
  });
  // the order's functions by identity of the caller's module-level helpers; labels by language
  const { isActive, date } = order;
  const active = stateLabels?.active;
  const inactive = stateLabels?.inactive;
  const sortOptions = useMemo(
    () =>
      stateDateSortOptions<Row>(
        { isActive, date },
        (key) => (key === 'active' && active) || (key === 'inactive' && inactive) || t(`table.sortOptions.${key}`),
      ),
    [isActive, date, t, active, inactive],
  );
  return {
    query,
    setQuery,
    rows: list.data ?? [],
    sortOptions,
    loading: list.isPending,
    error: list.error ? apiErrorMessage(list.error) : null,
  };
}
