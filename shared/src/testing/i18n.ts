/** Walkers of i18n resource trees, for the tests that every text exists in every language (jest only). */

/** Every leaf of a resource tree as 'a.b.c' → value, in the tree's order. */
export function textLeaves(tree: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object')
      for (const [k, v] of textLeaves(value as Record<string, unknown>, path)) found.set(k, v);
    else found.set(path, value);
  }
  return found;
}

/** Every key path of a resource tree ('a.b.c'), in the tree's order. */
export const textKeys = (tree: Record<string, unknown>): string[] => [...textLeaves(tree).keys()];

/**
 * The contract of a namespace's texts: every key in es, en and pt, none empty, and the same
 * {{placeholders}} in every language.
 */
export function describeTexts(name: string, resources: Record<'es' | 'en' | 'pt', Record<string, unknown>>): void {
  describe(name, () => {
    const spanish = textLeaves(resources.es);
    it('has every text in es, en and pt, none empty', () => {
      for (const language of ['en', 'pt'] as const) {
        expect([language, [...textLeaves(resources[language]).keys()].sort()]).toEqual([language, [...spanish.keys()].sort()]);
        for (const [path, text] of textLeaves(resources[language]))
          expect([language, path, String(text).trim() === '']).toEqual([language, path, false]);
      }
    });

    it('keeps the same {{placeholders}} in every language', () => {
      const placeholders = (text: unknown) => (String(text).match(/{{\w+}}/g) ?? []).sort();
      for (const language of ['en', 'pt'] as const) {
        const texts = textLeaves(resources[language]);
        for (const [path, text] of spanish)
          expect([language, path, placeholders(texts.get(path))]).toEqual([language, path, placeholders(text)]);
      }
    });
  });
}
