import { expect, test } from '@playwright/test';
import { audit } from './accessibility';
import { accept, acknowledge, DEMO_PASSWORD, dialog, editConsoleRolesOf, fillNewConsoleRole, signIn } from './support';

/**
 * Roles and privileges end to end (docs/product/access.md): the administrator creates a privilege
 * for two applications and a role holding USERS_READ, gives the role to a user in the user card,
 * where the effective access shows the privilege and its role; the user signs in and reads the
 * users list; the administrator switches the role off and the user's next call is refused, with
 * the token they already hold.
 */
const PRIVILEGE = 'E2E_REPORTES';
const ROLE = 'E2E Lectura de usuarios';
const HOLDER = 'mgarcia';
const HOLDER_OLD_ROLE = 'Consulta de usuarios';

test.describe.configure({ mode: 'serial' });

test('the administrator creates a privilege held by two applications', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Privilegios' }).click();
  await page.getByRole('button', { name: 'Crear privilegio' }).click();
  await expect(page.getByText('Nuevo Privilegio')).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill(PRIVILEGE);
  await page.getByLabel('Descripción', { exact: true }).fill('Reportes de la prueba');
  await page.getByRole('checkbox', { name: 'Suite GSE' }).check();
  await page.getByRole('checkbox', { name: 'Firmaya' }).check();
  expect((await audit(page, '#main')).serious, 'privilege card').toEqual([]);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await acknowledge(page, /privilegio fue creado/i);
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(PRIVILEGE);
  const row = page.getByRole('row').filter({ hasText: PRIVILEGE });
  await expect(row).toContainText('Firmaya');
  await expect(row).toContainText('Suite GSE');
});

test('the administrator creates a role holding USERS_READ in the console', async ({ page }) => {
  await signIn(page);
  await fillNewConsoleRole(page, ROLE, 'lectura', ['USERS_READ']);
  expect((await audit(page, '#main')).serious, 'role card').toEqual([]);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await acknowledge(page, /rol fue creado/i);
});

test('the role given in the user card shows in its effective access', async ({ page }) => {
  await signIn(page);
  await editConsoleRolesOf(page, HOLDER);
  await page.getByRole('switch', { name: `Asignado: ${ROLE}` }).click();
  await page.getByRole('switch', { name: `Asignado: ${HOLDER_OLD_ROLE}` }).click();
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await acknowledge(page, /actualizado/i);
  await page.getByRole('tab', { name: 'roles' }).click();
  const access = page.getByRole('table', { name: 'Privilegios en Suite GSE' });
  await expect(access.getByRole('row').filter({ hasText: 'USERS_READ' })).toContainText(ROLE);
});

test("switching the role off refuses the holder's next call, with the token already held", async ({ browser }) => {
  const admin = await browser.newPage();
  const holder = await browser.newPage();
  try {
    await signIn(holder, HOLDER, DEMO_PASSWORD);
    await expect(holder.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
    await expect(holder.getByRole('table')).toBeVisible();

    await signIn(admin);
    await admin.getByRole('link', { name: 'Roles' }).click();
    await admin.getByRole('searchbox', { name: 'Buscar' }).fill(ROLE);
    const row = admin.getByRole('row').filter({ hasText: ROLE });
    await row.getByRole('switch').click();
    await accept(admin, /inactivar este rol/i);
    await acknowledge(admin, 'El Rol quedó en estado inactivo');

    // the holder's next call: the users list read again
    await holder.reload();
    await expect(dialog(holder, 'no tiene los privilegios suficientes')).toBeVisible();
  } finally {
    await admin.close();
    await holder.close();
  }
});
