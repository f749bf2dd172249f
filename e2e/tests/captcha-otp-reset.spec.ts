import { expect, test, type Page } from '@playwright/test';
import { audit } from './accessibility';
import { originOf } from './signin-hosts';
import { DEMO_PASSWORD, mailedLink, solveCaptcha } from './support';

/**
 * The sign-in captcha on firmaya (docs/product/sign-in.md, Captcha) and an OTP-reset link confirmed at
 * /resetotp (docs/product/passwords.md, OTP reset; docs/security/otp-reset.md). Demo data: README.
 */
const FIRMAYA = originOf('firmaya');
const CONFRONTA = originOf('confronta');
const SIBLING = /^https:\/\/(firmaya|confronta)\.suite\.example\//;

async function expectAccessible(page: Page, what: string): Promise<void> {
  const { serious } = await audit(page);
  expect(serious, `${what}: serious or critical axe violations`).toEqual([]);
}

/** Signs the demo application account in to confronta as a sibling application does, and exchanges its code for a token (API calls go to localhost: Node does not resolve *.localhost). */
async function applicationToken(page: Page): Promise<string> {
  await page.goto(`${CONFRONTA}/login`);
  await page.getByLabel('Usuario', { exact: true }).fill('integracion.erp');
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await page.waitForURL(/^https:\/\/confronta\.suite\.example\/\?code=/);
  const code = new URL(page.url()).searchParams.get('code') as string;
  const reply = await page.request.post(`/api/login/GenerateTokens`, { data: { code, appName: 'confronta' } });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { result: { token: string } }).result.token;
}

test('firmaya: Ingresar waits for the captcha; an OTP-reset link confirms once', async ({ page, browser }) => {
  await page.route(SIBLING, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="es"><title>Sibling</title><h1>Sibling</h1></html>' }),
  );

  // the certificate sign-in: every field valid, the captcha not solved yet
  await page.goto(`${FIRMAYA}/login`);
  await expect(page.getByRole('option', { name: 'CC - Cédula de ciudadanía' })).toBeAttached();
  await page.getByLabel('Tipo de documento').selectOption({ label: 'CC - Cédula de ciudadanía' });
  await page.getByLabel('Número de documento').fill('52111222');
  await page.getByLabel('Contraseña del certificado').fill(DEMO_PASSWORD);
  const submit = page.getByRole('button', { name: 'Ingresar', exact: true });
  await expect(page.getByText('No soy un robot')).toBeVisible();
  await expect(page.getByText('Por favor valida que no eres un robot')).toBeVisible();
  await expect(submit).toBeDisabled();
  await expectAccessible(page, 'certificate sign-in with the captcha');
  await solveCaptcha(page);
  await expect(page.getByText('Por favor valida que no eres un robot')).toHaveCount(0);
  await expect(submit).toBeEnabled();
  await expectAccessible(page, 'certificate sign-in, captcha solved');
  await submit.click();
  await page.waitForURL(/^https:\/\/firmaya\.suite\.example\/\?code=/, { timeout: 15_000 });

  // confronta asks, through its own account, for mgarcia's OTP reset
  const token = await applicationToken(page);
  const since = Date.now();
  const created = await page.request.post(`/api/otp-reset/requests`, {
    headers: { authorization: `Bearer ${token}` },
    data: { appName: 'confronta', userName: 'mgarcia' },
  });
  expect(created.status()).toBe(200);
  const { id } = ((await created.json()) as { result: { request: { id: string } } }).result.request;
  const link = await mailedLink(page, 'mgarcia@demo.suite.test', since, '/resetotp');
  expect(link).toMatch(/^\/resetotp\?link=/);

  // mgarcia opens the link in a browser of their own: the modal confirms, Aceptar leads to sign-in
  const mailReader = await browser.newContext();
  const own = await mailReader.newPage();
  try {
    await own.goto(`${CONFRONTA}${link}`);
    const dialog = own.getByRole('alertdialog');
    await expect(dialog).toContainText('Se envio correctamente la solicitud para el restablecimiento del OTP.');
    await expectAccessible(own, 'OTP reset confirmed');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect(own).toHaveURL(/\/login$/i);
    const state = await page.request.get(`/api/otp-reset/requests/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await state.json()) as { result: { state: string } }).result.state).toBe('validated');

    // the spent link: R11 with the reason
    await own.goto(`${CONFRONTA}${link}`);
    await expect(dialog).toContainText(
      'No se puede enviar la solicitud de restablecimiento de OTP: la solicitud ya fue confirmada con este enlace.',
    );
    await expect(dialog).toContainText('Error');
    await expectAccessible(own, 'OTP reset refused');
  } finally {
    await mailReader.close();
  }
});

test('the captcha arrives in the room kept for it: nothing below it moves once the form shows', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { shifts: string[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { sources?: { node?: Node }[] }[]) {
        for (const source of entry.sources ?? []) shifts.push(source.node?.textContent?.trim().slice(0, 40) ?? '');
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${FIRMAYA}/login`);
  const forgot = page.getByRole('link', { name: 'Olvidé mi contraseña' });
  await expect(forgot).toBeVisible();
  const from = (await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts.length)) as number;
  const before = await forgot.boundingBox();
  await expect(page.getByText('No soy un robot')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await forgot.boundingBox()).toEqual(before);
  const moved = await page.evaluate((n) => (window as unknown as { shifts: string[] }).shifts.slice(n), from);
  expect(moved.filter((text) => /Olvidé mi contraseña|Ingresar/.test(text))).toEqual([]);
});
