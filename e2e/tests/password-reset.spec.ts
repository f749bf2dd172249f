import { expect, test, type Page } from '@playwright/test';
import { useIsolatedSuite } from './isolated-suite';
import { DEMO_PASSWORD, fillNewPassword, mailedLink, signIn } from './support';

/**
 * Password reset and the expired password, on a suite of its own: demo accounts get e-mails the
 * reset form accepts, two of them share one e-mail, and one has a password older than the
 * applications' expiration.
 */
const PORT = Number(process.env.E2E_ISOLATED_PORT2 ?? 8185);
const SHARED_EMAIL = 'compartido@correo.example.com';
const emailOf = (user: string) => `${user}@correo.example.com`;
const SQL = `
  UPDATE users SET email = user_name || '@correo.example.com' WHERE user_name IN ('jrodriguez', 'sjimenez', 'rmejia');
  UPDATE users SET email = '${SHARED_EMAIL}' WHERE user_name IN ('cgomez', 'nalvarez');
  UPDATE applications SET password_expiration = 365, password_type_expiration = 3;
  UPDATE users SET password_changed_at = now() - interval '800 days' WHERE user_name = 'rmejia';
`;

useIsolatedSuite(PORT, SQL);

/** Fills the e-mail on /resetpassword and sends it. */
async function askReset(page: Page, email: string): Promise<void> {
  await page.goto('/resetpassword');
  await expect(page.getByRole('heading', { name: 'Restablecer contraseña' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
}

/** The e-mail-sent screen of the console: the alert saying the reset e-mail went out. */
async function expectEmailSent(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/alert$/i);
  await expect(page.getByText('Se envió un correo con el enlace para restablecer la contraseña.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aceptar' })).toBeVisible();
}

/** Requests a reset for an e-mail tied to one account and returns the link mailed to it. */
async function requestReset(page: Page, email: string): Promise<string> {
  const since = Date.now();
  await askReset(page, email);
  await expectEmailSent(page);
  return mailedLink(page, email, since);
}

/** Sets a new password from a reset link and waits for the way back to sign-in. */
async function setPasswordFromLink(page: Page, link: string, user: string, password: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByText('Usuario:')).toBeVisible();
  await expect(page.getByText(user, { exact: true })).toBeVisible();
  await fillNewPassword(page, password);
  await page.getByRole('button', { name: 'Restablecer' }).click();
  // The console confirms the change and takes the person to sign-in.
  await expect(page).toHaveURL(/\/login$/i, { timeout: 20_000 });
}

test('forgot password with one account: the mailed link sets a new password that signs in', async ({ page }) => {
  const user = 'jrodriguez';
  const password = 'Nueva.Clave2026';
  const link = await requestReset(page, emailOf(user));
  await setPasswordFromLink(page, link, user, password);
  await page.context().clearCookies();
  await signIn(page, user, password);
});

test('forgot password with several accounts: the chosen account gets the e-mail', async ({ page }) => {
  const since = Date.now();
  await askReset(page, SHARED_EMAIL);
  await expect(page).toHaveURL(/\/selectaccounts$/i);
  await expect(page.getByRole('heading', { name: 'Seleccionar cuenta' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'cgomez' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'nalvarez' })).toBeVisible();
  await page.getByRole('radio', { name: 'nalvarez' }).check();
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
  await expectEmailSent(page);
  const link = await mailedLink(page, SHARED_EMAIL, since);
  await page.goto(link);
  await expect(page.getByText('nalvarez', { exact: true })).toBeVisible();
});

test('a reset link used once is refused the second time and the password stays', async ({ page }) => {
  const user = 'sjimenez';
  const password = 'Otra#Clave2026';
  const link = await requestReset(page, emailOf(user));
  await setPasswordFromLink(page, link, user, password);

  await page.goto('/Login');
  await page.goto(link);
  await fillNewPassword(page, 'Tercera$Clave2026');
  await page.getByRole('button', { name: 'Restablecer' }).click();
  await expect(page).toHaveURL(/\/invalid-link$/i);
  await expect(page.getByRole('heading', { name: 'Enlace no válido' })).toBeVisible();
  await expect(page.getByText('El enlace no es válido o ya expiró. Ingresa tu email para solicitar uno nuevo.')).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, user, password);
});

test('an expired password must be changed at sign-in, then the new one signs in', async ({ page }) => {
  const user = 'rmejia';
  const password = 'Vigente%Clave2026';
  await page.goto('/login');
  await page.getByLabel('Usuario', { exact: true }).fill(user);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByText('Su clave se encuentra venciada debe realizar el cambio.')).toBeVisible();
  await page.getByRole('button', { name: 'Aceptar' }).click();

  await expect(page).toHaveURL(/\/changepassword$/i);
  await expect(page.getByRole('heading', { name: 'Cambiar contraseña' })).toBeVisible();
  await expect(page.getByLabel('Usuario', { exact: true })).toHaveValue(user);
  await page.getByLabel('Contraseña actual', { exact: true }).fill(DEMO_PASSWORD);
  await fillNewPassword(page, password);
  await page.getByRole('button', { name: 'Restablecer' }).click();
  await expect(page).toHaveURL(/\/login$/i);

  await signIn(page, user, password);
});
