import { expect, test, type Page } from '@playwright/test';
import { useIsolatedSuite } from './isolated-suite';
import { DEMO_PASSWORD, signIn } from './support';

const PORT = Number(process.env.E2E_ISOLATED_PORT ?? 8183);

// a suite of its own: the console's policy changes below would reach every other spec
const suiteURL = useIsolatedSuite(PORT, '');

/** The administrator allows one session per user on the console, through its own form (live on the next sign-in). */
async function allowOneSessionPerUser(page: Page): Promise<void> {
  await signIn(page);
  await page.getByRole('link', { name: 'Aplicaciones' }).click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('ibuhoo');
  await page.getByRole('row').filter({ hasText: 'ibuhoo' }).getByRole('cell').first().click();
  await page.getByRole('tab', { name: 'Token' }).click();
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByRole('switch', { name: 'Sesiones concurrentes' }).click();
  await page.getByLabel('Máximo de sesiones concurrentes', { exact: true }).fill('255');
  await page.getByLabel('Máximo de sesiones concurrentes por usuario', { exact: true }).fill('1');
  await page.getByRole('button', { name: 'Actualizar token' }).click();
  await expect(page.getByRole('alertdialog').filter({ hasText: 'Las opciones de token han sido actualizados' })).toBeVisible();
}

test('a second sign-in of the same user closes the first session in real time', async ({ browser, page }) => {
  await allowOneSessionPerUser(page);
  const first = await browser.newContext({ baseURL: suiteURL });
  const second = await browser.newContext({ baseURL: suiteURL });
  try {
    const a = await first.newPage();
    const bound = a.waitForResponse((r) => /\/api\/user\/validatesession$/i.test(new URL(r.url()).pathname));
    await a.goto('/login');
    await a.getByLabel('Usuario', { exact: true }).fill('cramirez');
    await a.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await a.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await expect(a).toHaveURL(/\/users$/i);
    expect((await bound).status()).toBe(200);

    const b = await second.newPage();
    await b.goto('/login');
    await b.getByLabel('Usuario', { exact: true }).fill('cramirez');
    await b.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await b.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await expect(b).toHaveURL(/\/users$/i);

    const modal = a.getByRole('alertdialog');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Tu sesión fue cerrada porque se inició sesión en otro dispositivo.');
    expect(await a.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // two seconds later the page is back at /, without a session: the sign-in screen
    await expect(a).toHaveURL(new RegExp(`^${suiteURL}/$`), { timeout: 5_000 });
    await expect(a.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible();
    expect(await a.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // the second session is untouched
    await expect(b.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
    expect(await b.evaluate(() => localStorage.getItem('token'))).toMatch(/^Bearer /);
  } finally {
    await first.close();
    await second.close();
  }
});
