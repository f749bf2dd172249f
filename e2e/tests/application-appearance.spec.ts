import { expect, test, type Locator, type Page } from '@playwright/test';
import { audit } from './accessibility';
import { PORT } from '../playwright.config';
import { signIn } from './support';

/**
 * An application's appearance end to end (issue: the Apariencia tab): the administrator edits a
 * colour, sees it at once in the framed, real sign-in screen, is stopped by an unreadable pair,
 * saves, and the application's own sign-in page shows the new colour on its next load.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const PURPLE = '#6a1b9a';
const colourOf = (element: Locator) => element.evaluate((node) => getComputedStyle(node).color);

/**
 * The colour of the 'Recordar contraseña' link in the framed preview. The frame is inert (a picture,
 * not a form), so it is read by script rather than through locators, which skip inert content.
 */
async function previewForgotColour(page: Page): Promise<string | null> {
  const frame = page.frames().find((candidate) => /appearancePreview=light/.test(candidate.url()));
  if (!frame) return null;
  return frame.evaluate(() => {
    const link = [...document.querySelectorAll('a')].find((a) => a.textContent?.trim() === 'Recordar contraseña');
    return link ? getComputedStyle(link).color : null;
  });
}

async function openAppearance(page: Page, name: string): Promise<void> {
  await signIn(page);
  await page.getByRole('link', { name: 'Aplicaciones' }).click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(name);
  await page.getByRole('row').filter({ hasText: name }).getByRole('cell').first().click();
  await page.getByRole('tab', { name: 'Apariencia' }).click();
  await expect(page.getByText('Detalles de apariencia')).toBeVisible();
}

test('a colour edited in the Apariencia tab shows in the preview, and on the sign-in page once saved', async ({ page, browser }) => {
  await openAppearance(page, 'biometria');
  await expect(page.locator('iframe[title="Vista previa de la pantalla de ingreso, plantilla clara"]')).toBeVisible();
  await expect.poll(() => previewForgotColour(page)).toBe('rgb(15, 110, 106)'); // biometria's #0f6e6a
  expect((await audit(page, '#main')).serious, 'Apariencia tab').toEqual([]);

  await page.getByRole('button', { name: 'Editar' }).click();
  const field = page.getByRole('textbox', { name: 'Página · Olvidé mi contraseña (hexadecimal)' });

  // an unreadable colour: the pair and its ratio, and no update
  await field.fill('#c8c8c8');
  await expect(page.getByRole('alert').filter({ hasText: 'colors.forgotPassword sobre colors.surface' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actualizar apariencia' })).toBeDisabled();

  // a readable one: the framed sign-in screen follows at once
  await field.fill(PURPLE);
  await expect.poll(() => previewForgotColour(page)).toBe('rgb(106, 27, 154)');
  await page.getByRole('button', { name: 'Actualizar apariencia' }).click();
  const saved = page.getByRole('alertdialog').filter({ hasText: 'La apariencia ha sido actualizada' });
  await expect(saved).toBeVisible();

  // the application's own address, in a visitor's browser
  const visitor = await browser.newContext();
  try {
    const own = await visitor.newPage();
    await own.goto(`http://biometria.localhost:${PORT}/login`);
    await expect.poll(() => colourOf(own.getByRole('link', { name: 'Recordar contraseña' }))).toBe('rgb(106, 27, 154)');
  } finally {
    await visitor.close();
  }
});
