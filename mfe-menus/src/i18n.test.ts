import { textKeys as keys } from '@suite/shared/testing';
import { resources } from './i18n';

describe('menu settings texts', () => {
  it('has every text in es, en and pt, none empty', () => {
    const spanish = keys(resources.es).sort();
    expect(keys(resources.en).sort()).toEqual(spanish);
    expect(keys(resources.pt).sort()).toEqual(spanish);
  });

  it('keeps the same {{placeholders}} in every language', () => {
    const placeholders = (text: unknown) => (String(text).match(/{{\w+}}/g) ?? []).sort();
    const at = (tree: Record<string, unknown>, path: string) =>
      path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree);
    for (const path of keys(resources.es)) {
      for (const language of ['en', 'pt'] as const) {
        expect(String(at(resources[language], path)).trim()).not.toBe('');
        expect([path, placeholders(at(resources[language], path))]).toEqual([path, placeholders(at(resources.es, path))]);
      }
    }
  });
});
