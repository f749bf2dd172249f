import { ApiError } from '@suite/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { TableQuery } from '../data-table/types';
import { createConsoleQueryClient, createTestQueryClient, retryConsoleQuery } from './client';
import { invalidateEntities } from './keys';
import { useServerPage } from './useServerPage';

const SORTS = [1, 2, 3] as const;
type Sort = (typeof SORTS)[number];

/** A refusal as the API client throws it: the server's text in the envelope. */
const refused = (information: string, status: number) =>
  new ApiError(information, status, { statusCode: status, result: { information } } as never);

beforeEach(() => window.sessionStorage.clear());

function setup(
  fetchPage: (query: TableQuery<Sort>) => Promise<{ rows: string[]; total: number; totalCapped?: boolean }>,
  client = createTestQueryClient(),
  of?: { owner: 'roles'; id: string },
) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(
    () => useServerPage<string, Sort>({ entity: of ? 'users' : 'roles', rememberAs: 'roles', sorts: SORTS, defaultSort: 3, fetchPage, of }),
    { wrapper },
  );
  return { ...hook, client };
}

describe('useServerPage', () => {
  it('reads the remembered query, keeps the last page while the next loads, and asks again for the same query', async () => {
    window.sessionStorage.setItem('suite.table.roles', JSON.stringify({ search: 'adm', sort: 2, page: 2, pageSize: 10 }));
    let release: () => void = () => undefined;
    const fetchPage = jest.fn(async (query: TableQuery<Sort>) => {
      if (query.page === 3) await new Promise<void>((resolve) => (release = resolve));
      return { rows: [`page ${query.page}`], total: 57 };
    });
    const { result } = setup(fetchPage);
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.rows).toEqual(['page 2']));
    expect(fetchPage).toHaveBeenLastCalledWith({ search: 'adm', sort: 2, page: 2, pageSize: 10 });
    expect(result.current.total).toBe(57);

    act(() => result.current.setQuery({ ...result.current.query, page: 3 }));
    await waitFor(() => expect(result.current.loading).toBe(true));
    expect(result.current.rows).toEqual(['page 2']);
    act(() => release());
    await waitFor(() => expect(result.current.rows).toEqual(['page 3']));
    expect(JSON.parse(window.sessionStorage.getItem('suite.table.roles')!)).toMatchObject({ page: 3 });

    // Enter on the same search: the same query handed over again asks again
    const calls = fetchPage.mock.calls.length;
    act(() => result.current.setQuery({ ...result.current.query }));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(calls + 1));
  });

  it("shows the failure's message and no rows, and reloads when its entity changes", async () => {
    let fail = true;
    const fetchPage = jest.fn(async () => {
      if (fail) throw refused('Búsqueda no válida', 400);
      return { rows: ['ok'], total: 1 };
    });
    const { result, client } = setup(fetchPage);
    await waitFor(() => expect(result.current.error).toBe('Búsqueda no válida'));
    expect(result.current.rows).toEqual([]);
    fail = false;
    await act(() => invalidateEntities(client, ['roles']));
    await waitFor(() => expect(result.current.rows).toEqual(['ok']));
    expect(result.current.error).toBeNull();
  });
});

describe('useServerPage of a record of another entity', () => {
  it("keys the page under the owner (never the entity's own list) and reloads on a change of either", async () => {
    const fetchPage = jest.fn(async () => ({ rows: ['ana'], total: 1 }));
    const { result, client } = setup(fetchPage, createTestQueryClient(), { owner: 'roles', id: '7' });
    await waitFor(() => expect(result.current.rows).toEqual(['ana']));
    const keys = client
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
    expect(keys).toEqual([['users', 'of', 'roles', '7', 'list', { search: '', sort: 3, page: 1, pageSize: 10 }]]);
    await act(() => invalidateEntities(client, ['roles']));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    act(() => result.current.setQuery({ ...result.current.query }));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(3));
  });
});

describe('useServerPage with filters', () => {
  it('keys each set of filters apart, by content, and fetches again when they change', async () => {
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const fetchPage = jest.fn(async () => ({ rows: ['entry'], total: 1 }));
    const hook = renderHook(
      ({ filters }: { filters: Record<string, unknown> }) =>
        useServerPage<string, Sort>({ entity: 'audit', rememberAs: 'audit', sorts: SORTS, defaultSort: 3, fetchPage, filters }),
      { wrapper, initialProps: { filters: { actor: 'ana' } } },
    );
    await waitFor(() => expect(hook.result.current.rows).toEqual(['entry']));
    // the same filters in a new object: the same page, not read again
    hook.rerender({ filters: { actor: 'ana' } });
    hook.rerender({ filters: { actor: 'luis' } });
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    const query = { search: '', sort: 3, page: 1, pageSize: 10 };
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([
      ['audit', 'list', { ...query, filters: { actor: 'ana' } }],
      ['audit', 'list', { ...query, filters: { actor: 'luis' } }],
    ]);
  });
});

describe('the console QueryClient', () => {
  it('retries once without a response or on a 5xx, never on a 4xx', () => {
    expect(retryConsoleQuery(0, new ApiError('x', null, null))).toBe(true);
    expect(retryConsoleQuery(0, new ApiError('x', 503, null))).toBe(true);
    expect(retryConsoleQuery(1, new ApiError('x', 503, null))).toBe(false);
    expect(retryConsoleQuery(0, new ApiError('x', 400, null))).toBe(false);
    expect(retryConsoleQuery(0, new ApiError('x', 403, null))).toBe(false);
    expect(retryConsoleQuery(0, new ApiError('x', 404, null))).toBe(false);
  });

  it('keeps data 30 s, does not refetch on window focus, never retries a change', () => {
    const { queries, mutations } = createConsoleQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: 30_000, refetchOnWindowFocus: false });
    expect(mutations).toMatchObject({ retry: false });
  });
});

describe('useServerPage when shown again', () => {
  it('reads the page again each time the list is shown, even with fresh data', async () => {
    const client = createTestQueryClient();
    const fetchPage = jest.fn(async () => ({ rows: ['a'], total: 1 }));
    const first = setup(fetchPage, client);
    await waitFor(() => expect(first.result.current.rows).toEqual(['a']));
    first.unmount();
    const again = setup(fetchPage, client);
    // the last rows show at once while the page is read again
    expect(again.result.current.rows).toEqual(['a']);
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
  });
});
