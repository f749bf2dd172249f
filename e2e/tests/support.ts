import { expect, type Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';

/** Password of the seeded demo accounts (development data). */
export const DEMO_PASSWORD = 'Demo.Suite2025';

/** Signs in through the sign-in screen, as a person would. */
export async function signIn(page: Page, user = 'admin', password = ADMIN_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Usuario', { exact: true }).fill(user);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page).toHaveURL(/\/users$/i);
}

/** A message captured by the dev mailbox. */
export interface CapturedMail {
  id: string | number;
  to: string | string[];
  subject: string;
  createdAt: string;
}

/**
 * Waits for the newest message to `to` captured after `since` and returns the path (with query)
 * of its link that contains `linkPart`, ready for `page.goto`.
 */
export async function mailedLink(page: Page, to: string, since: number, linkPart = '/changepassword'): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get('/dev/mail.json')).json()) as CapturedMail[] | { messages?: CapturedMail[] };
        const mails = Array.isArray(list) ? list : (list.messages ?? []);
        const mine = mails
          .filter(
            (m) => [m.to].flat().join(',').toLowerCase().includes(to.toLowerCase()) && new Date(m.createdAt).getTime() >= since - 2_000,
          )
          .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
        if (mine.length === 0) return false;
        const detail = (await (await page.request.get(`/dev/mail/${mine[0].id}.json`)).json()) as { links?: string[]; text?: string };
        const link = (detail.links ?? []).find((l) => l.includes(linkPart));
        if (!link) return false;
        const url = new URL(link, 'http://localhost');
        found = `${url.pathname}${url.search}`;
        return true;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as string;
}

/** Fills the new password and its confirmation on the change-password form. */
export async function fillNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(password);
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill(password);
}

/** Ticks the sign-in captcha ('No soy un robot') and waits until the proof of work is done. */
export async function solveCaptcha(page: Page): Promise<void> {
  await page.getByText('No soy un robot').click();
  await expect(page.getByText('Verificado')).toBeVisible();
}

/** The console's dialog holding `text` (a question or a message). */
export const dialog = (page: Page, text: string | RegExp) => page.getByRole('alertdialog').filter({ hasText: text });

/** Accepts a question or a message with its main button. */
export async function accept(page: Page, text: string | RegExp, button = 'Aceptar'): Promise<void> {
  const box = dialog(page, text);
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: button, exact: true }).click();
  await expect(box).toBeHidden();
}

/** A message that closes by itself, or one to accept. */
export async function acknowledge(page: Page, text: string | RegExp): Promise<void> {
  const box = dialog(page, text);
  await expect(box).toBeVisible();
  const button = box.getByRole('button', { name: 'Aceptar', exact: true });
  if (await button.isVisible()) await button.click();
  await expect(box).toBeHidden({ timeout: 5_000 });
}

/** A new role's card in the roles section, filled in with its name, alias and privileges in the console (Suite GSE); not saved yet. */
export async function fillNewConsoleRole(page: Page, name: string, alias: string, privileges: readonly string[]): Promise<void> {
  await page.getByRole('link', { name: 'Roles' }).click();
  await page.getByRole('button', { name: 'Crear rol' }).click();
  await expect(page.getByText('Nuevo rol')).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await page.getByLabel('Alias', { exact: true }).fill(alias);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: /^Suite GSE/ }).click();
  for (const privilege of privileges) await page.getByRole('checkbox', { name: privilege }).check();
}

/** The user card of `userName`, its roles tab in edit mode, showing the console's (Suite GSE) roles. */
export async function editConsoleRolesOf(page: Page, userName: string): Promise<void> {
  await page.getByRole('link', { name: 'Usuarios' }).click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(userName);
  await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
  await page.getByRole('row').filter({ hasText: userName }).first().click();
  await page.getByRole('tab', { name: 'roles' }).click();
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByRole('button', { name: /^Suite GSE/ }).click();
}
