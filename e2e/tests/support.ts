import { expect, type Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';

/** Password of the seeded demo accounts (development data). */
export const DEMO_PASSWORD = 'Demo.Suite2025';

/** Signs in through the sign-in screen, as a person would. */
export async function signIn(page: Page, user = 'admin', password = ADMIN_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Usuario', { exact: true }).fill(user);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/users$/i);
}
