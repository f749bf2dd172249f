import { isActiveState } from '@suite/shared';
import type { SortOption } from '@suite/shared/console';

/** The sort menu of both lists (console spec §2): Activo, Inactivo, Más reciente, Más antiguo. */
export const ACCESS_SORT = { active: 1, inactive: 2, newest: 3, oldest: 4 } as const;
export type AccessSort = (typeof ACCESS_SORT)[keyof typeof ACCESS_SORT];
export const ACCESS_SORTS: readonly AccessSort[] = Object.values(ACCESS_SORT);

/** What the lists sort on: a privilege or a role. */
export interface Listed {
  idstate: number;
  createdon: string;
}

const time = (row: Listed) => Date.parse(row.createdon) || 0;
const newestFirst = (a: Listed, b: Listed) => time(b) - time(a);
/** Active (or inactive) rows first, newest first within each group. */
const stateFirst = (active: boolean) => (a: Listed, b: Listed) =>
  Number(isActiveState(b.idstate) === active) - Number(isActiveState(a.idstate) === active) || newestFirst(a, b);

/** The sort options with their client-side order; `label` names each option in the page's language. */
export function accessSortOptions<Row extends Listed>(label: (key: 'active' | 'inactive' | 'newest' | 'oldest') => string): SortOption<Row, AccessSort>[] {
  return [
    { value: ACCESS_SORT.active, label: label('active'), compare: stateFirst(true) },
    { value: ACCESS_SORT.inactive, label: label('inactive'), compare: stateFirst(false) },
    { value: ACCESS_SORT.newest, label: label('newest'), compare: newestFirst },
    { value: ACCESS_SORT.oldest, label: label('oldest'), compare: (a, b) => time(a) - time(b) },
  ];
}

/** The titles of a comma list of applications (`sharedApps`), in order, blanks dropped. */
export function applicationTitles(sharedApps: string): string[] {
  return sharedApps
    .split(',')
    .map((title) => title.trim())
    .filter(Boolean);
}

/** The applications column (console spec §2): the first two, and how many more. */
export function firstApplications(titles: readonly string[], shown = 2): { shown: string[]; more: number } {
  return { shown: titles.slice(0, shown), more: Math.max(0, titles.length - shown) };
}

/** Role names are cut at 40 characters where space is tight (console spec §2). */
export const NAME_CUT = 40;
export function cutName(name: string, max = NAME_CUT): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}
