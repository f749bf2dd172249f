import { expect, test, type Page } from '@playwright/test';
import { audit } from './accessibility';
import { originOf } from './signin-hosts';
import { DEMO_PASSWORD, solveCaptcha, type CapturedMail } from './support';

/**
 * Certificate users on firmaya (docs/product/sign-in.md, docs/product/passwords.md): sign-in by document, and the
 * password reset by e-mailed code or, for a password assigned by hand, by link. Demo data: README.
 */
const FIRMAYA = originOf('firmaya');
/** firmaya's urlApp: another origin, answered here so the redirect can be seen to arrive. */
const FIRMAYA_APP = 'https://firmaya.suite.example/';
const CERTIFICATE_PASSWORD = 'Certificado.2025';

async function expectAccessible(page: Page, what: string): Promise<void> {
  const { serious } = await audit(page);
  expect(serious, `${what}: serious or critical axe violations`).toEqual([]);
}

async function fillDocument(page: Page, type: string, number: string): Promise<void> {
  await expect(page.getByRole('option', { name: type })).toBeAttached();
  await page.getByLabel('Tipo de documento').selectOption({ label: type });
  await page.getByLabel('Número de documento').fill(number);
}

/** The reset code last mailed to `to` since `since`. */
async function mailedCode(page: Page, to: string, since: number): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const list = (await (await page.request.get('/dev/mail.json')).json()) as CapturedMail[] | { messages?: CapturedMail[] };
      const mails = (Array.isArray(list) ? list : (list.messages ?? []))
        .filter((m) => [m.to].flat().join(',').toLowerCase().includes(to) && new Date(m.createdAt).getTime() >= since - 2_000)
        .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
      if (!mails.length) return false;
      const detail = (await (await page.request.get(`/dev/mail/${mails[0].id}.json`)).json()) as { text?: string };
      code = /: (\d{6})\b/.exec(detail.text ?? '')?.[1] ?? '';
      return code !== '';
    })
    .toBe(true);
  return code;
}

test('a certificate user signs in to firmaya with document and password and reaches the application', async ({ page }) => {
  await page.route(`${FIRMAYA_APP}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Firmaya</title><h1>Firmaya</h1>' }),
  );
  await page.goto(`${FIRMAYA}/login`);
  await expect(page.getByLabel('Contraseña del certificado')).toBeVisible();
  await expect(page.getByLabel('Usuario', { exact: true })).toHaveCount(0);
  await expectAccessible(page, 'certificate sign-in');

  await fillDocument(page, 'CC - Cédula de ciudadanía', '52a11');
  await page.getByLabel('Contraseña del certificado').fill(DEMO_PASSWORD);
  await page.getByLabel('Número de documento').blur();
  await expect(page.getByText('El campo debe ser numérico, mínimo 5 caracteres.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeDisabled();

  // a number that names no certificate user: the sign-in's wrong-credentials text
  await page.getByLabel('Número de documento').fill('99999999');
  // firmaya asks for the captcha; each sign-in spends the one solved
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByText('Usuario o contraseña incorrectos.')).toBeVisible();

  await page.getByLabel('Número de documento').fill('52111222');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await page.waitForURL(/^https:\/\/firmaya\.suite\.example\/\?code=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Firmaya' })).toBeVisible();
});

test('reset by e-mailed code: the resend step shows the masked address, the code puts the certificate password back', async ({ page }) => {
  await page.goto(`${FIRMAYA}/login`);
  await page.getByRole('link', { name: 'Olvidé mi contraseña' }).click();
  await expect(page).toHaveURL(/\/resetpasswordCertificate$/i);
  await expectAccessible(page, 'certificate reset: document');
  await fillDocument(page, 'CC - Cédula de ciudadanía', '52111222');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('radio', { name: /^cert\.aquintero \(/ }).check();
  await expectAccessible(page, 'certificate reset: accounts');
  const since = Date.now();
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { name: 'Código de verificación' })).toBeVisible();
  await expectAccessible(page, 'certificate reset: code');
  await mailedCode(page, 'ana.quintero@demo.suite.test', since);
  await page.getByRole('button', { name: 'no has recibido el email?' }).click();
  await expect(page.getByText('Enviaremos un nuevo código de verificación a')).toBeVisible();
  await expect(page.getByText('ana.********@demo.suite.test')).toBeVisible();
  await expectAccessible(page, 'certificate reset: resend');
  const resent = Date.now();
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByLabel('Código', { exact: true })).toBeVisible();
  const code = await mailedCode(page, 'ana.quintero@demo.suite.test', resent);
  await page.getByLabel('Código', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(
    page.getByText('Tu contraseña fue restablecida. Ingresa con la contraseña asignada inicialmente al certificado.'),
  ).toBeVisible();
  await expectAccessible(page, 'certificate reset: done');
  await page.getByRole('button', { name: 'Entendido' }).click();
  await expect(page).toHaveURL(/\/login$/i);

  // the certificate's initial password signs in now
  await page.route(`${FIRMAYA_APP}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Firmaya</title><h1>Firmaya</h1>' }),
  );
  await fillDocument(page, 'CC - Cédula de ciudadanía', '52111222');
  await page.getByLabel('Contraseña del certificado').fill(CERTIFICATE_PASSWORD);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await page.waitForURL(/^https:\/\/firmaya\.suite\.example\//, { timeout: 15_000 });
});

test('reset of a password assigned by hand: the link is requested at once', async ({ page }) => {
  await page.goto(`${FIRMAYA}/resetpasswordCertificate`);
  await fillDocument(page, 'NIT - NIT', '900555111');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('radio', { name: /^cert\.aquintero\.empresa \(/ }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Se envió un correo con el enlace para restablecer la contraseña.')).toBeVisible();
  await expectAccessible(page, 'certificate reset: link sent');
});
