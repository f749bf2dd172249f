import { textKeys as keys } from '@suite/shared/testing';
import { cardResources } from './i18n';

describe('user card texts', () => {
  it('has every text in es, en and pt', () => {
    const spanish = keys(cardResources.es).sort();
    expect(keys(cardResources.en).sort()).toEqual(spanish);
    expect(keys(cardResources.pt).sort()).toEqual(spanish);
  });

  it('keeps the same {{placeholders}} in every language', () => {
    const placeholders = (text: unknown) => (String(text).match(/{{\w+}}/g) ?? []).sort();
    const at = (tree: Record<string, unknown>, path: string) => path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree);
    for (const path of keys(cardResources.es)) {
      expect([path, placeholders(at(cardResources.en, path))]).toEqual([path, placeholders(at(cardResources.es, path))]);
      expect([path, placeholders(at(cardResources.pt, path))]).toEqual([path, placeholders(at(cardResources.es, path))]);
    }
  });
});
