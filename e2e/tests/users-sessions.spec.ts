import { expect, test, type Page } from '@playwright/test';
import { audit } from './accessibility';
import { DEMO_PASSWORD, accept, acknowledge, signIn } from './support';

/**
 * What an administrator needs to act on a person (docs/product/users.md, Sessions and lockout): the
 * person's sessions on their card, one closed from there — the person's open page is signed out at
 * once — and a lockout seen as 'Bloqueado' on the list and the card, lifted with 'Desbloquear',
 * which the audit section then finds.
 */

async function openCard(admin: Page, person: string) {
  await admin.goto('/users');
  await admin.getByPlaceholder('Buscar').fill(person);
  await admin.keyboard.press('Enter');
  await admin.getByText(person, { exact: true }).first().click();
}

test("an administrator closes a person's session from the Sesiones tab and the person's open page is signed out", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const personContext = await browser.newContext({ baseURL });
  const adminContext = await browser.newContext({ baseURL });
  try {
    const person = await personContext.newPage();
    await signIn(person, 'ysalazar', DEMO_PASSWORD);
    const admin = await adminContext.newPage();
    await signIn(admin);
    await openCard(admin, 'ysalazar');
    await admin.getByRole('tab', { name: 'Sesiones' }).click();
    const close = admin.getByRole('button', { name: /^Cerrar sesión de / });
    await expect(close).toHaveCount(1);
    await expect(admin.getByRole('cell', { name: 'Computador' })).toBeVisible();
    expect((await audit(admin)).serious, 'Sesiones tab: serious or critical axe violations').toEqual([]);
    await close.click();
    await accept(admin, /¿Deseas cerrar esta sesión\?/);
    await acknowledge(admin, 'Se cerró la sesión.');
    await expect(admin.getByText('No tiene sesiones abiertas.')).toBeVisible();

    // the person's page is told and signed out
    const modal = person.getByRole('alertdialog');
    await expect(modal).toContainText('Un administrador cerró tu sesión. Vuelve a ingresar.');
    await expect(person.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible({ timeout: 10_000 });
    expect(await person.evaluate(() => localStorage.getItem('token'))).toBeNull();
  } finally {
    await personContext.close();
    await adminContext.close();
  }
});

test("a person locked by wrong passwords shows 'Bloqueado' and signs in after 'Desbloquear'", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const personContext = await browser.newContext({ baseURL });
  const adminContext = await browser.newContext({ baseURL });
  const PERSON = 'svalencia';
  try {
    const person = await personContext.newPage();
    await person.goto('/login');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await person.getByLabel('Usuario', { exact: true }).fill(PERSON);
      await person.getByLabel('Contraseña', { exact: true }).fill('not-the-password');
      await person.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await expect(person.getByRole('alert')).toBeVisible();
    }
    await expect(person.getByRole('alert')).toContainText('bloqueado temporalmente');

    const admin = await adminContext.newPage();
    await signIn(admin);
    await admin.goto('/users');
    await admin.getByPlaceholder('Buscar').fill(PERSON);
    await admin.keyboard.press('Enter');
    await expect(
      admin
        .getByRole('row')
        .filter({ hasText: PERSON })
        .getByText(/^Bloqueado · \d+ min$/),
    ).toBeVisible();
    await admin.getByText(PERSON, { exact: true }).first().click();
    const notice = admin.getByRole('status').filter({ hasText: 'Bloqueado' });
    await expect(notice).toBeVisible();
    expect((await audit(admin)).serious, 'locked user card: serious or critical axe violations').toEqual([]);
    await admin.getByRole('button', { name: 'Desbloquear' }).click();
    await accept(admin, /¿Deseas desbloquear este usuario\?/);
    await acknowledge(admin, 'Se desbloqueó el usuario.');
    await expect(notice).toBeHidden();

    // the audit section finds that unlock by its action and the person, with who did it
    await admin.getByRole('link', { name: 'Auditoría' }).click();
    await expect(admin).toHaveURL(/\/audit$/);
    await admin.getByLabel('Acción', { exact: true }).fill('user.unlock');
    await admin.getByLabel('Buscar persona, acción u objetivo').fill(PERSON);
    await admin.keyboard.press('Enter');
    const entry = admin.getByRole('row').filter({ hasText: 'user.unlock' });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('admin');
    // on whom: the person by name, their id beneath
    await expect(entry).toContainText(`Usuario · ${PERSON}`);
    expect((await audit(admin)).serious, '/audit: serious or critical axe violations').toEqual([]);

    await person.goto('/login');
    await person.getByLabel('Usuario', { exact: true }).fill(PERSON);
    await person.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await person.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await expect(person).toHaveURL(/\/users$/i);
  } finally {
    await personContext.close();
    await adminContext.close();
  }
});
