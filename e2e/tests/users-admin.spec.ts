import { expect, test, type Locator, type Page } from '@playwright/test';
import { audit } from './accessibility';
import { accept, dialog, fillNewPassword, mailedLink, signIn } from './support';

/**
 * Users administration end to end (docs/product/users.md): the administrator creates a user with a
 * main company and a role, finds them by search, edits them; the new user activates the account
 * from the mailed link and signs in; the administrator deactivates and reactivates them with the
 * state switch, deletes them, and brings them back through the deleted-user match of a new card.
 */
const USER = 'e2e.cardona';
const EMAIL = 'e2e.cardona@usuarios.test';
const PASSWORD = 'Primera#Clave2026';
const MAIN_COMPANY = 'Comercializadora Andina S.A.S.';
const OTHER_COMPANY = 'Transportes del Pacífico Ltda.';
const ROLE = 'Consulta de usuarios';

test.describe.configure({ mode: 'serial' });

/** The page's dialog (DialogHost); `text` picks it by its message. */
/** A message without buttons: shown, then gone by itself (1.5 s). */
async function passingMessage(page: Page, text: string): Promise<void> {
  await expect(dialog(page, text)).toBeVisible();
  await expect(dialog(page, text)).toBeHidden({ timeout: 5_000 });
}

/** Searches the users list (server-side, on Enter) and returns the user's row. */
async function findUser(page: Page, text: string): Promise<Locator> {
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill(text);
  await expect(page.getByText('Presiona la tecla Enter para filtar tu busqueda')).toBeVisible();
  const listed = page.waitForResponse(
    (r) => /\/api\/user\/list$/i.test(new URL(r.url()).pathname) && r.request().headers()['customersearch'] === encodeURIComponent(text),
  );
  await search.press('Enter');
  await listed;
  const row = page.getByRole('table', { name: 'Usuarios' }).getByRole('row').filter({ hasText: USER });
  await expect(row).toHaveCount(1);
  return row;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('an administrator creates, finds, edits, deactivates, reactivates and deletes a user, who activates the account and signs in', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page);

  // --- create: Datos, then a main company, then a role ---
  await page.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(page).toHaveURL(/\/users\/new$/i);
  await expect(page.getByText('Nuevo usuario')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Datos' })).toHaveAttribute('aria-selected', 'true');

  // moving on with empty data is refused with the documented text
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByText('Campo obligatorio.').first()).toBeVisible();

  await field(page, 'Tipo de usuario').selectOption({ label: 'Usuario' });
  await field(page, 'Nombres').fill('Lucía');
  await field(page, 'Apellidos').fill('Cardona');
  await field(page, 'Usuario').fill(USER);
  await field(page, 'Correo electrónico').fill('no-es-un-correo');
  await expect(page.getByText('El correo no posee el formato correcto.')).toBeVisible();
  await field(page, 'Correo electrónico').fill(EMAIL);
  await field(page, 'País').selectOption({ label: 'Colombia' });
  await field(page, 'Tipo de documento').selectOption({ label: 'Cédula de ciudadanía' });
  await field(page, 'Documento').fill('52123456');
  await field(page, 'Teléfono').pressSequentially('3001234567');
  await expect(field(page, 'Teléfono')).toHaveValue('(+57) 300 1234567');

  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'empresas' })).toHaveAttribute('aria-selected', 'true');
  const companies = page.getByRole('table', { name: 'Empresas del usuario' });
  // roles need a main company first
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByText('*Se requiere una empresa principal')).toBeVisible();
  await companies.getByRole('switch', { name: `Empresa principal: ${MAIN_COMPANY}` }).click();
  await companies.getByRole('switch', { name: `Asignada: ${OTHER_COMPANY}` }).click();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'roles' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: /^Suite GSE \d/ }).click();
  await page.getByRole('switch', { name: `Asignado: ${ROLE}` }).click();
  await expect(page.getByRole('button', { name: /^Suite GSE \d+ roles · 1 únicos$/ })).toBeVisible();
  const since = Date.now();
  const created = page.waitForResponse((r) => /\/api\/user\/create$/i.test(new URL(r.url()).pathname));
  await page.getByRole('button', { name: 'Guardar' }).click();
  expect((await created).status()).toBe(200);
  await accept(page, 'El usuario fue creado con éxito');
  await expect(page).toHaveURL(/\/users$/i);

  // --- find by search (Enter) and edit ---
  let row = await findUser(page, USER);
  await expect(row).toContainText('Cardona');
  await expect(row).toContainText('52.123.456');
  await row.click();
  await expect(page.getByText('Detalles del usuario')).toBeVisible();
  await expect(field(page, 'Nombres')).toHaveValue('Lucía');
  await expect(field(page, 'Nombres')).toBeDisabled();
  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByText('Editar usuario')).toBeVisible();
  await field(page, 'Apellidos').fill('Cardona Ríos');
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await accept(page, 'Los datos del usuario han sido actualizados');
  await expect(page.getByText('Detalles del usuario')).toBeVisible();
  await expect(field(page, 'Apellidos')).toHaveValue('Cardona Ríos');

  // the stored companies and roles come back in the card
  await page.getByRole('tab', { name: 'empresas' }).click();
  await expect(page.getByRole('switch', { name: `Empresa principal: ${MAIN_COMPANY}` })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('switch', { name: `Asignada: ${OTHER_COMPANY}` })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('tab', { name: 'roles' }).click();
  await page.getByRole('button', { name: /^Suite GSE \d/ }).click();
  await expect(page.getByRole('switch', { name: `Asignado: ${ROLE}` })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Volver a usuarios' }).click();
  await expect(page).toHaveURL(/\/users$/i);

  // --- the new user activates the account from the e-mail and signs in ---
  const own = await browser.newContext();
  const userPage = await own.newPage();
  const link = await mailedLink(userPage, EMAIL, since);
  await userPage.goto(link);
  await expect(userPage.getByRole('heading', { name: 'Crear contraseña' })).toBeVisible();
  await expect(userPage.getByText(USER, { exact: true })).toBeVisible();
  await fillNewPassword(userPage, PASSWORD);
  await userPage.getByRole('button', { name: 'Restablecer' }).click();
  await expect(userPage.getByText('Contraseña creada exitosamente.')).toBeVisible();
  await expect(userPage).toHaveURL(/\/login$/i, { timeout: 20_000 });
  await signIn(userPage, USER, PASSWORD);
  await own.close();

  // --- deactivate and reactivate with the state switch ---
  row = await findUser(page, USER);
  await expect(row).toContainText('Activo');
  await row.getByRole('switch', { name: `Cambiar estado de ${USER}` }).click();
  await accept(page, '¿Deseas desactivar este usuario ?');
  await passingMessage(page, 'El usuario quedó en estado inactivo');
  await expect(row).toContainText('Inactivo');
  await row.getByRole('switch', { name: `Cambiar estado de ${USER}` }).click();
  await accept(page, '¿Deseas activar este usuario ?');
  await passingMessage(page, 'El usuario quedó en estado activo');
  await expect(row).toContainText('Activo');

  // --- delete, then the deleted-user match of a new card: 'Reactivar usuario.' ---
  await row.getByRole('button', { name: `Eliminar ${USER}` }).click();
  await accept(page, '¿Deseas eliminar este usuario?');
  await expect(page.getByRole('table', { name: 'Usuarios' }).getByRole('row').filter({ hasText: USER })).toHaveCount(0);

  await page.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(page.getByText('Nuevo usuario')).toBeVisible();
  await field(page, 'Usuario').fill(USER);
  const checked = page.waitForResponse((r) => /\/api\/user\/getuserexists$/i.test(new URL(r.url()).pathname));
  await field(page, 'Correo electrónico').focus();
  expect(((await (await checked).json()) as { result: { informationCode: string } }).result.informationCode).toBe('A20');
  const match = dialog(page, 'ya ha sido utilizado por un usuario que ha sido eliminado');
  await expect(match.getByRole('button', { name: 'Crear nuevo usuario.' })).toBeVisible();
  await match.getByRole('button', { name: 'Reactivar usuario.' }).click();
  await expect(page.getByText('Editar usuario')).toBeVisible();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/i);
  await expect(field(page, 'Usuario')).toHaveValue(USER);
  await expect(field(page, 'Apellidos')).toHaveValue('Cardona Ríos');
  await expect(field(page, 'Nombres')).toBeEnabled();

  // listed again
  await page.getByRole('button', { name: 'Volver a usuarios' }).click();
  await findUser(page, USER);
});

/** Serious and critical axe violations inside the page's main region, one line per element. */
const seriousViolations = async (page: Page) => (await audit(page, 'main')).serious;

test('the user card has no serious accessibility violations on any tab, errors shown', async ({ page }) => {
  await signIn(page);
  await page.getByRole('table', { name: 'Usuarios' }).getByRole('row').filter({ hasText: 'mgarcia' }).click();
  await expect(page.getByText('Detalles del usuario')).toBeVisible();
  await expect(field(page, 'Nombres')).toHaveValue('María Fernanda');
  expect(await seriousViolations(page), 'Datos, detail mode').toEqual([]);

  await page.getByRole('button', { name: 'Editar' }).click();
  await field(page, 'Nombres').fill('María 2');
  await field(page, 'Correo electrónico').fill('');
  await expect(page.getByText('Campo obligatorio.')).toBeVisible();
  expect(await seriousViolations(page), 'Datos, edit mode with errors').toEqual([]);

  await page.getByRole('tab', { name: 'empresas' }).click();
  await accept(page, '¿Hiciste Modificaciones ¿deseas actualizarlas?', 'Descartar');
  await expect(page.getByRole('table', { name: 'Empresas del usuario' }).getByRole('switch').first()).toBeVisible();
  expect(await seriousViolations(page), 'empresas').toEqual([]);

  await page.getByRole('tab', { name: 'roles' }).click();
  await expect(page.getByRole('switch', { name: 'Asignar todos los roles' })).toBeVisible();
  expect(await seriousViolations(page), 'roles').toEqual([]);
});
