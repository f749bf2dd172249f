import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/**
 * The unsaved-changes prompt (docs/product/console.md, Unsaved changes) holds every way out of an edited card: the
 * browser's back button (the host's data router, useBlocker) as well as in-app navigation, and
 * the browser asks before the page reloads (beforeunload).
 */
const QUESTION = '¿Hiciste Modificaciones ¿deseas actualizarlas?';
const prompt = (page: Page) => page.getByRole('alertdialog').filter({ hasText: QUESTION });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function editCard(page: Page): Promise<void> {
  await signIn(page);
  await expect(page).toHaveURL(/\/users$/i);
  await page.getByRole('table', { name: 'Usuarios' }).getByRole('row').filter({ hasText: 'mgarcia' }).click();
  await expect(page.getByText('Detalles del usuario')).toBeVisible();
  await expect(field(page, 'Nombres')).toHaveValue('María Fernanda');
  await page.getByRole('button', { name: 'Editar' }).click();
  await field(page, 'Nombres').fill('María Editada');
  // the card holds the change once the form has validated it: the page then asks before unloading
  await expect
    .poll(() =>
      page.evaluate(() => {
        const unload = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(unload);
        return unload.defaultPrevented;
      }),
    )
    .toBe(true);
}

test("the browser's Back button in an edited card asks first: staying keeps the edit, discarding leaves", async ({ page }) => {
  await editCard(page);
  const cardUrl = page.url();

  await page.goBack();
  await expect(prompt(page)).toBeVisible();
  // Escape closes the question without leaving
  await page.keyboard.press('Escape');
  await expect(prompt(page)).toBeHidden();
  await expect(page).toHaveURL(cardUrl);
  await expect(field(page, 'Nombres')).toHaveValue('María Editada');

  await page.goBack();
  await prompt(page).getByRole('button', { name: 'Descartar', exact: true }).click();
  await expect(page).toHaveURL(/\/users$/i);
  await expect(page.getByRole('table', { name: 'Usuarios' })).toBeVisible();

  // Forward comes back to the card, unchanged
  await page.goForward();
  await expect(field(page, 'Nombres')).toHaveValue('María Fernanda');
});

test('reloading an edited card asks the browser first', async ({ page }) => {
  await editCard(page);
  const asked = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    });
  });
  void page.reload().catch(() => undefined);
  expect(await asked).toBe('beforeunload');
  await expect(field(page, 'Nombres')).toHaveValue('María Editada');
});
