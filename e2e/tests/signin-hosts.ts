import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PORT } from '../playwright.config';

/** The applications of the portal (docs/product/portal.md, Applications and tenants). */
export const APPLICATIONS = [
  'ibuhoo',
  'license',
  'product',
  'colnomina',
  'biometria',
  'confronta',
  'firmaya',
  'myselfcert',
  'bemyself',
  'letmicert',
] as const;

/** The tenant variants of the portal (docs/product/portal.md), as [application, tenant]. */
export const TENANTS = [
  ['bemyself', '472'],
  ['bemyself', 'bmscol'],
  ['bemyself', 'bmsecu'],
  ['bemyself', 'bmsbra'],
  ['license', 'letmicert'],
  ['license', 'myselfcert'],
  ['ibuhoo', 'suite'],
  ['ibuhoo', 'oidc'],
] as const;

/** The part of GET /api/application/profile the sign-in screen is checked against. */
export interface ProfileView {
  app: string;
  tenant: string;
  title: string;
  favicon: string;
  signInVariant: string;
  colorMode: 'light' | 'dark';
  defaultLanguage: string;
  logos: { signIn: string; white: string };
}

/** Origin of a page of `app` (and `tenant`): Chromium resolves every *.localhost name to loopback. */
export function originOf(app: string, tenant?: string): string {
  return `http://${tenant ? `${tenant}.` : ''}${app}.localhost:${PORT}`;
}

/** The profile the API serves for an application and tenant, asked by name (not by host). */
export async function profileOf(page: Page, app: string, tenant?: string): Promise<ProfileView> {
  const reply = await page.request.get(`http://localhost:${PORT}/api/application/profile`, {
    headers: { appName: app, ...(tenant ? { tenant } : {}) },
  });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { result: ProfileView }).result;
}

/** A fresh context on the host of `app`/`tenant` (one per host: storage and language stay per origin). */
export async function contextFor(browser: Browser, app: string, tenant?: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL: originOf(app, tenant) });
}

/** Opens /login and waits until the screen shows the profile's variant (the profile arrives after the first paint). */
export async function openSignIn(page: Page, variant: string): Promise<void> {
  await page.goto('/login');
  await expect(page.locator('[data-sign-in-variant]')).toHaveAttribute('data-sign-in-variant', variant);
  await expect(page.getByRole('button', { name: /^(Ingresar|Sign in|Entrar)$/ })).toBeVisible();
}

/** Waits until every logo on the screen is a loaded image (the profile's paths exist). */
export async function expectLogosLoaded(page: Page): Promise<void> {
  const logos = page.locator('img[data-logo]');
  await expect(logos.first()).toBeVisible();
  await expect
    .poll(() =>
      logos.evaluateAll((images) =>
        images.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
      ),
    )
    .toBe(true);
}

/** The h1 of the sign-in screen per language. */
export const SIGN_IN_TITLE = { es: 'Iniciar sesión', en: 'Sign in', pt: 'Entrar' } as const;
export type ScreenLanguage = keyof typeof SIGN_IN_TITLE;
