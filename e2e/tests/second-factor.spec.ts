import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { audit } from './accessibility';
import { DEMO_PASSWORD, accept, acknowledge, signIn, type CapturedMail } from './support';
import { originOf } from './signin-hosts';

/**
 * Second factors by application policy (docs/adr/0037-second-factors.md): an administrator makes
 * biometria's second factor 'Obligatorio'; a person without one sets up an authenticator right
 * after the password — reading the 'Clave' the page shows, as an app would — and gets their
 * recovery codes; the next sign-ins ask for a code, or take a recovery code once.
 */

const BIOMETRIA = originOf('biometria');
const APPLICATION = /^https:\/\/biometria\.suite\.example\/\?code=/;
const PERSON = 'isuarez';

const codeOf = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });

/** The administrator sets biometria's policy on the Configuración tab (its password page first: the seed has none). */
async function setPolicy(admin: Page, policy: 'Obligatorio' | 'Desactivado', check = false) {
  await admin.goto('/apps');
  await admin.getByText('biometria', { exact: true }).first().click();
  await admin.getByRole('button', { name: 'Editar' }).click();
  const passwordPage = admin.getByRole('textbox', { name: 'URL de asignación de contraseña' });
  if ((await passwordPage.inputValue()) === '') {
    await passwordPage.fill('https://biometria.suite.example/password');
    await admin.getByRole('button', { name: 'Actualizar datos' }).click();
    await acknowledge(admin, 'Los datos básicos han sido actualizados');
  }
  await admin.getByRole('tab', { name: 'Configuración' }).click();
  // a save returns the card to its details: edit again
  await expect(admin.getByText(/^(Detalles de configuración|Editar configuración)$/)).toBeVisible();
  if (await admin.getByText('Detalles de configuración', { exact: true }).isVisible())
    await admin.getByRole('button', { name: 'Editar' }).click();
  await admin.getByRole('group', { name: 'Segundo factor' }).getByRole('radio', { name: policy }).check();
  if (check) {
    const { serious } = await audit(admin);
    expect(serious, 'Configuración tab: serious or critical axe violations').toEqual([]);
  }
  await admin.getByRole('button', { name: 'Actualizar configuración' }).click();
  await acknowledge(admin, 'Las opciones de configuración han sido actualizados');
}

async function signInWithPassword(page: Page) {
  await page.goto(`${BIOMETRIA}/Login`);
  await page.getByLabel('Usuario', { exact: true }).fill(PERSON);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

test("with the policy 'Obligatorio' a person sets up an authenticator after the password; later sign-ins ask for a code or take a recovery code once", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signIn(admin);
  await setPolicy(admin, 'Obligatorio', true);
  const contexts: BrowserContext[] = [];
  /** A browser the person has not signed in with; the application itself lives elsewhere and answers with a page of its own. */
  const freshPage = async () => {
    const context = await browser.newContext({ baseURL });
    contexts.push(context);
    await context.route('https://biometria.suite.example/**', (route) => route.fulfill({ status: 200, body: 'biometria' }));
    return context.newPage();
  };
  try {
    const page = await freshPage();
    await signInWithPassword(page);
    await expect(page.getByRole('heading', { name: 'Configura tu aplicación de autenticación' })).toBeVisible();
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByRole('img', { name: 'Código QR para la aplicación de autenticación' })).toBeVisible();
    const secret = (await page.getByLabel('Clave').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect((await audit(page)).serious, 'authenticator setup: serious or critical axe violations').toEqual([]);
    await page.getByLabel('Código de verificación').fill('000000');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByRole('alert')).toContainText('El código de verificación no es correcto.');
    await page.getByLabel('Código de verificación').fill(codeOf(secret));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByRole('heading', { name: 'Tus códigos de recuperación' })).toBeVisible();
    const codes = await page.getByRole('list', { name: 'Tus códigos de recuperación' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'Ya los guardé' }).click();
    await page.waitForURL(APPLICATION);

    // the next sign-in: a code of the authenticator (the next one: a code is taken once)
    const again = await freshPage();
    await signInWithPassword(again);
    await expect(again.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
    expect((await audit(again)).serious, 'second step: serious or critical axe violations').toEqual([]);
    await again.getByLabel('Código de verificación').fill(codeOf(secret, Date.now() + 30_000));
    await again.getByRole('button', { name: 'Verificar' }).click();
    await again.waitForURL(APPLICATION);

    // and a recovery code, once
    const recovery = await freshPage();
    await signInWithPassword(recovery);
    await recovery.getByRole('button', { name: 'Usar un código de recuperación' }).click();
    await recovery.getByLabel('Código de recuperación').fill(codes[0]);
    await recovery.getByRole('button', { name: 'Verificar' }).click();
    await recovery.waitForURL(APPLICATION);
    const twice = await freshPage();
    await signInWithPassword(twice);
    await twice.getByRole('button', { name: 'Usar un código de recuperación' }).click();
    await twice.getByLabel('Código de recuperación').fill(codes[0]);
    await twice.getByRole('button', { name: 'Verificar' }).click();
    await expect(twice.getByRole('alert')).toContainText('El código de verificación no es correcto.');

    // the administrator sees the factor on the person's card and removes it: the person is told by e-mail
    const since = Date.now();
    await admin.goto('/users');
    await admin.getByPlaceholder('Buscar').fill(PERSON);
    await admin.keyboard.press('Enter');
    await admin.getByText(PERSON, { exact: true }).first().click();
    const factors = admin.getByRole('region', { name: 'Segundo factor' });
    await factors.getByRole('button', { name: 'Quitar Aplicación de autenticación' }).click();
    await accept(admin, /¿Deseas quitar/);
    await acknowledge(admin, 'Se quitó el factor. La persona recibirá un correo.');
    await expect(factors.getByText('No tiene un segundo factor.')).toBeVisible();
    await expect
      .poll(async () => {
        const list = (await (await admin.request.get('/dev/mail.json')).json()) as CapturedMail[] | { messages?: CapturedMail[] };
        const mails = Array.isArray(list) ? list : (list.messages ?? []);
        return mails.filter(
          (m) =>
            [m.to].flat().join(',').includes(`${PERSON}@demo.suite.test`) &&
            m.subject.startsWith('Se quitó un segundo factor de tu cuenta') &&
            new Date(m.createdAt).getTime() >= since - 2_000,
        ).length;
      })
      .toBe(1);
  } finally {
    for (const context of contexts) await context.close();
    await setPolicy(admin, 'Desactivado');
    await adminContext.close();
  }
});

test('a person sets up an authenticator on /security (Seguridad), is asked for its code at the next sign-in, and removes it with the password again', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const person = 'tnunez';
  await signIn(page, person, DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Seguridad' }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByRole('heading', { name: 'Seguridad', level: 1 })).toBeVisible();
  expect((await audit(page)).serious, '/security: serious or critical axe violations').toEqual([]);

  await page.getByRole('button', { name: 'Configurar aplicación de autenticación' }).click();
  await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const secret = (await page.getByLabel('Clave').textContent())?.trim() ?? '';
  expect((await audit(page)).serious, '/security setup: serious or critical axe violations').toEqual([]);
  await page.getByLabel('Código de verificación').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('list', { name: 'Tus códigos de recuperación' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Ya los guardé' }).click();
  await expect(page.getByRole('cell', { name: 'Aplicación de autenticación' }).first()).toBeVisible();

  // the console application is 'Opcional': with a factor, the next sign-in asks for its code
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/Login$/i);
  await page.getByLabel('Usuario', { exact: true }).fill(person);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
  await page.getByLabel('Código de verificación').fill(codeOf(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/users$/i);

  // removed with the password again: the person is back to the password alone
  await page.goto('/security');
  await page.getByRole('button', { name: /^Quitar / }).click();
  await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText(/Aún no tienes un segundo factor/)).toBeVisible();
  await context.close();
});
