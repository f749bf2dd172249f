import type { Catalogue } from './catalogue';
import { addCatalogue, type Language } from './core';
import { en } from './en';
import { es } from './es';
import { pt } from './pt';

/**
 * The phrase catalogue with every language present: the entry of the API, the contracts' tests
 * and the screens that need another language's texts as data. A page's @suite/shared holds
 * Spanish only and loads the language it shows (`loadCatalogue`, ./load.ts).
 */
export * from './core';

addCatalogue('en', en);
addCatalogue('pt', pt);

export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { es, en, pt };
