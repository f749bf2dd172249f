import { COMPANY_ORDER, belongsToUser, mainCompany, replacesMainCompany, setAssigned, setMainCompany } from './companies';

const rows = [
  { id: 'a', name: 'Acme', principal: true, assigned: false, modifiedOn: '2026-01-01T00:00:00Z', sharedApps: 'Firmaya' },
  { id: 'b', name: 'Bravo', principal: false, assigned: true, modifiedOn: '2026-03-01T00:00:00Z', sharedApps: '' },
  { id: 'c', name: 'Córdoba', principal: false, assigned: false, modifiedOn: '2026-02-01T00:00:00Z', sharedApps: 'Bemyself' },
];

describe('companies rules', () => {
  it('asks before replacing another main company, not when there is none or it is the same', () => {
    expect(replacesMainCompany(rows, 'b')).toBe(true);
    expect(replacesMainCompany(rows, 'a')).toBe(false);
    expect(replacesMainCompany(setMainCompany(rows, 'a', false), 'b')).toBe(false);
  });

  it('keeps exactly one main company and clears the assigned flag of the new main', () => {
    const next = setMainCompany(rows, 'b', true);
    expect(next.filter((row) => row.principal).map((row) => row.id)).toEqual(['b']);
    expect(next.find((row) => row.id === 'b')?.assigned).toBe(false);
    expect(mainCompany(next)?.id).toBe('b');
  });

  it('can leave the user without a main company', () => {
    expect(mainCompany(setMainCompany(rows, 'a', false))).toBeUndefined();
  });

  it('ignores the assigned switch of the main company', () => {
    expect(setAssigned(rows, 'a', true)).toEqual(rows);
    expect(setAssigned(rows, 'c', true).find((row) => row.id === 'c')?.assigned).toBe(true);
  });

  it('sorts Activos, Inactivos and Modificados recientemente by the stored membership', () => {
    const sortable = rows.map((row) => ({ ...row, member: belongsToUser(row) }));
    const ids = (order: keyof typeof COMPANY_ORDER) => [...sortable].sort(COMPANY_ORDER[order]).map((row) => row.id);
    expect(ids('active')).toEqual(['a', 'b', 'c']);
    expect(ids('inactive')).toEqual(['c', 'a', 'b']);
    expect(ids('recent')).toEqual(['b', 'c', 'a']);
  });
});
