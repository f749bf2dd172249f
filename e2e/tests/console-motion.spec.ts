import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/** Records every Web Animations call of the page (the console's motion uses them, CSS does not). */
async function recordAnimations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { motionCalls: string[] }).motionCalls = calls;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, keyframes, options) {
      calls.push(`${this.tagName.toLowerCase()} ${JSON.stringify(keyframes)}`);
      return animate.call(this, keyframes, options);
    };
  });
}

const motionCalls = (page: Page) => page.evaluate(() => (window as unknown as { motionCalls: string[] }).motionCalls.slice());

function sharedLoaded(page: Page, key: string): Promise<boolean> {
  return page.evaluate((name) => {
    const share = (
      window as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean }>>>> };
      }
    ).__FEDERATION__.__SHARE__;
    return Object.values(share).some((instance) =>
      Object.values(instance).some((scope) => Object.values(scope[name] ?? {}).some((entry) => Boolean(entry.loaded))),
    );
  }, key);
}

test('a section that replaces another enters, the suite grid opens tile by tile, and nothing moves on reduced motion', async ({ page }) => {
  await recordAnimations(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible();
  // the motion is the console kit's: the sign-in page neither loads it nor animates with it
  expect(await sharedLoaded(page, '@suite/shared/console')).toBe(false);
  expect(await motionCalls(page)).toEqual([]);

  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  const before = (await motionCalls(page)).length;
  await page.getByRole('link', { name: 'Roles' }).click();
  await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
  const entered = (await motionCalls(page)).slice(before);
  expect(entered.some((call) => call.includes('"opacity":[0,1]'))).toBe(true);

  const grid = page.getByRole('button', { name: 'Aplicaciones de la suite' });
  const beforeGrid = (await motionCalls(page)).length;
  await grid.click();
  const tiles = page.getByRole('dialog', { name: 'Aplicaciones de la suite' }).getByRole('listitem');
  await expect(tiles.first()).toBeVisible();
  const tileCalls = (await motionCalls(page)).slice(beforeGrid).filter((call) => call.startsWith('li '));
  expect(tileCalls.length).toBeGreaterThanOrEqual(await tiles.count());
  await page.keyboard.press('Escape');

  // the person asks for less motion: sections change at once
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const beforeReduced = (await motionCalls(page)).length;
  await page.getByRole('link', { name: 'Privilegios' }).click();
  await expect(page.getByRole('heading', { name: 'Privilegios' })).toBeVisible();
  await grid.click();
  await expect(page.getByRole('dialog', { name: 'Aplicaciones de la suite' })).toBeVisible();
  expect((await motionCalls(page)).slice(beforeReduced)).toEqual([]);
});
