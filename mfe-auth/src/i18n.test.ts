import { LANGUAGES } from '@suite/shared';
import { textLeaves } from '@suite/shared/testing';
import { resources } from './i18n';

describe('mfe-auth texts', () => {
  const byLanguage = Object.fromEntries(LANGUAGES.map((lng) => [lng, textLeaves(resources[lng])]));
  const allKeys = [...new Set(LANGUAGES.flatMap((lng) => [...byLanguage[lng].keys()]))].sort();

  it('has texts', () => {
    expect(allKeys.length).toBeGreaterThan(100);
  });

  it.each(LANGUAGES)('every key exists in %s as a non-empty string', (lng) => {
    const missing = allKeys.filter((key) => !byLanguage[lng].has(key));
    const empty = allKeys.filter(
      (key) => byLanguage[lng].has(key) && (typeof byLanguage[lng].get(key) !== 'string' || String(byLanguage[lng].get(key)).trim() === ''),
    );
    expect({ missing, empty }).toEqual({ missing: [], empty: [] });
  });

  it.each(LANGUAGES)('%s keeps the interpolations of the Spanish texts', (lng) => {
    const placeholders = (text: unknown) => (String(text).match(/{{\s*\w+\s*}}/g) ?? []).sort();
    for (const [key, text] of byLanguage.es) expect([key, placeholders(byLanguage[lng].get(key))]).toEqual([key, placeholders(text)]);
  });

  it('keeps the documented Spanish texts of the sign-in screen', () => {
    expect(byLanguage.es.get('signIn.submit')).toBe('Ingresar');
    expect(byLanguage.es.get('signIn.remember')).toBe('Recordar contraseña');
    expect(byLanguage.es.get('signIn.freeTrial')).toBe('Prueba Gratis');
    expect(byLanguage.es.get('checkEmail.title')).toBe('¡Revisa tu email!');
  });
});
