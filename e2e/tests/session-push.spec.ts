import { expect, test } from '@playwright/test';
import { useIsolatedSuite } from './isolated-suite';
import { DEMO_PASSWORD } from './support';

const PORT = Number(process.env.E2E_ISOLATED_PORT ?? 8183);

// The console application allows one session per user on this suite.
const ONE_SESSION_PER_USER = `
  update applications
     set is_concurrent_session = true, max_concurrent_tokens = -1, max_concurrent_tokens_by_user = 1
   where lower(name) = 'ibuhoo';
`;

const suiteURL = useIsolatedSuite(PORT, ONE_SESSION_PER_USER);

test('a second sign-in of the same user closes the first session in real time', async ({ browser }) => {
  const first = await browser.newContext({ baseURL: suiteURL });
  const second = await browser.newContext({ baseURL: suiteURL });
  try {
    const a = await first.newPage();
    const bound = a.waitForResponse((r) => /\/api\/user\/validatesession$/i.test(new URL(r.url()).pathname));
    await a.goto('/login');
    await a.getByLabel('Usuario', { exact: true }).fill('cramirez');
    await a.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await a.getByRole('button', { name: 'Ingresar' }).click();
    await expect(a).toHaveURL(/\/users$/i);
    expect((await bound).status()).toBe(200);

    const b = await second.newPage();
    await b.goto('/login');
    await b.getByLabel('Usuario', { exact: true }).fill('cramirez');
    await b.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await b.getByRole('button', { name: 'Ingresar' }).click();
    await expect(b).toHaveURL(/\/users$/i);

    const modal = a.getByRole('alertdialog');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Tu sesión fue cerrada porque se inició sesión en otro dispositivo.');
    expect(await a.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // two seconds later the page is back at /, without a session: the sign-in screen
    await expect(a).toHaveURL(new RegExp(`^${suiteURL}/$`), { timeout: 5_000 });
    await expect(a.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    expect(await a.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // the second session is untouched
    await expect(b.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
    expect(await b.evaluate(() => localStorage.getItem('token'))).toMatch(/^Bearer /);
  } finally {
    await first.close();
    await second.close();
  }
});
