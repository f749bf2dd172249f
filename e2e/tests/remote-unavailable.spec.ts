import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('a remote that cannot be reached shows the unavailable card; the others keep working; retry recovers', async ({ page }) => {
  await signIn(page);
  // The roles remote's server is down: every request for its files fails.
  await page.route('**/mfe/access/**', (route) => route.abort('connectionrefused'));

  await page.getByRole('link', { name: 'Roles' }).click();
  await expect(page).toHaveURL(/\/roles$/i);
  const card = page.getByRole('alert').filter({ hasText: 'Sección no disponible' });
  await expect(card).toBeVisible();

  // The rest of the suite still works.
  await page.getByRole('link', { name: 'Usuarios' }).click();
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  await page.getByRole('link', { name: 'Aplicaciones' }).click();
  await expect(page.getByRole('heading', { name: 'Aplicaciones' })).toBeVisible();

  // The remote comes back; retry loads it without reloading the page.
  await page.getByRole('link', { name: 'Roles' }).click();
  await expect(card).toBeVisible();
  await page.unroute('**/mfe/access/**');
  await card.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
  await expect(card).toBeHidden();
});
