import { expect, test, type Page } from '@playwright/test';
import { PORT } from '../playwright.config';
import {
  APPLICATIONS,
  SIGN_IN_TITLE,
  TENANTS,
  contextFor,
  expectLogosLoaded,
  openSignIn,
  profileOf,
  type ProfileView,
  type ScreenLanguage,
} from './signin-hosts';

/**
 * Per-application branding of the public screens (docs/product/portal.md): each application's and
 * tenant variant's page has the title, favicon and sign-in look its profile says; the texts follow
 * the language. Expected values come from the API's profile route, except the titles the product fixes.
 */

/** Titles the product fixes (docs/product/portal.md, Applications and tenants), by host: `<app>` or `<tenant>.<app>`. */
const SPEC_TITLES: Record<string, string> = {
  ibuhoo: 'Suite GSE',
  firmaya: 'Firmaya',
  license: 'License',
  biometria: 'Biometria',
  confronta: 'Confronta',
  myselfcert: 'MySelf',
  letmicert: 'Letmicert',
  'letmicert.license': 'Licenciamiento - Letmi',
};

/** Title, favicon and variant of the page against its profile. */
async function expectBranding(page: Page, profile: ProfileView, specTitle?: string): Promise<void> {
  await openSignIn(page, profile.signInVariant);
  await expect(page).toHaveTitle(profile.title);
  if (specTitle) expect(profile.title).toBe(specTitle);
  await expect
    .poll(async () => {
      const href = await page.locator('link[rel~="icon"]').first().getAttribute('href');
      return href ? new URL(href, page.url()).pathname : null;
    })
    .toBe(profile.favicon);
  const favicon = await page.request.get(`http://localhost:${PORT}${profile.favicon}`);
  expect(favicon.status(), `favicon ${profile.favicon}`).toBe(200);
  await expectLogosLoaded(page);
}

/** The sign-in screen in each language, as attached screenshots (language chosen as the selector does: bms_lang). */
async function screenshotEveryLanguage(page: Page, name: string, variant: string): Promise<void> {
  for (const language of Object.keys(SIGN_IN_TITLE) as ScreenLanguage[]) {
    await page.evaluate((lng) => localStorage.setItem('bms_lang', lng), language);
    await page.reload();
    await openSignIn(page, variant);
    await expect(page.getByRole('heading', { level: 1, name: SIGN_IN_TITLE[language] })).toBeVisible();
    await expectLogosLoaded(page);
    const path = test.info().outputPath(`sign-in-${name}-${language}.png`);
    await page.screenshot({ path, fullPage: true, animations: 'disabled' });
    await test.info().attach(`sign-in-${name}-${language}`, { path, contentType: 'image/png' });
  }
}

test.describe('branding per application', () => {
  for (const app of APPLICATIONS) {
    test(`${app}: title, favicon and sign-in variant from its profile; screenshots in es, en and pt`, async ({ browser }) => {
      const context = await contextFor(browser, app);
      const page = await context.newPage();
      try {
        const profile = await profileOf(page, app);
        expect(profile.app).toBe(app);
        await expectBranding(page, profile, SPEC_TITLES[app]);
        await screenshotEveryLanguage(page, app, profile.signInVariant);
      } finally {
        await context.close();
      }
    });
  }

  test("an unknown application gets the fallback application's look, titled 'GSE Suite'", async ({ browser }) => {
    const context = await contextFor(browser, 'nosuchapp');
    const page = await context.newPage();
    try {
      const profile = await profileOf(page, 'nosuchapp');
      const fallback = await profileOf(page, 'ibuhoo');
      expect(profile.title).toBe('GSE Suite');
      expect(profile.signInVariant).toBe(fallback.signInVariant);
      expect(profile.favicon).toBe(fallback.favicon);
      await expectBranding(page, profile, 'GSE Suite');
    } finally {
      await context.close();
    }
  });
});

test.describe('branding per tenant variant', () => {
  for (const [app, tenant] of TENANTS) {
    test(`${tenant}.${app}: title, favicon and sign-in variant from the tenant's profile`, async ({ browser }) => {
      const context = await contextFor(browser, app, tenant);
      const page = await context.newPage();
      try {
        const profile = await profileOf(page, app, tenant);
        expect([profile.app, profile.tenant]).toEqual([app, tenant]);
        await expectBranding(page, profile, SPEC_TITLES[`${tenant}.${app}`]);
        const ownApp = await profileOf(page, app);
        // A tenant variant is a brand of its own: its favicon differs from the application's.
        expect(profile.favicon).not.toBe(ownApp.favicon);
      } finally {
        await context.close();
      }
    });
  }
});

test.describe('languages of the public screens', () => {
  test('bmsbra.bemyself starts in Portuguese without a stored language', async ({ browser }) => {
    const context = await contextFor(browser, 'bemyself', 'bmsbra');
    const page = await context.newPage();
    try {
      const profile = await profileOf(page, 'bemyself', 'bmsbra');
      expect(profile.defaultLanguage).toBe('pt');
      await openSignIn(page, profile.signInVariant);
      expect(await page.evaluate(() => localStorage.getItem('bms_lang'))).toBeNull();
      await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
      await expect(page.getByLabel('Usuário', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Senha', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Lembrar senha' })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('the language selector changes every visible string of the screen at once and writes bms_lang', async ({ browser }) => {
    const context = await contextFor(browser, 'license');
    const page = await context.newPage();
    try {
      const profile = await profileOf(page, 'license');
      expect(profile.signInVariant).toBe('translated');
      await openSignIn(page, 'translated');
      await expect(page.getByTestId('version-label')).toBeVisible();
      const visibleTexts = async () =>
        (await page.locator('body').innerText())
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean);
      const steps: Array<[ScreenLanguage, string, string]> = [
        ['en', 'Idioma', 'Inglés'],
        ['pt', 'Language', 'Portuguese'],
        ['es', 'Idioma', 'Espanhol'],
      ];
      let before = await visibleTexts();
      expect(before).toContain('Iniciar sesión');
      for (const [language, group, button] of steps) {
        await page.getByRole('group', { name: group }).getByRole('button', { name: button }).click();
        await expect(page.getByRole('heading', { level: 1, name: SIGN_IN_TITLE[language] })).toBeVisible();
        await expect(page.getByTestId('version-label')).toBeVisible();
        expect(await page.evaluate(() => localStorage.getItem('bms_lang'))).toBe(language);
        const after = await visibleTexts();
        expect(after.length).toBe(before.length);
        expect(
          after.filter((text) => before.includes(text)),
          `texts left untranslated going to ${language}`,
        ).toEqual([]);
        before = after;
      }
      // the bar is on the application's other public screens too, in the chosen language
      await page.getByRole('link', { name: 'Recordar contraseña' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Restablecer contraseña' })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'Español' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    } finally {
      await context.close();
    }
  });
});
