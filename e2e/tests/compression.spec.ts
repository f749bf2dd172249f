import { expect, test, type Page, type Response } from '@playwright/test';
import { PORT } from '../playwright.config';
import { signIn } from './support';

const ORIGIN = `http://localhost:${PORT}`;

/** Every script and stylesheet the page loads from the suite's origin, with its coding. */
function collectAssets(page: Page): Promise<{ url: string; encoding: string | undefined; vary: string | undefined }[]>[] {
  const seen: Promise<{ url: string; encoding: string | undefined; vary: string | undefined }[]>[] = [];
  page.on('response', (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    if (new URL(response.url()).origin !== ORIGIN) return;
    seen.push(response.allHeaders().then((h) => [{ url: response.url(), encoding: h['content-encoding'], vary: h.vary }]));
  });
  return seen;
}

async function expectAllCompressed(assets: ReturnType<typeof collectAssets>): Promise<number> {
  const list = (await Promise.all(assets)).flat();
  for (const asset of list) {
    expect(asset.encoding, `${asset.url} content-encoding`).toBe('br');
    expect(asset.vary ?? '', `${asset.url} vary`).toMatch(/accept-encoding/i);
  }
  return list.length;
}

test('every script and stylesheet of /login and /users arrives compressed (brotli)', async ({ page }) => {
  const login = collectAssets(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await expectAllCompressed(login)).toBeGreaterThan(3);

  page.removeAllListeners('response');
  const users = collectAssets(page);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await expectAllCompressed(users)).toBeGreaterThan(0);
});

test('a client that accepts gzip only gets gzip', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  const page = await context.newPage();
  const assets = collectAssets(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const list = (await Promise.all(assets)).flat();
  expect(list.length).toBeGreaterThan(3);
  for (const asset of list) expect(asset.encoding, asset.url).toBe('gzip');
  await context.close();
});

test("every script of /login opens with V8's compile hint (compiled off the main thread)", async ({ page }) => {
  const scripts: Promise<{ url: string; head: string }>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script' || new URL(response.url()).origin !== ORIGIN) return;
    scripts.push(response.text().then((text) => ({ url: response.url(), head: text.split('\n', 1)[0] })));
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const list = await Promise.all(scripts);
  expect(list.length).toBeGreaterThan(3);
  for (const script of list) expect(script.head, script.url).toBe('//# allFunctionsCalledOnLoad');
});

test('/login starts from main.js with the shared libraries inside it, not a chunk per library', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && new URL(request.url()).origin === ORIGIN) scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const host = scripts.filter((path) => !path.startsWith('/mfe/'));
  // main.js (federation runtime, React, Chakra, Emotion, i18next, the router, @suite/shared) and the shell's bootstrap
  expect(host[0], scripts.join(', ')).toMatch(/^\/main\.[0-9a-f]+\.js$/);
  expect(host.length, scripts.join(', ')).toBeLessThanOrEqual(2);
  // the sign-in remote: its container and its screens
  expect(
    scripts.filter((path) => path.startsWith('/mfe/auth/')),
    scripts.join(', '),
  ).toHaveLength(2);
});

test("the static style sheet is preloaded first, compressed and cached for good; the page inserts only its profile's variables", async ({
  page,
}) => {
  const sheets: Response[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'stylesheet') sheets.push(response);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // one sheet, preloaded by the document before its scripts (it holds back neither them nor the first paint)
  expect([...new Set(sheets.map((sheet) => new URL(sheet.url()).pathname))]).toEqual([
    expect.stringMatching(/^\/global\.[0-9a-f]{8}\.css$/),
  ]);
  const headers = await sheets[0].allHeaders();
  expect(headers['content-type']).toMatch(/^text\/css/);
  expect(headers['content-encoding']).toBe('br');
  expect(headers['cache-control']).toContain('immutable');
  const html = await (await page.request.get('/login')).text();
  expect(html).toMatch(/<link rel="preload" as="style" href="\/global\.[0-9a-f]{8}\.css" data-global-styles>/);
  expect(html.indexOf('data-global-styles')).toBeLessThan(html.indexOf('<script'));

  const styles = await page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    const link = document.querySelector<HTMLLinkElement>('link[data-global-styles]');
    // what the page's own <style> elements (Emotion's) hold, however they were inserted
    const inserted = [...document.querySelectorAll('style')]
      .flatMap((style) => [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText))
      .join('\n');
    return {
      applied: link?.rel === 'stylesheet' && (link.sheet?.cssRules.length ?? 0) > 3,
      gray: root.getPropertyValue('--chakra-colors-gray-500').trim(),
      brand: root.getPropertyValue('--chakra-colors-brand-solid').trim(),
      insertsGray: inserted.includes('--chakra-colors-gray-500'),
      insertsBrand: inserted.includes('--chakra-colors-brand-solid'),
      insertsReset: /@layer reset\s*\{/.test(inserted),
    };
  });
  // the sheet applies, the profile's variables come from the page, and nothing is inserted twice
  expect(styles.gray).not.toBe('');
  expect(styles.brand).not.toBe('');
  expect(styles).toMatchObject({ applied: true, insertsGray: false, insertsBrand: true, insertsReset: false });
});
