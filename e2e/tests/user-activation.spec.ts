import { expect, test, type Page } from '@playwright/test';
import { useIsolatedSuite } from './isolated-suite';
import { fillNewPassword, mailedLink, type CapturedMail } from './support';

/**
 * Activation of a new account, on a suite of its own: a demo account pending activation (no
 * password yet) gets an e-mail the reset form accepts, asks for its link through the forgotten
 * password form, creates its password from the mailed activation link and signs in with it.
 */
const PORT = Number(process.env.E2E_ISOLATED_PORT3 ?? 8187);
const USER = 'pmoreno';
const EMAIL = `${USER}@activacion.example.com`;
const PASSWORD = 'Primera#Clave2026';
const SQL = `UPDATE users SET email = '${EMAIL}' WHERE user_name = '${USER}';`;

useIsolatedSuite(PORT, SQL);

/** Fills the sign-in form, sends it and returns the reply of POST /api/Login. */
async function attemptSignIn(
  page: Page,
  user: string,
  password: string,
): Promise<{ status: number; result: { informationCode?: string; token?: string } }> {
  await page.goto('/login');
  await page.getByLabel('Usuario', { exact: true }).fill(user);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/Login$/i.test(new URL(r.url()).pathname)),
    page.getByRole('button', { name: 'Ingresar', exact: true }).click(),
  ]);
  const body = (await response.json()) as { result?: { informationCode?: string; token?: string } };
  return { status: response.status(), result: body.result ?? {} };
}

test('a pending account is activated from the mailed link and then signs in with its new password', async ({ page }) => {
  // Before activation the account has no password: the one it is about to create does not sign in.
  const before = await attemptSignIn(page, USER, PASSWORD);
  // (it is an unknown password, R11 — the state of the account is not revealed)
  expect(before.status).toBe(401);
  expect(before.result.informationCode).toBe('R11');
  expect(before.result.token).toBeUndefined();
  await expect(page.getByRole('alert').filter({ hasText: 'Usuario o contraseña incorrectos.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/i);

  // The forgotten-password form sends a pending account an activation link instead of a reset.
  const since = Date.now();
  await page.goto('/resetpassword');
  await expect(page.getByRole('heading', { name: 'Restablecer contraseña' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(EMAIL);
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
  await expect(page).toHaveURL(/\/alert$/i);
  await expect(page.getByText('Se envió un correo con el enlace para restablecer la contraseña.')).toBeVisible();

  const link = await mailedLink(page, EMAIL, since);
  const mails = (await (await page.request.get('/dev/mail.json')).json()) as CapturedMail[] | { messages?: CapturedMail[] };
  const mine = (Array.isArray(mails) ? mails : (mails.messages ?? [])).filter((m) => [m.to].flat().join(',').toLowerCase().includes(EMAIL));
  expect(mine.map((m) => m.subject)).toContainEqual(expect.stringMatching(/^Activa tu cuenta/));

  // The activation link opens the create-password form for that account.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Crear contraseña' })).toBeVisible();
  await expect(page.getByText('Usuario:')).toBeVisible();
  await expect(page.getByText(USER, { exact: true })).toBeVisible();
  await fillNewPassword(page, PASSWORD);
  await page.getByRole('button', { name: 'Restablecer' }).click();
  await expect(page.getByText('Contraseña creada exitosamente.')).toBeVisible();
  // The console confirms the creation and takes the person to sign-in.
  await expect(page).toHaveURL(/\/login$/i, { timeout: 20_000 });

  // Now the same password signs in and lands on the console.
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Usuario', { exact: true }).fill(USER);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  const [after] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/Login$/i.test(new URL(r.url()).pathname)),
    page.getByRole('button', { name: 'Ingresar', exact: true }).click(),
  ]);
  expect(after.status()).toBe(200);
  const signedIn = (await after.json()) as { result?: { informationCode?: string; token?: string } };
  expect(signedIn.result?.informationCode).toBe('A10');
  expect(signedIn.result?.token).toBeTruthy();
  await expect(page).toHaveURL(/\/users$/i);
});
