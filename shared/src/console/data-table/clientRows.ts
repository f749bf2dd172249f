import type { DataTableColumn, SortOption, TableQuery } from './types';

/** Lower case without accents, so 'jose' finds 'José' and 'NUÑEZ' finds 'nuñez' ('ñ' stays). */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/(?!\u0303)[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase();
}

function cellText<Row>(row: Row, column: DataTableColumn<Row>): string {
  if (column.searchText) return column.searchText(row);
  const value = (row as Record<string, unknown>)[column.key];
  return value === null || value === undefined ? '' : String(value);
}

/**
 * A client-side table's visible page: rows matching the search in any column, in the chosen
 * option's order, cut to the page (the last page when the query's page no longer exists).
 */
export function clientPage<Row>(
  rows: readonly Row[],
  query: TableQuery,
  columns: readonly DataTableColumn<Row>[],
  sortOptions: readonly SortOption<Row>[] = [],
): { rows: Row[]; total: number; page: number } {
  const needle = searchKey(query.search.trim());
  const matching = needle ? rows.filter((row) => columns.some((column) => searchKey(cellText(row, column)).includes(needle))) : [...rows];
  const compare = sortOptions.find((option) => option.value === query.sort)?.compare;
  if (compare) matching.sort(compare);
  const lastPage = Math.max(1, Math.ceil(matching.length / query.pageSize));
  const page = Math.min(Math.max(1, query.page), lastPage);
  const start = (page - 1) * query.pageSize;
  return { rows: matching.slice(start, start + query.pageSize), total: matching.length, page };
}
