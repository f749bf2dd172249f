/**
 * The companies (customers) rules of the user card (docs/product/users.md, Rules): exactly one
 * main company, marking a company main clears its assigned flag, and the assigned switch of the
 * main company does nothing. Pure functions over the rows, so the table and the tests share them.
 */
export interface CompanyAssignment {
  id: string;
  principal: boolean;
  assigned: boolean;
}

/** The main company, if any. */
export function mainCompany<T extends CompanyAssignment>(rows: readonly T[]): T | undefined {
  return rows.find((row) => row.principal);
}

/** Whether marking `id` main replaces another main company (and so needs confirmation). */
export function replacesMainCompany(rows: readonly CompanyAssignment[], id: string): boolean {
  const current = mainCompany(rows);
  return current !== undefined && current.id !== id;
}

/**
 * Sets or clears the main company. Setting it makes `id` the only main one and clears its
 * assigned flag; clearing it leaves the user without a main company.
 */
export function setMainCompany<T extends CompanyAssignment>(rows: readonly T[], id: string, principal: boolean): T[] {
  return rows.map((row) => {
    if (row.id === id) return principal ? { ...row, principal: true, assigned: false } : { ...row, principal: false };
    return principal && row.principal ? { ...row, principal: false } : row;
  });
}

/** Toggles the assigned flag; ignored for the main company. */
export function setAssigned<T extends CompanyAssignment>(rows: readonly T[], id: string, assigned: boolean): T[] {
  return rows.map((row) => (row.id === id && !row.principal ? { ...row, assigned } : row));
}

/** Sort options of the companies table; the table applies them in the browser. */
export const COMPANY_SORT = { active: 'active', inactive: 'inactive', recent: 'recent' } as const;
export type CompanySort = (typeof COMPANY_SORT)[keyof typeof COMPANY_SORT];

/** A company row as the table sorts it: `member` is whether the user belongs to it as stored. */
export interface SortableCompany {
  name: string;
  member: boolean;
  modifiedOn?: string | null;
}

/** Whether the user belongs to the company (main or assigned). */
export const belongsToUser = (row: CompanyAssignment): boolean => row.principal || row.assigned;

const byName = (a: SortableCompany, b: SortableCompany) => a.name.localeCompare(b.name, 'es', { sensitivity: 'base' });
const time = (row: SortableCompany) => (row.modifiedOn ? Date.parse(row.modifiedOn) || 0 : 0);
const rank = (row: SortableCompany) => (row.member ? 0 : 1);

/**
 * Activos: the user's companies first; Inactivos: the others first; Modificados recientemente:
 * newest modification first. Ties by name. Membership is the stored one, so a row does not jump
 * away while its switches are being changed.
 */
export const COMPANY_ORDER: Record<CompanySort, (a: SortableCompany, b: SortableCompany) => number> = {
  active: (a, b) => rank(a) - rank(b) || byName(a, b),
  inactive: (a, b) => rank(b) - rank(a) || byName(a, b),
  recent: (a, b) => time(b) - time(a) || byName(a, b),
};
