/** Walkers of i18n resource trees, for the tests that every text exists in every language (jest only). */

/** Every leaf of a resource tree as 'a.b.c' → value, in the tree's order. */
export function textLeaves(tree: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') for (const [k, v] of textLeaves(value as Record<string, unknown>, path)) found.set(k, v);
    else found.set(path, value);
  }
  return found;
}

/** Every key path of a resource tree ('a.b.c'), in the tree's order. */
export const textKeys = (tree: Record<string, unknown>): string[] => [...textLeaves(tree).keys()];
