/**
 * The companies (customers) rules of the user card (console spec §4 "Customers"): exactly one
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
 * assigned flag (spec §4); clearing it leaves the user without a main company.
 */
export function setMainCompany<T extends CompanyAssignment>(rows: readonly T[], id: string, principal: boolean): T[] {
  return rows.map((row) => {
    if (row.id === id) return principal ? { ...row, principal: true, assigned: false } : { ...row, principal: false };
    return principal && row.principal ? { ...row, principal: false } : row;
  });
}

/** Toggles the assigned flag; ignored for the main company (spec §4). */
export function setAssigned<T extends CompanyAssignment>(rows: readonly T[], id: string, assigned: boolean): T[] {
  return rows.map((row) => (row.id === id && !row.principal ? { ...row, assigned } : row));
}

/** Sort options of the companies table (console spec §2). */
export const COMPANY_SORT = { active: 'active', inactive: 'inactive', recent: 'recent' } as const;
export type CompanySort = (typeof COMPANY_SORT)[keyof typeof COMPANY_SORT];

/** Whether the company is the user's (main or assigned): "Activos" lists these first. */
export const belongsToUser = (row: CompanyAssignment): boolean => row.principal || row.assigned;

/**
 * Rows in the chosen order: Activos puts the user's companies first, Inactivos the others first,
 * Modificados recientemente the newest modification first. Ties keep the name order.
 */
export function sortCompanies<T extends CompanyAssignment & { name: string; modifiedOn?: string | null }>(rows: readonly T[], sort: CompanySort): T[] {
  const byName = (a: T, b: T) => a.name.localeCompare(b.name, 'es', { sensitivity: 'base' });
  const time = (row: T) => (row.modifiedOn ? Date.parse(row.modifiedOn) || 0 : 0);
  const rank = (row: T) => (belongsToUser(row) ? 0 : 1);
  return [...rows].sort((a, b) => {
    if (sort === COMPANY_SORT.recent) return time(b) - time(a) || byName(a, b);
    const order = sort === COMPANY_SORT.active ? rank(a) - rank(b) : rank(b) - rank(a);
    return order || byName(a, b);
  });
}

/** Rows whose name (or shared applications) contains the search text, accents and case ignored. */
export function searchCompanies<T extends { name: string; sharedApps?: string | null }>(rows: readonly T[], search: string): T[] {
  const needle = fold(search.trim());
  if (needle === '') return [...rows];
  return rows.filter((row) => fold(row.name).includes(needle) || fold(row.sharedApps ?? '').includes(needle));
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
