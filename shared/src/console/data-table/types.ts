import type { ReactNode } from 'react';

/** Page sizes of every console table (docs/product/console.md, Lists); the first is the default. */
export const PAGE_SIZES = [10, 25, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;

/** What a table shows: search text, sort option value, page (from 1) and page size. */
export interface TableQuery<Sort extends string | number = string | number> {
  search: string;
  sort: Sort | undefined;
  page: number;
  pageSize: PageSize;
}

/** A first page of DEFAULT_PAGE_SIZE rows, no search. */
export function initialTableQuery<Sort extends string | number>(sort?: Sort): TableQuery<Sort> {
  return { search: '', sort, page: 1, pageSize: DEFAULT_PAGE_SIZE };
}

export interface DataTableColumn<Row> {
  /** Identifies the column; also the row field shown when `render` is omitted. */
  key: string;
  header: string;
  /** Cell content; the row's field `key` as text when omitted. */
  render?: (row: Row) => ReactNode;
  /** Text client-side search looks in; the row's field `key` when omitted. */
  searchText?: (row: Row) => string;
  width?: string;
}

/** One entry of the sort menu. */
export interface SortOption<Row, Sort extends string | number = string | number> {
  value: Sort;
  label: string;
  /** Order of client-side tables; server-side tables send `value` instead. */
  compare?: (a: Row, b: Row) => number;
}

/** The per-row state switch; every change is confirmed first. */
export interface RowStateToggle<Row> {
  /** Whether a row has the switch (e.g. users of type 2 or 4 only); every row when omitted. */
  available?: (row: Row) => boolean;
  isActive: (row: Row) => boolean;
  /** Header of the state column; 'Estado' when omitted. */
  header?: string;
  /** Text beside the switch; 'Activo' / 'Inactivo' when omitted. */
  label?: (row: Row) => string;
  /** The question asked before `onToggle` (e.g. '¿Deseas desactivar este usuario ?'). */
  confirmMessage: (row: Row, nextActive: boolean) => string;
  /** Called only after the question is accepted; the switch is disabled until it settles. */
  onToggle: (row: Row, nextActive: boolean) => unknown;
}

/** The optional delete icon per row; confirmed first. */
export interface RowDelete<Row> {
  /** Whether a row has the icon; every row when omitted. */
  available?: (row: Row) => boolean;
  confirmMessage: (row: Row) => string;
  /** Called only after the question is accepted. */
  onDelete: (row: Row) => unknown;
}
