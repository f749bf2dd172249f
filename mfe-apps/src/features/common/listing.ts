import { APPLICATION_STATE } from '@suite/shared';
import type { SortOption } from '@suite/shared/console';

/** The sort menu of the applications list (console spec §2): Activo, Inactivo, Más reciente, Más antiguo (by last modified). */
export const APPS_SORT = { active: 1, inactive: 2, newest: 3, oldest: 4 } as const;
export type AppsSort = (typeof APPS_SORT)[keyof typeof APPS_SORT];
export const APPS_SORTS: readonly AppsSort[] = Object.values(APPS_SORT);

/** What the list sorts on. */
export interface Listed {
  idState: number;
  modifiedOn: string;
}

/** An application's state: 0 active, anything else inactive (spec §9). */
export const isActiveApplication = (row: Pick<Listed, 'idState'>) => row.idState === APPLICATION_STATE.active;

const time = (row: Listed) => Date.parse(row.modifiedOn) || 0;
const newestFirst = (a: Listed, b: Listed) => time(b) - time(a);
/** Active (or inactive) rows first, newest first within each group. */
const stateFirst = (active: boolean) => (a: Listed, b: Listed) =>
  Number(isActiveApplication(b) === active) - Number(isActiveApplication(a) === active) || newestFirst(a, b);

/** The sort options with their client-side order; `label` names each option in the page's language. */
export function appsSortOptions<Row extends Listed>(label: (key: 'active' | 'inactive' | 'newest' | 'oldest') => string): SortOption<Row, AppsSort>[] {
  return [
    { value: APPS_SORT.active, label: label('active'), compare: stateFirst(true) },
    { value: APPS_SORT.inactive, label: label('inactive'), compare: stateFirst(false) },
    { value: APPS_SORT.newest, label: label('newest'), compare: newestFirst },
    { value: APPS_SORT.oldest, label: label('oldest'), compare: (a, b) => time(a) - time(b) },
  ];
}
