import { sectionsOpenTo } from '@suite/shared';

/**
 * Links of the side drawer: the administration sections of the route map (console spec §2) that
 * the signed-in user's privileges open. The API decides every call; this only keeps the drawer
 * from offering what would answer with the privileges dialog.
 */
export function navItemsFor(privileges: readonly string[]): { to: string; label: string }[] {
  return sectionsOpenTo(privileges).map(({ path, label }) => ({ to: path, label }));
}

/** Width of the permanent side drawer (portal spec §9). */
export const DRAWER_WIDTH = '220px';
