import { ACCESS_SORT, accessSortOptions, applicationTitles, cutName, firstApplications, type Listed } from './listing';

const row = (name: string, idstate: number, createdon: string) => ({ name, idstate, createdon });
const rows = [row('a', 0, '2026-01-01T00:00:00Z'), row('b', 1, '2026-03-01T00:00:00Z'), row('c', 0, '2026-02-01T00:00:00Z'), row('d', 1, '2025-12-01T00:00:00Z')];
const order = (sort: number) => {
  const compare = accessSortOptions<Listed & { name: string }>((key) => key).find((option) => option.value === sort)!.compare!;
  return [...rows].sort(compare).map((r) => r.name);
};

describe('list sort and columns', () => {
  it('sorts active or inactive first (newest first within), newest and oldest by creation date', () => {
    expect(order(ACCESS_SORT.active)).toEqual(['c', 'a', 'b', 'd']);
    expect(order(ACCESS_SORT.inactive)).toEqual(['b', 'd', 'c', 'a']);
    expect(order(ACCESS_SORT.newest)).toEqual(['b', 'c', 'a', 'd']);
    expect(order(ACCESS_SORT.oldest)).toEqual(['d', 'a', 'c', 'b']);
  });

  it('shows the first two applications and counts the rest', () => {
    expect(applicationTitles(' Consola, Licencias ,,Nómina')).toEqual(['Consola', 'Licencias', 'Nómina']);
    expect(firstApplications(['A', 'B', 'C', 'D'])).toEqual({ shown: ['A', 'B'], more: 2 });
    expect(firstApplications(['A'])).toEqual({ shown: ['A'], more: 0 });
  });

  it('cuts a name at 40 characters', () => {
    expect(cutName('x'.repeat(40))).toBe('x'.repeat(40));
    expect(cutName('x'.repeat(41))).toBe(`${'x'.repeat(40)}…`);
  });
});
