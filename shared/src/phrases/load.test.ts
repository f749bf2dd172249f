describe('a page loads the catalogue of the language it shows', () => {
  it('speaks Spanish until the catalogue is present, then the language', async () => {
    await jest.isolateModulesAsync(async () => {
      const core = await import('./core');
      const { loadCatalogue } = await import('./load');
      const required = core.es.messages.required;
      expect(core.hasCatalogue('es')).toBe(true);
      expect(core.hasCatalogue('en')).toBe(false);
      // not loaded: the Spanish source, never an undefined text
      expect(core.localize(required, 'en')).toBe(required);
      expect(core.phrase('messages.required', 'pt')).toBe(required);
      await loadCatalogue('en');
      expect(core.hasCatalogue('en')).toBe(true);
      expect(core.localize(required, 'en')).not.toBe(required);
      expect(core.localize(required, 'en')).toBe((await import('./en')).en.messages.required);
      expect(core.hasCatalogue('pt')).toBe(false);
    });
  });

  it("changeLanguage fetches the language's catalogue before switching", async () => {
    await jest.isolateModulesAsync(async () => {
      const { changeLanguage, localizeText, initI18n } = await import('../i18n');
      const core = await import('./core');
      initI18n('es');
      expect(core.hasCatalogue('pt')).toBe(false);
      await changeLanguage('pt');
      expect(core.hasCatalogue('pt')).toBe(true);
      expect(localizeText(core.es.messages.required)).toBe((await import('./pt')).pt.messages.required);
    });
  });
});

describe('a catalogue that cannot be fetched', () => {
  it('leaves the phrases in Spanish, changes the language all the same and is fetched again next time', async () => {
    await jest.isolateModulesAsync(async () => {
      const core = await import('./core');
      jest.doMock('./en', () => {
        throw new Error('offline');
      });
      const { loadCatalogue } = await import('./load');
      const { changeLanguage, initI18n, pageLanguage, localizeText } = await import('../i18n');
      initI18n('es');
      await expect(loadCatalogue('en')).rejects.toThrow('offline');
      await changeLanguage('en');
      expect(pageLanguage()).toBe('en');
      expect(localizeText(core.es.messages.required)).toBe(core.es.messages.required);
      jest.dontMock('./en');
      await loadCatalogue('en');
      expect(core.hasCatalogue('en')).toBe(true);
    });
  });
});
