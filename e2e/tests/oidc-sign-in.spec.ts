import { expect, test, type Page } from '@playwright/test';
import { audit } from './accessibility';
import { originOf } from './signin-hosts';

/**
 * External sign-in (docs/product/sign-in.md, External identity provider): the identity-provider button of firmaya's
 * certificate sign-in, the local OpenID provider `npm start` runs with its demo identities (README),
 * and the callback's apology card. docs/security/oidc.md.
 */
const FIRMAYA = originOf('firmaya');
/** firmaya's urlApp: another origin, answered here so the redirect can be seen to arrive. */
const FIRMAYA_APP = 'https://firmaya.suite.example/';

async function expectAccessible(page: Page, what: string): Promise<void> {
  const { serious } = await audit(page);
  expect(serious, `${what}: serious or critical axe violations`).toEqual([]);
}

test('signs in through the identity-provider button with a demo identity and lands in the application', async ({ page }) => {
  await page.route(`${FIRMAYA_APP}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Firmaya</title><h1>Firmaya</h1>' }),
  );
  await page.goto(`${FIRMAYA}/login`);
  const button = page.getByRole('button', { name: 'Ingresar con proveedor de identidad' });
  await expect(button).toBeVisible();
  await expectAccessible(page, 'certificate sign-in with the identity-provider button');

  await button.click();
  // the local provider's own sign-in page (not ours: no axe), in its own origin
  const login = page.locator('input[name="login"]');
  await expect(login).toBeVisible();
  expect(new URL(page.url()).origin).not.toBe(FIRMAYA);
  await login.fill('jwalker');
  await page.locator('input[name="password"]').fill('demo');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  // back through /signin-credential/callback, the code exchanged on the server, on to the application with its single-use code
  await page.waitForURL((url) => url.href.startsWith(FIRMAYA_APP));
  expect(new URL(page.url()).searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
  await expect(page.getByRole('heading', { name: 'Firmaya' })).toBeVisible();
});

test('the callback without a code shows the apology, and Entendido returns to /Login', async ({ page }) => {
  await page.goto(`${FIRMAYA}/signin-credential/callback`);
  await expect(page.getByRole('heading', { name: '¡Lo sentimos!' })).toBeVisible();
  await expect(page.getByText('No fue posible verificar tu credencial, por favor intenta más tarde.')).toBeVisible();
  await expectAccessible(page, 'callback apology');
  await page.getByRole('button', { name: 'Entendido' }).click();
  await expect(page).toHaveURL(`${FIRMAYA}/Login`);
  await expect(page.getByRole('button', { name: 'Ingresar con proveedor de identidad' })).toBeVisible();
  // replaced, not pushed: going back leaves the callback behind
  expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2);
});
