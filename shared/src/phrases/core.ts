import type { Catalogue, PhraseKey } from './catalogue';
import { es } from './es';

/**
 * The phrase catalogue: every message the contracts, the API and the screens share, in each
 * supported language (docs/adr/0010-phrase-catalogue.md). Isomorphic: no browser or Node API.
 *
 * The Spanish phrases are the ones the product documents quote (docs/product), and are what the
 * contracts hold and the API produces; `localize` renders any of them — and the templates among
 * them, with their values, nested ones included — in another language at the edge (the API's reply
 * serializer, a screen). Text that is not in the catalogue (an application's own maintenance
 * message, a tenant's support contact) passes through unchanged.
 */

export type { Catalogue, PhraseKey } from './catalogue';
export { es } from './es';

/** Supported languages; Spanish is the default (docs/product/portal.md, Languages). */
export const LANGUAGES = ['es', 'en', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

/**
 * The catalogues present: Spanish always; English and Portuguese once added (`./index` adds both,
 * for the API and the tests; a page loads the one it shows with `loadCatalogue`, docs/adr/0019).
 */
const catalogues: Partial<Record<Language, Catalogue>> = { es };

export function addCatalogue(language: Language, catalogue: Catalogue): void {
  catalogues[language] = catalogue;
}

export function hasCatalogue(language: Language): boolean {
  return catalogues[language] !== undefined;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'EN', 'en-US', ' pt ' → the supported language, else undefined. */
export function asLanguage(value: string | null | undefined): Language | undefined {
  const primary = value?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/**
 * The caller's language: the `tenantLanguage` header when it names a supported one, else the
 * best supported language of `Accept-Language` (by q-value, then order), else Spanish.
 */
export function resolveLanguage(input: { tenantLanguage?: string | null; acceptLanguage?: string | null }): Language {
  const explicit = asLanguage(input.tenantLanguage);
  if (explicit) return explicit;
  const ranked = (input.acceptLanguage ?? '')
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { language: asLanguage(tag), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry): entry is { language: Language; q: number; index: number } => entry.language !== undefined && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.language ?? DEFAULT_LANGUAGE;
}

/** Fills the `:name` placeholders of a phrase; unknown placeholders stay as they are. */
export function formatPhrase(text: string, values: Readonly<Record<string, string | number>> = {}): string {
  return text.replace(/:([A-Za-z]+)/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The placeholder names of a phrase, in order. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
}

/** A phrase by key in a language, placeholders filled: phrase('validation.max', 'en', { max: 100 }). */
export function phrase(key: PhraseKey, language: Language = DEFAULT_LANGUAGE, values?: Readonly<Record<string, string | number>>): string {
  const [group, name] = key.split('.') as [keyof Catalogue, string];
  // a catalogue not loaded yet speaks Spanish, the source
  const text = ((catalogues[language] ?? es)[group] as Record<string, string>)[name];
  return values ? formatPhrase(text, values) : text;
}

/** Every key of the catalogue. */
export function phraseKeys(): PhraseKey[] {
  return Object.entries(es).flatMap(([group, texts]) => Object.keys(texts).map((name) => `${group}.${name}` as PhraseKey));
}

interface Template {
  key: PhraseKey;
  names: string[];
  pattern: RegExp;
  literal: number;
}

let exact: Map<string, PhraseKey> | undefined;
let templates: Template[] | undefined;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Built on first use: Spanish text → key, and the placeholder phrases as patterns (most literal text first). */
function index(): { exact: Map<string, PhraseKey>; templates: Template[] } {
  if (!exact || !templates) {
    exact = new Map();
    templates = [];
    for (const key of phraseKeys()) {
      const text = phrase(key);
      const names = placeholders(text);
      if (names.length === 0) {
        if (!exact.has(text)) exact.set(text, key);
        continue;
      }
      const parts = text.split(/:[A-Za-z]+/);
      const source = parts.map(escapeRegExp).join('([\\s\\S]*?)');
      templates.push({ key, names, pattern: new RegExp(`^${source}$`), literal: parts.join('').length });
    }
    templates.sort((a, b) => b.literal - a.literal);
  }
  return { exact, templates };
}

/**
 * A Spanish catalogue text in `language` ('Usuario o contraseña incorrectos.' → 'Incorrect user
 * or password.'); an instance of a template ('Solicitud inválida (body.names): Debe tener máximo
 * 100 caracteres.') has its values rendered too. Anything else comes back as it was.
 */
export function localize(text: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE || text === '' || !hasCatalogue(language)) return text;
  const { exact: byText, templates: patterns } = index();
  const key = byText.get(text);
  if (key) return phrase(key, language);
  for (const template of patterns) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(template.names.map((name, i) => [name, localize(match[i + 1], language)]));
    return phrase(template.key, language, values);
  }
  return text;
}
