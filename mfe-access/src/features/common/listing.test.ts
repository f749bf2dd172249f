import { applicationTitles, cutName, firstApplications } from './listing';

describe('list columns', () => {
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
