import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './support';

test('signs in and out through the user menu: the token is revoked and protected paths go to /Login', async ({ page }) => {
  await signIn(page, 'mgarcia', DEMO_PASSWORD);
  await expect(page.getByTestId('session-user')).toHaveText(/maría fernanda García López/i);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^Bearer /);
  const refreshToken = await page.evaluate(() => localStorage.getItem('refreshToken'));
  expect(refreshToken).toBeTruthy();

  const revoke = page.waitForResponse((r) => /\/api\/login\/RevokeToken$/i.test(new URL(r.url()).pathname));
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  const reply = await revoke;
  expect(reply.status()).toBe(200);
  expect(reply.request().method()).toBe('PUT');

  await expect(page).toHaveURL(/\/login$/i);
  await expect(page.getByText('Sesión finalizada exitosamente')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken'), localStorage.getItem('userData')]),
  ).toEqual([null, null, null]);

  // the revoked refresh token no longer renews anything
  const refused = await page.request.post('/api/Login/RefreshToken', {
    data: { RefreshToken: refreshToken, UserName: 'mgarcia', Appname: 'ibuhoo' },
  });
  expect(refused.status()).toBe(401);

  await page.goto('/users');
  await expect(page).toHaveURL(/\/login$/i);
});

test('a wrong password three times shows the attempts left, then the mm:ss lock countdown', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Usuario', { exact: true }).fill('sjimenez');
  const password = page.getByLabel('Contraseña', { exact: true });
  const submit = page.getByRole('button', { name: 'Ingresar', exact: true });

  await password.fill('not-the-password-1');
  await submit.click();
  await expect(page.getByRole('alert')).toContainText('Usuario o contraseña incorrectos.');
  await expect(page.getByRole('alert')).toContainText('Le quedan dos intentos más.');

  await password.fill('not-the-password-2');
  await submit.click();
  await expect(page.getByRole('alert')).toContainText('Le queda un intento más.');

  await password.fill('not-the-password-3');
  await submit.click();
  await expect(page.getByRole('alert')).toContainText('bloqueado temporalmente');
  const countdown = page.getByTestId('lock-countdown');
  await expect(countdown).toHaveText(/^0[0-5]:[0-5]\d$/);
  const first = await countdown.textContent();
  // it ticks every second
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 3_000 });
  await expect(page).toHaveURL(/\/login$/i);
});

test('the real-time client loads only once someone is signed in', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /signalr/i.test(s))).toEqual([]);

  const bound = page.waitForResponse((r) => /\/api\/user\/validatesession$/i.test(new URL(r.url()).pathname));
  await signIn(page, 'cramirez', DEMO_PASSWORD);
  expect((await bound).status()).toBe(200);
  expect(scripts.filter((s) => /signalr/i.test(s))).toHaveLength(1);
});
