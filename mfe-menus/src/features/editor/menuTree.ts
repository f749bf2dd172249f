import { MENU_MAX_DEPTH, applyInheritance, walkMenu, type MenuItem } from '@suite/shared/console';

/**
 * The editor's operations on a menu tree (locations 1-3), all pure: each returns a new tree and
 * leaves the one given as it was, so a failed save keeps every edit and "No guardar" restores the
 * loaded menu. Moves keep the tree within MENU_MAX_DEPTH and never put an item inside itself.
 */

export type Tree = MenuItem[];

export interface Place {
  /** Key of the parent; null for the top level. */
  parent: string | null;
  index: number;
}

/** Where an item is, or undefined. */
export function placeOf(tree: Tree, key: string): Place | undefined {
  for (const { item, path } of walkMenu(tree)) {
    if (item.key !== key) continue;
    const parentPath = path.slice(0, -1);
    let parent: string | null = null;
    let level = tree;
    for (const i of parentPath) {
      parent = level[i].key;
      level = level[i].children;
    }
    return { parent, index: path[path.length - 1] };
  }
  return undefined;
}

export function findItem(tree: Tree, key: string): MenuItem | undefined {
  for (const { item } of walkMenu(tree)) if (item.key === key) return item;
  return undefined;
}

export const childrenOf = (tree: Tree, parent: string | null): Tree => (parent === null ? tree : (findItem(tree, parent)?.children ?? []));

/** Levels of an item's subtree (1 for a leaf). */
function height(item: MenuItem): number {
  return 1 + Math.max(0, ...item.children.map(height));
}
/** Depth of a place's children (1 for the top level). */
function depthUnder(tree: Tree, parent: string | null): number {
  if (parent === null) return 1;
  for (const { item, depth } of walkMenu(tree)) if (item.key === parent) return depth + 1;
  return Infinity;
}

/** Replaces the children of `parent` with what `change` makes of them. */
function withChildren(tree: Tree, parent: string | null, change: (children: Tree) => Tree): Tree {
  if (parent === null) return change(tree);
  return tree.map((item) =>
    item.key === parent ? { ...item, children: change(item.children) } : { ...item, children: withChildren(item.children, parent, change) },
  );
}

export function removeItem(tree: Tree, key: string): Tree {
  return tree.filter((item) => item.key !== key).map((item) => ({ ...item, children: removeItem(item.children, key) }));
}

/** Inserts at a place (index clamped); an item under an inactive parent becomes inactive. */
export function insertItem(tree: Tree, item: MenuItem, place: Place): Tree {
  if (depthUnder(tree, place.parent) + height(item) - 1 > MENU_MAX_DEPTH) return tree;
  return applyInheritance(
    withChildren(tree, place.parent, (children) => {
      const index = Math.max(0, Math.min(place.index, children.length));
      return [...children.slice(0, index), item, ...children.slice(index)];
    }),
  );
}

/** Whether `key` may go to `place`: not into itself or its own subtree, not deeper than allowed. */
export function canMove(tree: Tree, key: string, place: Place): boolean {
  const item = findItem(tree, key);
  if (!item) return false;
  if (place.parent !== null && (place.parent === key || findItem(item.children, place.parent))) return false;
  const without = removeItem(tree, key);
  return depthUnder(without, place.parent) + height(item) - 1 <= MENU_MAX_DEPTH;
}

/** Moves an item to a place; `place.index` counts the siblings as they are without the item. */
export function moveItem(tree: Tree, key: string, place: Place): Tree {
  const item = findItem(tree, key);
  if (!item || !canMove(tree, key, place)) return tree;
  return insertItem(removeItem(tree, key), item, place);
}

/** The non-drag moves (up, down, into the previous sibling, out to after the parent); undefined when not possible. */
export function nonDragMove(tree: Tree, key: string, direction: 'up' | 'down' | 'into' | 'out'): Tree | undefined {
  const place = placeOf(tree, key);
  if (!place) return undefined;
  const siblings = childrenOf(tree, place.parent);
  let target: Place | undefined;
  if (direction === 'up' && place.index > 0) target = { parent: place.parent, index: place.index - 1 };
  if (direction === 'down' && place.index < siblings.length - 1) target = { parent: place.parent, index: place.index + 1 };
  if (direction === 'into' && place.index > 0) {
    const previous = siblings[place.index - 1];
    target = { parent: previous.key, index: previous.children.length };
  }
  if (direction === 'out' && place.parent !== null) {
    const parentPlace = placeOf(tree, place.parent) as Place;
    target = { parent: parentPlace.parent, index: parentPlace.index + 1 };
  }
  if (!target || !canMove(tree, key, target)) return undefined;
  return moveItem(tree, key, target);
}

/** Changes an item's fields; switching one off switches its whole subtree off (inheritance). */
export function updateItem(tree: Tree, key: string, patch: Partial<Omit<MenuItem, 'key' | 'children'>>): Tree {
  const change = (items: Tree): Tree =>
    items.map((item) => (item.key === key ? { ...item, ...patch } : { ...item, children: change(item.children) }));
  return applyInheritance(change(tree));
}

/** Whether an item is under an inactive parent (its switch cannot turn it on). */
export function parentInactive(tree: Tree, key: string): boolean {
  const place = placeOf(tree, key);
  if (!place || place.parent === null) return false;
  return !(findItem(tree, place.parent) as MenuItem).isActivate;
}

/** Moves an element of a flat list (the suite grid) by one place; undefined at an end. */
export function moveInList<T>(list: readonly T[], index: number, by: -1 | 1): T[] | undefined {
  const to = index + by;
  if (to < 0 || to >= list.length) return undefined;
  const next = [...list];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/**
 * Puts the tiles whose keys are `moved` at `index` of the others, in their order: `index` counts
 * the list without them, as a drop's insertion index does.
 */
export function placeInList<T extends { key: string }>(list: readonly T[], moved: ReadonlySet<string>, index: number): T[] {
  const rest = list.filter((item) => !moved.has(item.key));
  const picked = list.filter((item) => moved.has(item.key));
  const at = Math.max(0, Math.min(index, rest.length));
  return [...rest.slice(0, at), ...picked, ...rest.slice(at)];
}
