import { expect, test, type Page } from '@playwright/test';
import { audit } from './accessibility';
import { contextFor, expectLogosLoaded, openSignIn, profileOf } from './signin-hosts';

/**
 * Accessibility of every sign-in variant (axe-core): no serious or critical violation, colour
 * contrast included, the myself template in dark and in light, and with the error box shown.
 */

async function expectAccessible(page: Page, what: string): Promise<void> {
  const { serious, contrastChecked } = await audit(page);
  expect(serious, `${what}: serious or critical axe violations`).toEqual([]);
  expect(contrastChecked).toBe(true);
}

/** A refused sign-in, so the error box is on screen. */
async function refusedSignIn(page: Page): Promise<void> {
  await page.getByLabel(/^(Usuario|User|Usuário)$/).fill('nadie.registrado');
  await page.getByLabel(/^(Contraseña|Password|Senha)$/).fill('no-es-la-clave');
  await page.getByRole('button', { name: /^(Ingresar|Sign in|Entrar)$/ }).click();
  await expect(page.getByRole('alert')).toBeVisible();
}

/** One host per sign-in variant (the profile says which variant it has). */
const HOSTS: Array<{ app: string; tenant?: string; variant: string; withError?: boolean }> = [
  { app: 'product', variant: 'classic', withError: true },
  { app: 'ibuhoo', variant: 'twoColumn' },
  { app: 'license', variant: 'translated' },
  { app: 'firmaya', variant: 'certificate' },
];

for (const { app, tenant, variant, withError } of HOSTS) {
  test(`${variant} sign-in (${app}) has no serious or critical accessibility violation`, async ({ browser }) => {
    const context = await contextFor(browser, app, tenant);
    const page = await context.newPage();
    try {
      const profile = await profileOf(page, app, tenant);
      expect(profile.signInVariant).toBe(variant);
      await openSignIn(page, variant);
      await expectLogosLoaded(page);
      await expectAccessible(page, variant);
      if (withError) {
        await refusedSignIn(page);
        await expectAccessible(page, `${variant} with the error box`);
      }
    } finally {
      await context.close();
    }
  });
}

test('myself template: no serious or critical violation in dark and in light, with and without the error box', async ({ browser }) => {
  const context = await contextFor(browser, 'myselfcert');
  const page = await context.newPage();
  try {
    const profile = await profileOf(page, 'myselfcert');
    expect(profile.signInVariant).toBe('myself');
    await openSignIn(page, 'myself');
    const scope = page.locator('[data-color-mode]');
    const toggle = page.getByRole('switch');
    const modes = profile.colorMode === 'dark' ? (['dark', 'light'] as const) : (['light', 'dark'] as const);
    for (const [index, mode] of modes.entries()) {
      if (index > 0) {
        await toggle.focus();
        await page.keyboard.press('Space');
      }
      await expect(scope).toHaveAttribute('data-color-mode', mode);
      await expect(toggle).toHaveAttribute('aria-checked', String(mode === 'dark'));
      await expectLogosLoaded(page);
      await expectAccessible(page, `myself ${mode}`);
    }
    await refusedSignIn(page);
    await expectAccessible(page, `myself ${modes[1]} with the error box`);
    await toggle.click();
    await expect(scope).toHaveAttribute('data-color-mode', modes[0]);
    await expectAccessible(page, `myself ${modes[0]} with the error box`);
  } finally {
    await context.close();
  }
});

test('the other public screens of a dark-template application have no serious or critical violation', async ({ browser }) => {
  const context = await contextFor(browser, 'myselfcert');
  const page = await context.newPage();
  try {
    const profile = await profileOf(page, 'myselfcert');
    expect(profile.colorMode).toBe('dark');
    for (const [path, title] of [
      ['/resetpassword', 'Restablecer contraseña'],
      ['/absent', 'Has estado ausente'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await expectLogosLoaded(page);
      await expectAccessible(page, `${path} in the dark template`);
    }
  } finally {
    await context.close();
  }
});
