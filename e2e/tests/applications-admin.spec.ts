import { expect, test, type Page } from '@playwright/test';
import { audit } from './accessibility';
import { ADMIN_PASSWORD, PORT } from '../playwright.config';
import { acknowledge, dialog, signIn } from './support';

/**
 * Applications end to end (docs/product/applications.md): the administrator creates an application
 * through the form's four tabs (each checked by axe), finds it in the list, opens its own address
 * (its name as a host label) with its title, switches it off with the confirmation, and its own
 * address then refuses sign-in with R21.
 */
const NAME = 'E2E Firma';

// four tabs, each audited by axe, on a shared machine
test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function next(page: Page, tab: string): Promise<void> {
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
}

async function checkTab(page: Page, name: string): Promise<void> {
  expect((await audit(page, '#main')).serious, `${name} tab`).toEqual([]);
}

test('the administrator creates an application through the four tabs', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Aplicaciones' }).click();
  await page.getByRole('button', { name: 'Crear aplicación' }).click();
  await expect(page.getByText('Nueva aplicación')).toBeVisible();

  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Nombre').fill(NAME);
  await field('Título comercial').fill('Firma de prueba');
  await field('URL de la aplicación').fill('https://firma.suite.example');
  await field('URL de asignación de contraseña').fill('https://firma.suite.example/password');
  await field('URL de la landing').fill('https://firma.suite.example/home');
  await checkTab(page, 'Datos Básicos');
  await next(page, 'Token');

  for (const [label, amount, unit] of [
    ['Duración del token', '30', 'Minutos'],
    ['Expiración del refresh token', '1', 'Días'],
    ['Vigencia del enlace de activación', '3', 'Días'],
    ['Vigencia del enlace de asignación de contraseña', '12', 'Horas'],
  ]) {
    await field(label).fill(amount);
    await page.getByLabel(`Unidad de ${label}`).selectOption({ label: unit });
  }
  await field('Máximo de refresh tokens por usuario').fill('5');
  await checkTab(page, 'Token');
  await next(page, 'Contraseña');

  await field('Contraseñas anteriores que no se pueden repetir').fill('3');
  await page.getByRole('button', { name: 'Aumentar Vencimiento de la contraseña' }).click();
  await expect(field('Vencimiento de la contraseña')).toHaveValue('1');
  await page.getByLabel('Unidad de Vencimiento de la contraseña').selectOption({ label: 'Meses' });
  await checkTab(page, 'Contraseña');
  await next(page, 'Configuración');

  await field('Después de asignar la contraseña').selectOption({ label: 'Login de la aplicación' });
  await checkTab(page, 'Configuración');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await acknowledge(page, 'La aplicación fue creada con éxito');

  await expect(page).toHaveURL(/\/apps$/);
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(NAME);
  const row = page.getByRole('row').filter({ hasText: NAME });
  await expect(row).toContainText('https://firma.suite.example');
  await expect(row).toContainText('30 Minutos');
});

/** The new application's own address: its name as a host label ('E2E Firma' → e2e-firma.localhost). */
const OWN_ADDRESS = `http://e2e-firma.localhost:${PORT}/login`;

test('the new application answers at once at its own address, with its own title', async ({ page }) => {
  await page.goto(OWN_ADDRESS);
  await expect(page).toHaveTitle('Firma de prueba');
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible();
});

test('the administrator switches the application off with the confirmation', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Aplicaciones' }).click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(NAME);
  const row = page.getByRole('row').filter({ hasText: NAME });
  const state = row.getByRole('switch');
  await expect(state).toHaveAttribute('aria-checked', 'true');
  await state.click();
  const question = dialog(page, 'Deseas desactivar esta aplicación?');
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Aceptar', exact: true }).click();
  await acknowledge(page, 'La aplicación ha sido actualizada');
  // the list is read again after the change: look the application up again before checking it
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(NAME);
  await expect(state).toHaveAttribute('aria-checked', 'false');

  // the form opens in detail mode, as stored
  await row.getByRole('cell').first().click();
  await expect(page.getByText('Detalle de datos básicos')).toBeVisible();
  await expect(page.getByLabel('Título comercial', { exact: true })).toHaveValue('Firma de prueba');
});

test('switched off, its own address refuses sign-in with the inactive application text (R21)', async ({ browser }) => {
  const visitor = await browser.newContext();
  try {
    const page = await visitor.newPage();
    await page.goto(OWN_ADDRESS);
    await page.getByLabel('Usuario', { exact: true }).fill('admin');
    await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN_PASSWORD);
    const reply = page.waitForResponse((r) => /\/api\/login$/i.test(new URL(r.url()).pathname));
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    const body = (await (await reply).json()) as { result: { informationCode: string } };
    expect(body.result.informationCode).toBe('R21');
    await expect(page.getByText('La aplicación se encuentra inactiva.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/i);
  } finally {
    await visitor.close();
  }
});
