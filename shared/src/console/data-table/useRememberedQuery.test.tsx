import { act, renderHook } from '@testing-library/react';
import { useRememberedQuery } from './useRememberedQuery';

const SORTS = [1, 2, 3, 4] as const;

beforeEach(() => window.sessionStorage.clear());

describe('useRememberedQuery', () => {
  it('starts on the first page of the default sort, and remembers every change for the tab', () => {
    const first = renderHook(() => useRememberedQuery('users', SORTS, 3));
    expect(first.result.current[0]).toEqual({ search: '', sort: 3, page: 1, pageSize: 10 });
    act(() => first.result.current[1]({ search: 'núñez', sort: 1, page: 2, pageSize: 25 }));
    expect(first.result.current[0]).toEqual({ search: 'núñez', sort: 1, page: 2, pageSize: 25 });
    first.unmount();

    // the screen comes back (e.g. from a card): as it was left
    const again = renderHook(() => useRememberedQuery('users', SORTS, 3));
    expect(again.result.current[0]).toEqual({ search: 'núñez', sort: 1, page: 2, pageSize: 25 });
    // another list keeps its own
    expect(renderHook(() => useRememberedQuery('roles', SORTS, 3)).result.current[0].search).toBe('');
  });

  it.each([
    ['not JSON', '{'],
    ['an unknown sort', JSON.stringify({ search: '', sort: 9, page: 1, pageSize: 10 })],
    ['a page size not offered', JSON.stringify({ search: '', sort: 1, page: 1, pageSize: 7 })],
    ['a page below 1', JSON.stringify({ search: '', sort: 1, page: 0, pageSize: 10 })],
    ['a search that is not text', JSON.stringify({ search: 5, sort: 1, page: 1, pageSize: 10 })],
  ])('ignores a stored value with %s', (_, stored) => {
    window.sessionStorage.setItem('suite.table.users', stored);
    expect(renderHook(() => useRememberedQuery('users', SORTS, 3)).result.current[0]).toEqual({
      search: '',
      sort: 3,
      page: 1,
      pageSize: 10,
    });
  });
});
