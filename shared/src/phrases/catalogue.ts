import type { es } from './es';

/** The catalogue's shape: every group and phrase of the Spanish source, as text. */
export type Catalogue = { readonly [G in keyof typeof es]: { readonly [K in keyof (typeof es)[G]]: string } };

/** 'messages.loginFailed', 'validation.max', … */
export type PhraseKey = { [G in keyof typeof es]: `${G & string}.${keyof (typeof es)[G] & string}` }[keyof typeof es];
