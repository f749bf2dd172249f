import { useCallback, useState } from 'react';
import { PAGE_SIZES, initialTableQuery, type TableQuery } from './types';

const PREFIX = 'suite.table.';

/** The stored query when it is well formed and its sort is one of `sorts`; undefined otherwise. */
function readQuery<Sort extends string | number>(key: string, sorts: readonly Sort[]): TableQuery<Sort> | undefined {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(PREFIX + key) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return undefined;
    const { search, sort, page, pageSize } = parsed as Record<string, unknown>;
    if (typeof search !== 'string' || !sorts.includes(sort as Sort)) return undefined;
    if (!Number.isInteger(page) || (page as number) < 1 || !(PAGE_SIZES as readonly unknown[]).includes(pageSize)) return undefined;
    return { search, sort: sort as Sort, page: page as number, pageSize: pageSize as TableQuery['pageSize'] };
  } catch {
    return undefined;
  }
}

/**
 * A list screen's table query, remembered for the browser tab (session storage, under `key`), so
 * coming back from a card finds the search, sort and page as they were left. Anything stored
 * that is not a valid query (another version, edited by hand) is ignored.
 */
export function useRememberedQuery<Sort extends string | number>(
  key: string,
  sorts: readonly Sort[],
  defaultSort: Sort,
): [TableQuery<Sort>, (query: TableQuery<Sort>) => void] {
  const [query, setQuery] = useState<TableQuery<Sort>>(() => readQuery(key, sorts) ?? initialTableQuery(defaultSort));
  const remember = useCallback(
    (next: TableQuery<Sort>) => {
      setQuery(next);
      try {
        window.sessionStorage.setItem(PREFIX + key, JSON.stringify(next));
      } catch {
        /* storage unavailable: the query lasts for this screen */
      }
    },
    [key],
  );
  return [query, remember];
}
