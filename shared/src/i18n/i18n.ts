import i18next, { type i18n as I18n } from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { getPageProfile } from '../profile/store';
import { commonResources } from './resources';
import { DEFAULT_LANGUAGE, LANGUAGES, asLanguage, isLanguage, localize, type Language } from '../phrases/core';
import { loadCatalogue } from '../phrases/load';

export { commonResources };

/** Supported languages and the default come from the phrase catalogue (docs/product/portal.md, Languages). */
export { LANGUAGES, DEFAULT_LANGUAGE, type Language } from '../phrases/core';
/** Local storage key of the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'bms_lang';
export const COMMON_NS = 'common';

/** A namespace's texts in every supported language. */
export type NamespaceResources = Record<Language, Record<string, unknown>>;

/**
 * Language from local storage `bms_lang`, else the tenant's default (the page profile's
 * `defaultLanguage`: pt for bmsbra), else Spanish (docs/product/portal.md, Languages).
 */
export function detectLanguage(tenantDefault: string = getPageProfile().defaultLanguage): Language {
  let stored: string | null = null;
  try {
    stored = typeof window !== 'undefined' ? window.localStorage.getItem(LANGUAGE_STORAGE_KEY) : null;
  } catch {
    stored = null;
  }
  const candidate = stored?.trim().toLowerCase();
  if (isLanguage(candidate)) return candidate;
  const fallback = tenantDefault?.trim().toLowerCase();
  return isLanguage(fallback) ? fallback : DEFAULT_LANGUAGE;
}

/** The page's one i18next instance. */
export const i18n: I18n = i18next.createInstance();

const pending = new Map<string, NamespaceResources>();

/** Initialises the instance once (synchronously: resources are bundled). */
export function initI18n(language: Language = detectLanguage()): I18n {
  if (i18n.isInitialized) return i18n;
  i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [COMMON_NS],
    defaultNS: COMMON_NS,
    resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { [COMMON_NS]: commonResources[lng] }])),
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  for (const [ns, resources] of pending) addBundles(ns, resources);
  pending.clear();
  return i18n;
}

function addBundles(ns: string, resources: NamespaceResources): void {
  for (const lng of LANGUAGES) i18n.addResourceBundle(lng, ns, resources[lng], true, true);
}

/** Adds a remote's namespace (before or after initialisation). */
export function registerResources(ns: string, resources: NamespaceResources): void {
  if (i18n.isInitialized) addBundles(ns, resources);
  else pending.set(ns, resources);
}

/**
 * Changes the language and remembers it in `bms_lang`; the language's phrase catalogue is
 * fetched first (a page holds only the one it shows), so nothing renders half translated. When it
 * cannot be fetched the language changes all the same: the catalogue's phrases stay Spanish until
 * a later change fetches them.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await loadCatalogue(language).catch(() => undefined);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    /* storage unavailable: the choice lasts for this page */
  }
  await initI18n().changeLanguage(language);
}

/** Current language, uppercased, as the `tenantLanguage` header wants it (docs/product/portal.md, Languages). */
export function tenantLanguage(): string {
  return pageLanguage().toUpperCase();
}

/** The page's current language. */
export function pageLanguage(): Language {
  const lng = i18n.isInitialized ? (i18n.resolvedLanguage ?? i18n.language) : detectLanguage();
  const primary = (lng || DEFAULT_LANGUAGE).slice(0, 2).toLowerCase();
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}

/** A catalogue text (a contract's validation message, the API's or the hub's Spanish) in the page's language. */
export function localizeText(text: string): string {
  return localize(text, pageLanguage());
}

/**
 * The same for a screen, re-rendering when the language changes:
 * `const localized = useLocalize(); … {localized(errors.email?.message)}`.
 */
export function useLocalize(): <T extends string | undefined>(text: T) => T {
  const { i18n: instance } = useTranslation();
  const language = asLanguage(instance.resolvedLanguage ?? instance.language) ?? DEFAULT_LANGUAGE;
  return useCallback(<T extends string | undefined>(text: T) => (text === undefined ? text : (localize(text, language) as T)), [language]);
}
