import { expect, test } from '@playwright/test';
import { acknowledge, DEMO_PASSWORD, editConsoleRolesOf, fillNewConsoleRole, signIn } from './support';

/**
 * An administrator offers in the role card only what they hold (docs/security/administrators.md):
 * a user who manages roles but holds no other console write privilege sees their own privileges
 * to give, and a role that gives more shows those fixed, never offered.
 */
const ROLE = 'E2E Gestión de roles';
const MANAGER = 'cramirez';

test.describe.configure({ mode: 'serial' });

test('the administrator makes a role manager', async ({ page }) => {
  await signIn(page);
  await fillNewConsoleRole(page, ROLE, 'gestion', ['ROLES_READ', 'ROLES_WRITE']);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await acknowledge(page, /rol fue creado/i);

  await editConsoleRolesOf(page, MANAGER);
  await page.getByRole('switch', { name: `Asignado: ${ROLE}` }).click();
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await acknowledge(page, /actualizado/i);
});

test('the role manager is offered only the privileges they hold', async ({ page }) => {
  await signIn(page, MANAGER, DEMO_PASSWORD);
  await page.getByRole('link', { name: 'Roles' }).click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(ROLE);
  await page.getByRole('row').filter({ hasText: ROLE }).first().click();
  await page.getByRole('tab', { name: 'Aplicaciones' }).click();
  await page.getByRole('button', { name: /^Suite GSE/ }).click();
  const privileges = page.getByRole('group', { name: 'Privilegios de Suite GSE' });
  await expect(privileges.getByRole('checkbox', { name: 'ROLES_WRITE' })).toBeVisible();
  await expect(privileges.getByRole('checkbox', { name: 'USERS_READ' })).toBeVisible();
  await expect(privileges.getByRole('checkbox', { name: /^USERS_WRITE/ })).toHaveCount(0);
  await expect(privileges.getByRole('checkbox', { name: /^PRIVILEGES_WRITE/ })).toHaveCount(0);

  // the Administrador role gives more: shown as it is, fixed
  await page.getByRole('link', { name: 'Roles' }).click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('Administrador');
  await page.getByRole('row').filter({ hasText: 'Administrador' }).first().click();
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByRole('tab', { name: 'Aplicaciones' }).click();
  await page.getByRole('button', { name: /^Suite GSE/ }).click();
  await expect(privileges.getByRole('checkbox', { name: /^USERS_WRITE/ })).toBeDisabled();
  await expect(privileges.getByRole('checkbox', { name: /^USERS_WRITE/ })).toBeChecked();
  await expect(privileges.getByRole('checkbox', { name: 'ROLES_WRITE' })).toBeEnabled();
});
