import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

const isPath = (pattern: RegExp) => (r: { url(): string }) => pattern.test(new URL(r.url()).pathname);

/**
 * Rewrites the stored access token: same header and signature, changed claims (so the API refuses
 * it). `announce` tells the open page, as another tab's change would; a page about to be reloaded is
 * not told, or it would start a refresh of its own that the reload cuts off after the server rotated
 * the refresh token.
 */
async function tamperToken(page: Page, change: 'expire' | 'garble', announce = true): Promise<string> {
  return page.evaluate(
    ([kind, tell]) => {
      const stored = localStorage.getItem('token') ?? '';
      const [header, payload, signature] = stored.replace(/^Bearer /, '').split('.');
      const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
      if (kind === 'expire') claims.exp = Math.floor(Date.now() / 1000) - 60;
      else claims.jti = `${claims.jti ?? ''}x`;
      const encoded = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      const token = `Bearer ${header}.${encoded}.${signature}`;
      localStorage.setItem('token', token);
      localStorage.removeItem('userData');
      if (tell) window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
      return token;
    },
    [change, announce] as const,
  );
}

test('an expired access token is refreshed transparently on load', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  const oldRefresh = await page.evaluate(() => localStorage.getItem('refreshToken'));
  const expired = await tamperToken(page, 'expire', false);

  const refreshed = page.waitForResponse(isPath(/\/api\/Login\/RefreshToken$/i));
  const list = page.waitForResponse((r) => isPath(/\/api\/user\/list$/i)(r) && r.status() === 200);
  await page.reload();
  expect((await refreshed).status()).toBe(200);
  expect((await list).request().headers().authorization).not.toBe(expired);

  await expect(page).toHaveURL(/\/users$/i);
  await expect(page.getByRole('table').getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
  const [token, refreshToken] = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')]);
  expect(token).toMatch(/^Bearer /);
  expect(token).not.toBe(expired);
  expect(refreshToken).not.toBe(oldRefresh);
});

test('a 401 refreshes the token once and retries the request; the page shows the data', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  // menu settings reads the applications once when shown and nothing more until one is chosen, so
  // once that read is done the users list is the first call with the bad token
  const applications = page.waitForResponse(isPath(/\/api\/application\/getApplicationsForAssignMenu$/i));
  await page.getByRole('link', { name: 'Ajustes de menú' }).click();
  await expect(page).toHaveURL(/\/menuSettings$/i);
  expect((await applications).status()).toBe(200);
  const bad = await tamperToken(page, 'garble');

  const lists: { status: number; authorization: string | undefined }[] = [];
  page.on('response', (r) => {
    if (isPath(/\/api\/user\/list$/i)(r)) lists.push({ status: r.status(), authorization: r.request().headers().authorization });
  });
  const refreshed = page.waitForResponse(isPath(/\/api\/Login\/RefreshToken$/i));
  await page.getByRole('link', { name: 'Usuarios' }).click();
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('table').getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
  await expect.poll(() => lists.map((l) => l.status)).toEqual([401, 200]);
  expect(lists[0].authorization).toBe(bad);
  expect(lists[1].authorization).not.toBe(bad);
  await expect(page).toHaveURL(/\/users$/i);
});
