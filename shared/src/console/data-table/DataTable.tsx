import { Box, Button, HStack, IconButton, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { LoadingState } from '@suite/shared';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../dialogs/consoleDialogs';
import { CONSOLE_NS } from '../i18n';
import { PlusIcon, TrashIcon } from '../icons';
import { clientPage } from './clientRows';
import { Pagination } from './Pagination';
import { SearchBar } from './SearchBar';
import { SortMenu } from './SortMenu';
import { StateSwitch } from './StateSwitch';
import { initialTableQuery, type DataTableColumn, type RowDelete, type RowStateToggle, type SortOption, type TableQuery } from './types';

/** Height of every console table's scroll container (docs/product/console.md, Lists). */
export const TABLE_HEIGHT = '440px';

export interface DataTableProps<Row, Sort extends string | number = string | number> {
  /** Accessible name of the table (e.g. the screen's title). */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  /** Server-side: the current page's rows. Client-side: every row (searched, sorted and paged here). */
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** How a row is named in its controls' labels (e.g. the user name). */
  rowLabel: (row: Row) => string;
  /**
   * Rows across every page, for server-side data: the table then asks for pages, sort and search
   * through onQueryChange (search on Enter). Omitted: client-side data.
   */
  total?: number;
  /** `total` is a lower bound (the API stopped counting): the range reads 'más de N' and the pager allows one more page at a time. */
  totalCapped?: boolean;
  /** The query shown (controlled); kept by the table when omitted. */
  query?: TableQuery<Sort>;
  /** Every change of search, sort, page or page size (search, sort and size go back to page 1). */
  onQueryChange?: (query: TableQuery<Sort>) => void;
  /** The sort menu's options; no menu when omitted. The first is the default. */
  sortOptions?: readonly SortOption<Row, Sort>[];
  /** Shows the loading state instead of the rows. */
  loading?: boolean;
  /** Text of the loading state; 'Cargando…' when omitted. */
  loadingLabel?: string;
  /** Text of a table without rows; 'No se encontraron resultados' when omitted. */
  emptyLabel?: string;
  /** Opens a row (click, or Enter on the focused row). */
  onRowClick?: (row: Row) => void;
  /** A confirmed state switch per row, in a state column after `columns`. */
  stateToggle?: RowStateToggle<Row>;
  /** A confirmed delete icon per row, in a last column. */
  rowDelete?: RowDelete<Row>;
  /** The create button; none when omitted. */
  onCreate?: () => void;
  /** Text of the create button; 'Crear' when omitted. */
  createLabel?: string;
  /** Search box label and placeholder; 'Buscar' when omitted. */
  searchLabel?: string;
  /** Something more for the toolbar (e.g. a filter), before the create button. */
  toolbar?: ReactNode;
}

function fieldText(row: unknown, key: string): string {
  const value = (row as Record<string, unknown>)[key];
  return value === null || value === undefined ? '' : String(value);
}

/**
 * The table of every console list screen (docs/product/console.md, Lists): search bar, sort menu, create
 * button, a 440 px scrolling table, empty text, loading state, row click, confirmed state switch
 * and delete icon, and pagination (10 / 25 / 100, default 10). Works on one server page at a time
 * (give `total`) or on all rows at once (client-side).
 */
export function DataTable<Row, Sort extends string | number = string | number>(props: DataTableProps<Row, Sort>) {
  const { label, columns, rows, rowKey, rowLabel, total, totalCapped, sortOptions, loading, onRowClick, stateToggle, rowDelete, onCreate } =
    props;
  const { t } = useTranslation(CONSOLE_NS);
  const [ownQuery, setOwnQuery] = useState<TableQuery<Sort>>(() => initialTableQuery(sortOptions?.[0]?.value));
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const query = props.query ?? ownQuery;
  const serverSide = total !== undefined;

  const change = (next: Partial<TableQuery<Sort>>) => {
    const merged = { ...query, ...next };
    if (!props.query) setOwnQuery(merged);
    props.onQueryChange?.(merged);
  };

  const view = serverSide
    ? { rows: [...rows], total, page: query.page }
    : clientPage(rows, query, columns, sortOptions as readonly SortOption<Row>[] | undefined);

  const settle = async (row: Row, action: () => unknown) => {
    const key = rowKey(row);
    setBusy((current) => new Set(current).add(key));
    try {
      await action();
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    }
  };

  const toggle = async (row: Row, nextActive: boolean) => {
    if (!stateToggle || !(await confirmAction({ message: stateToggle.confirmMessage(row, nextActive) }))) return;
    await settle(row, () => stateToggle.onToggle(row, nextActive));
  };

  const remove = async (row: Row) => {
    if (!rowDelete || !(await confirmAction({ message: rowDelete.confirmMessage(row) }))) return;
    await settle(row, () => rowDelete.onDelete(row));
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: Row) => {
    // only the row itself: Enter on its switch or delete button is theirs
    if (event.key === 'Enter' && event.target === event.currentTarget && onRowClick) {
      event.preventDefault();
      onRowClick(row);
    }
  };

  const columnCount = columns.length + (stateToggle ? 1 : 0) + (rowDelete ? 1 : 0);

  return (
    <Box>
      <HStack gap="3" mb="3" align="flex-start" flexWrap="wrap">
        <SearchBar
          value={query.search}
          onSearch={(search) => change({ search, page: 1 })}
          mode={serverSide ? 'server' : 'client'}
          label={props.searchLabel}
        />
        {sortOptions && sortOptions.length > 0 ? (
          <SortMenu options={sortOptions} value={query.sort} onChange={(sort) => change({ sort, page: 1 })} />
        ) : null}
        {props.toolbar}
        {onCreate ? (
          <Button colorPalette="brand" onClick={onCreate}>
            <PlusIcon />
            {props.createLabel ?? t('table.create')}
          </Button>
        ) : null}
      </HStack>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" height={TABLE_HEIGHT} bg="white">
        <Table.Root aria-label={label} aria-busy={loading || undefined} size="sm" stickyHeader interactive={Boolean(onRowClick)}>
          <Table.Header>
            <Table.Row>
              {columns.map((column) => (
                <Table.ColumnHeader key={column.key} scope="col" width={column.width}>
                  {column.header}
                </Table.ColumnHeader>
              ))}
              {stateToggle ? <Table.ColumnHeader scope="col">{stateToggle.header ?? t('table.state')}</Table.ColumnHeader> : null}
              {rowDelete ? (
                <Table.ColumnHeader scope="col" width="1%">
                  <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
                </Table.ColumnHeader>
              ) : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {loading ? (
              <Table.Row>
                <Table.Cell colSpan={columnCount}>
                  <LoadingState label={props.loadingLabel ?? t('table.loading')} />
                </Table.Cell>
              </Table.Row>
            ) : view.rows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={columnCount} textAlign="center" py="6">
                  {props.emptyLabel ?? t('table.empty')}
                </Table.Cell>
              </Table.Row>
            ) : (
              view.rows.map((row) => {
                const key = rowKey(row);
                const active = stateToggle?.isActive(row) ?? false;
                return (
                  <Table.Row
                    key={key}
                    tabIndex={onRowClick ? 0 : undefined}
                    cursor={onRowClick ? 'pointer' : undefined}
                    _focusVisible={{ outline: '2px solid', outlineColor: 'brand.main', outlineOffset: '-2px' }}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                    onKeyDown={onRowClick ? (event) => onRowKeyDown(event, row) : undefined}
                  >
                    {columns.map((column) => (
                      <Table.Cell key={column.key}>{column.render ? column.render(row) : fieldText(row, column.key)}</Table.Cell>
                    ))}
                    {stateToggle ? (
                      <Table.Cell>
                        <HStack gap="2">
                          {(stateToggle.available?.(row) ?? true) ? (
                            <StateSwitch
                              checked={active}
                              label={t('table.toggleState', { name: rowLabel(row) })}
                              disabled={busy.has(key)}
                              onChange={(next) => void toggle(row, next)}
                            />
                          ) : null}
                          <Text as="span">{stateToggle.label?.(row) ?? t(active ? 'table.active' : 'table.inactive')}</Text>
                        </HStack>
                      </Table.Cell>
                    ) : null}
                    {rowDelete ? (
                      <Table.Cell>
                        {(rowDelete.available?.(row) ?? true) ? (
                          <IconButton
                            aria-label={t('table.deleteRow', { name: rowLabel(row) })}
                            variant="ghost"
                            size="sm"
                            disabled={busy.has(key)}
                            onClick={(event) => {
                              event.stopPropagation();
                              void remove(row);
                            }}
                          >
                            <TrashIcon />
                          </IconButton>
                        ) : null}
                      </Table.Cell>
                    ) : null}
                  </Table.Row>
                );
              })
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Pagination
        page={view.page}
        pageSize={query.pageSize}
        total={view.total}
        totalCapped={totalCapped && total !== undefined}
        onPageChange={(page) => change({ page })}
        onPageSizeChange={(pageSize) => change({ pageSize, page: 1 })}
      />
    </Box>
  );
}
