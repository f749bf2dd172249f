import { addCatalogue, hasCatalogue, type Language } from './core';

const loading = new Map<Language, Promise<void>>();

/**
 * Makes a language's catalogue present: Spanish is; English and Portuguese are chunks of their
 * own, fetched once, so a page carries only the texts of the language it shows (docs/adr/0019).
 * A failed load is tried again by the next call.
 */
export function loadCatalogue(language: Language): Promise<void> {
  if (hasCatalogue(language)) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    const load = language === 'en' ? import('./en').then((m) => m.en) : import('./pt').then((m) => m.pt);
    pending = load.then(
      (catalogue) => addCatalogue(language, catalogue),
      (error: unknown) => {
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}
