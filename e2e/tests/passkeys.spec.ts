import { expect, test } from '@playwright/test';
import { audit } from './accessibility';
import { DEMO_PASSWORD, signIn } from './support';

/**
 * Passkeys (docs/adr/0037-second-factors.md) in Chromium with the DevTools protocol's virtual
 * authenticator (a platform authenticator that keeps discoverable credentials and verifies the
 * person): a person adds a passkey on /security, signs out, and signs in to the console with
 * 'Ingresar con llave de acceso' — no user name, no password; the console is 'Opcional', so their
 * password sign-in now asks for the passkey as the second step.
 */

const PERSON = 'lpena';

test("a passkey added on /security signs the person in with 'Ingresar con llave de acceso', and answers the second step after a password", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const signOut = async () => {
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/Login$/i);
  };

  try {
    await signIn(page, PERSON, DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Seguridad' }).click();
    await page.getByRole('button', { name: 'Agregar llave de acceso' }).click();
    await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Continuar' }).click();
    const create = page.getByRole('region', { name: 'Crea tu llave de acceso' });
    await expect(create).toBeVisible();
    expect((await audit(page)).serious, '/security passkey: serious or critical axe violations').toEqual([]);
    await create.getByLabel('Nombre').fill('Este computador');
    await create.getByRole('button', { name: 'Crear llave de acceso' }).click();
    // the person's first factor comes with the recovery codes
    await expect(page.getByRole('list', { name: 'Tus códigos de recuperación' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'Ya los guardé' }).click();
    await expect(page.getByRole('cell', { name: 'Este computador', exact: true })).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

    // signed out, back in with the passkey alone
    await signOut();
    expect((await audit(page)).serious, 'sign-in with the passkey button: serious or critical axe violations').toEqual([]);
    await page.getByRole('button', { name: 'Ingresar con llave de acceso' }).click();
    await expect(page).toHaveURL(/\/users$/i);
    await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();

    // with the password, the console ('Opcional') asks for the passkey as the second step
    await signOut();
    await page.getByLabel('Usuario', { exact: true }).fill(PERSON);
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
    await expect(page.getByText(/Usa la llave de acceso que registraste/)).toBeVisible();
    expect((await audit(page)).serious, 'second step with a passkey: serious or critical axe violations').toEqual([]);
    await page.getByRole('button', { name: 'Usar llave de acceso' }).click();
    await expect(page).toHaveURL(/\/users$/i);
  } finally {
    // the person is left with the password alone
    await page.goto('/security');
    const remove = page.getByRole('button', { name: 'Quitar Este computador' });
    if (
      await remove.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      )
    ) {
      await remove.click();
      await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expect(page.getByText(/Aún no tienes un segundo factor/)).toBeVisible();
    }
    await context.close();
  }
});
