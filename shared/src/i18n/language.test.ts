import { DEFAULT_PROFILE } from '../contracts/profiles';
import { resetPageProfile, setPageProfile } from '../profile/store';
import { LANGUAGE_STORAGE_KEY, changeLanguage, detectLanguage, i18n, initI18n, tenantLanguage } from './index';

afterEach(() => {
  window.localStorage.clear();
  resetPageProfile();
});

describe('language choice', () => {
  it('is Spanish by default', () => {
    expect(detectLanguage()).toBe('es');
  });

  it("is the page profile's default language when bms_lang is not set (pt for bmsbra)", () => {
    setPageProfile({ ...DEFAULT_PROFILE, app: 'bemyself', tenant: 'bmsbra', defaultLanguage: 'pt' });
    expect(detectLanguage()).toBe('pt');
    expect(detectLanguage('en')).toBe('en');
  });

  it('bms_lang beats the tenant default', () => {
    setPageProfile({ ...DEFAULT_PROFILE, defaultLanguage: 'pt' });
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(detectLanguage()).toBe('en');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, ' ES ');
    expect(detectLanguage('pt')).toBe('es');
  });

  it('ignores an unsupported stored or default language', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(detectLanguage('pt')).toBe('pt');
    expect(detectLanguage('de')).toBe('es');
  });

  it('the selector writes bms_lang, and the tenant language goes uppercased', async () => {
    initI18n('pt');
    expect(tenantLanguage()).toBe('PT');
    await changeLanguage('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(i18n.language).toBe('en');
    expect(tenantLanguage()).toBe('EN');
  });
});
