import { Box } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import type { LocalPageState, StateDateSort } from '../query/useLocalPage';
import { DataTable, type DataTableProps } from './DataTable';
import { ErrorAlert } from '../frame/ErrorAlert';

export interface LocalPageTableProps<Row>
  extends Omit<
    DataTableProps<Row, StateDateSort>,
    'rows' | 'rowKey' | 'query' | 'onQueryChange' | 'sortOptions' | 'loading' | 'total' | 'totalCapped'
  > {
  /** The list read by useLocalPage: its rows, remembered query, sort menu, loading state and error. */
  list: LocalPageState<Row>;
  /** The row's id: its key, and the card's address relative to the list (`<id>`). */
  rowId: (row: Row) => string | number;
}

/**
 * A list screen whose rows are all read at once (useLocalPage) in the kit's DataTable: the read's
 * error above the table, the remembered query and sort menu wired, a row opening its card at
 * `<id>` and the create button (when `createLabel` is given) at `new`, both relative to the list's
 * route as the console's sections map them. Either may be replaced by passing its own handler.
 */
export function LocalPageTable<Row>({ list, rowId, onRowClick, onCreate, ...table }: LocalPageTableProps<Row>) {
  const navigate = useNavigate();
  return (
    <Box>
      {list.error ? <ErrorAlert message={list.error} mb="3" /> : null}
      <DataTable<Row, StateDateSort>
        {...table}
        rows={list.rows}
        rowKey={(row) => String(rowId(row))}
        query={list.query}
        onQueryChange={list.setQuery}
        sortOptions={list.sortOptions}
        loading={list.loading}
        onRowClick={onRowClick ?? ((row) => navigate(String(rowId(row))))}
        onCreate={onCreate ?? (table.createLabel ? () => navigate('new') : undefined)}
      />
    </Box>
  );
}
