import { ApiError, changeLanguage, initI18n } from '@suite/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import '../i18n';
import { createTestQueryClient } from './client';
import { invalidateEntities } from './keys';
import { STATE_DATE_SORT, stateDateSortOptions, useLocalPage, type StateDateSort } from './useLocalPage';

interface Row {
  name: string;
  idstate: number;
  createdon: string;
}
const row = (name: string, idstate: number, createdon: string): Row => ({ name, idstate, createdon });
const ROWS = [
  row('a', 0, '2026-01-01T00:00:00Z'),
  row('b', 1, '2026-03-01T00:00:00Z'),
  row('c', 0, '2026-02-01T00:00:00Z'),
  row('d', 1, '2025-12-01T00:00:00Z'),
];
const isActive = (r: Row) => r.idstate === 0;
const date = (r: Row) => r.createdon;

beforeAll(() => initI18n('es'));
beforeEach(() => window.sessionStorage.clear());
afterEach(() => changeLanguage('es'));

describe('stateDateSortOptions', () => {
  const order = (sort: StateDateSort) => {
    const compare = stateDateSortOptions<Row>({ isActive, date }, (key) => key).find((option) => option.value === sort)!.compare!;
    return [...ROWS].sort(compare).map((r) => r.name);
  };

  it('sorts active or inactive first (newest first within), newest and oldest by date', () => {
    expect(order(STATE_DATE_SORT.active)).toEqual(['c', 'a', 'b', 'd']);
    expect(order(STATE_DATE_SORT.inactive)).toEqual(['b', 'd', 'c', 'a']);
    expect(order(STATE_DATE_SORT.newest)).toEqual(['b', 'c', 'a', 'd']);
    expect(order(STATE_DATE_SORT.oldest)).toEqual(['d', 'a', 'c', 'b']);
  });

  it('sorts an unreadable date as the oldest', () => {
    const compare = stateDateSortOptions<Row>({ isActive, date }, (key) => key)[2].compare!;
    expect([row('x', 0, 'never'), ...ROWS].sort(compare).map((r) => r.name)).toEqual(['b', 'c', 'a', 'd', 'x']);
  });
});

function setup(fetchAll: () => Promise<Row[]>, client = createTestQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(
    () =>
      useLocalPage<Row>({ entity: 'roles', rememberAs: 'roles', fetchAll, order: { isActive, date }, defaultSort: STATE_DATE_SORT.newest }),
    { wrapper },
  );
  return { ...hook, client };
}

describe('useLocalPage', () => {
  it('reads every row once under the entity, with the remembered query and the sort menu in the page language', async () => {
    window.sessionStorage.setItem('suite.table.roles', JSON.stringify({ search: 'b', sort: 2, page: 1, pageSize: 25 }));
    const fetchAll = jest.fn(async () => ROWS);
    const { result, client } = setup(fetchAll);
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.rows).toEqual(ROWS));
    expect(result.current.loading).toBe(false);
    expect(result.current.query).toEqual({ search: 'b', sort: 2, page: 1, pageSize: 25 });
    expect(result.current.sortOptions.map((option) => option.label)).toEqual(['Activo', 'Inactivo', 'Más reciente', 'Más antiguo']);
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([['roles', 'list', 'all']]);

    act(() => result.current.setQuery({ ...result.current.query, sort: STATE_DATE_SORT.oldest, page: 1 }));
    expect(JSON.parse(window.sessionStorage.getItem('suite.table.roles')!)).toMatchObject({ sort: 4 });
    // search, sort and pages are the table's: no read for them
    expect(fetchAll).toHaveBeenCalledTimes(1);

    await act(() => changeLanguage('en'));
    expect(result.current.sortOptions.map((option) => option.label)).toEqual(['Active', 'Inactive', 'Newest', 'Oldest']);
  });

  it("shows the failure's message and reloads when its entity changes", async () => {
    let fail = true;
    const fetchAll = jest.fn(async () => {
      if (fail)
        throw new ApiError('La base de datos no está disponible.', 400, {
          statusCode: 400,
          result: { information: 'La base de datos no está disponible.' },
        } as never);
      return ROWS;
    });
    const { result, client } = setup(fetchAll);
    await waitFor(() => expect(result.current.error).toBe('La base de datos no está disponible.'));
    expect(result.current.rows).toEqual([]);
    fail = false;
    await act(() => invalidateEntities(client, ['roles']));
    await waitFor(() => expect(result.current.rows).toEqual(ROWS));
    expect(result.current.error).toBeNull();
  });

  it('reads the rows again each time the list is shown', async () => {
    const client = createTestQueryClient();
    const fetchAll = jest.fn(async () => ROWS);
    const first = setup(fetchAll, client);
    await waitFor(() => expect(first.result.current.rows).toEqual(ROWS));
    first.unmount();
    const again = setup(fetchAll, client);
    expect(again.result.current.rows).toEqual(ROWS);
    await waitFor(() => expect(fetchAll).toHaveBeenCalledTimes(2));
  });
});
