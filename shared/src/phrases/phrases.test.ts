import { CATALOGUES, LANGUAGES, es, localize, phrase, phraseKeys, placeholders, resolveLanguage } from './index';

describe('phrase catalogue', () => {
  const keys = phraseKeys();

  it('has every phrase, non-empty, in es, en and pt, and nothing more', () => {
    for (const language of LANGUAGES) {
      const catalogue = CATALOGUES[language] as unknown as Record<string, Record<string, unknown>>;
      const present = Object.entries(catalogue).flatMap(([group, texts]) => Object.keys(texts).map((name) => `${group}.${name}`));
      expect([language, present.sort()]).toEqual([language, [...keys].sort()]);
      for (const key of keys) {
        const text = phrase(key, language);
        expect([language, key, typeof text === 'string' && text.trim() !== '']).toEqual([language, key, true]);
      }
    }
  });

  it('keeps the same placeholders in every language', () => {
    for (const language of LANGUAGES) {
      for (const key of keys)
        expect([language, key, placeholders(phrase(key, language)).sort()]).toEqual([language, key, placeholders(phrase(key)).sort()]);
    }
  });

  it('translates a Spanish text one way only (phrases equal in Spanish are equal in every language)', () => {
    const bySpanish = new Map<string, string>();
    for (const key of keys) {
      const first = bySpanish.get(phrase(key));
      if (first === undefined) bySpanish.set(phrase(key), key);
      else for (const language of LANGUAGES) expect([key, phrase(key as never, language)]).toEqual([key, phrase(first as never, language)]);
    }
  });

  it('keeps the documented Spanish verbatim', () => {
    expect(es.messages.loginFailed).toBe('Usuario o contraseña incorrectos.');
    expect(es.messages.passwordExpired).toBe('Su clave se encuentra venciada debe realizar el cambio.');
    expect(es.users.dataUpdated).toBe(' Los datos del usuario han sido actualizados');
    expect(es.validation.max).toBe('Debe tener máximo :max caracteres.');
  });

  it('renders every phrase in every language from its Spanish text', () => {
    for (const language of LANGUAGES) {
      for (const key of keys) {
        const spanish = phrase(key);
        if (placeholders(spanish).length === 0) expect([key, localize(spanish, language)]).toEqual([key, phrase(key, language)]);
      }
    }
  });

  it('renders templates with their values, nested phrases included', () => {
    expect(localize('Debe tener máximo 100 caracteres.', 'en')).toBe('Must have at most 100 characters.');
    expect(localize('Debe tener al menos 3 caracteres.', 'pt')).toBe('Deve ter pelo menos 3 caracteres.');
    expect(localize('Solicitud inválida (body.names): Debe tener máximo 100 caracteres.', 'en')).toBe(
      'Invalid request (body.names): Must have at most 100 characters.',
    );
    expect(localize('Solicitud inválida (headers.user-agent): contiene caracteres no permitidos.', 'pt')).toBe(
      'Solicitação inválida (headers.user-agent): contém caracteres não permitidos.',
    );
    expect(localize('Solicitud inválida: Body cannot be empty', 'en')).toBe('Invalid request: Body cannot be empty');
  });

  it('leaves text outside the catalogue, and Spanish requests, as they are', () => {
    expect(localize('Mantenimiento programado hasta las 18:00', 'en')).toBe('Mantenimiento programado hasta las 18:00');
    expect(localize('', 'en')).toBe('');
    expect(localize(es.messages.loginFailed, 'es')).toBe(es.messages.loginFailed);
  });

  it("resolves the caller's language: tenantLanguage, else Accept-Language, else Spanish", () => {
    expect(resolveLanguage({ tenantLanguage: 'EN', acceptLanguage: 'pt-BR' })).toBe('en');
    expect(resolveLanguage({ tenantLanguage: 'fr', acceptLanguage: 'pt-BR,en;q=0.8' })).toBe('pt');
    expect(resolveLanguage({ acceptLanguage: 'de-DE, en;q=0.5, pt;q=0.9' })).toBe('pt');
    expect(resolveLanguage({ acceptLanguage: 'en;q=0, de' })).toBe('es');
    expect(resolveLanguage({ acceptLanguage: '*' })).toBe('es');
    expect(resolveLanguage({})).toBe('es');
  });
});
