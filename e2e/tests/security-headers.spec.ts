import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PORT } from '../playwright.config';
import { mailedLink, signIn } from './support';

const ORIGIN = `http://localhost:${PORT}`;

/** Headers every reply of the suite carries (docs/security/headers.md). */
function expectSecurityHeaders(headers: Record<string, string>, what: string): void {
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, `${what}: content-security-policy`).toContain("frame-ancestors 'none'");
  expect(csp, `${what}: content-security-policy`).toMatch(/script-src 'self'( |;|$)/);
  expect(csp, `${what}: no unsafe-inline script`).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['permissions-policy'], what).toContain('camera=()');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
  // plain HTTP: no HSTS; same origin: no CORS
  expect(headers['strict-transport-security'], what).toBeUndefined();
  expect(headers['access-control-allow-origin'], what).toBeUndefined();
}

test('the document, an asset and an API reply carry the security headers', async ({ page }) => {
  const script = page.waitForResponse((r) => r.request().resourceType() === 'script' && r.url().startsWith(ORIGIN));
  const document = await page.goto('/login');
  expect(document).not.toBeNull();
  const documentHeaders = await document!.allHeaders();
  expectSecurityHeaders(documentHeaders, 'document');
  // the page's style nonce is the one in its policy
  const nonce = await page.locator('meta[property="csp-nonce"]').getAttribute('content');
  expect(nonce).toBeTruthy();
  expect(documentHeaders['content-security-policy']).toContain(`'nonce-${nonce}'`);
  expectSecurityHeaders(await (await script).allHeaders(), 'script');

  const login = page.waitForResponse((r) => /\/api\/login$/i.test(new URL(r.url()).pathname));
  await page.getByLabel('Usuario', { exact: true }).fill('admin');
  await page.getByLabel('Contraseña', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  expectSecurityHeaders(await (await login).allHeaders(), 'API reply');
});

/** Records every Content-Security-Policy violation of the page, in any document it loads. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('__cspViolation', ({ frame }, text: string) => violations.push(`${frame.url()}: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(text: string): void }).__cspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Permissions-Policy|Refused to (load|apply|execute|connect|frame|create)/i.test(message.text()))
      violations.push(`console: ${message.text()}`);
  });
  return violations;
}

test('no Content-Security-Policy violation signing in, using the users console and the reset-password screens', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await recordViolations(page);

  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
  // a user's card, then back to the list
  await table.getByRole('cell', { name: 'admin', exact: true }).click();
  await page.waitForLoadState('networkidle');
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  // the real-time hub is connected after sign-in (WebSocket on the same origin)
  await page.waitForTimeout(500);

  // the reset-password screens, signed out
  await page.evaluate(() => localStorage.clear());
  const since = Date.now();
  await page.goto('/resetpassword');
  await expect(page.getByRole('heading', { name: 'Restablecer contraseña' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('admin@suite.test');
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
  await expect(page).not.toHaveURL(/\/resetpassword$/i);
  const link = await mailedLink(page, 'admin@suite.test', since);
  await page.goto(link);
  await expect(page.getByLabel('Nueva contraseña', { exact: true })).toBeVisible();

  // the development mailbox shows the e-mail (its own, looser policy: inline styles, no script)
  await page.goto('/dev/mail');
  await page
    .getByRole('link')
    .filter({ hasNotText: /Mailbox|JSON/ })
    .first()
    .click();
  await expect(page.locator('iframe')).toBeVisible();
  await expect(page.frameLocator('iframe').locator('body')).toContainText(/\S/);

  await page.waitForTimeout(300);
  expect(violations).toEqual([]);
});

test('a page of another origin cannot frame /login', async ({ page }) => {
  const foreign: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><title>foreign</title><iframe id="victim" src="${ORIGIN}/login" width="600" height="400"></iframe>`);
  });
  await new Promise<void>((done) => foreign.listen(0, '127.0.0.1', done));
  const foreignPort = (foreign.address() as AddressInfo).port;
  try {
    const refused = page.waitForEvent('console', {
      predicate: (m) => /frame-ancestors|Refused to (display|frame)/i.test(m.text()),
      timeout: 10_000,
    });
    const framed = page.waitForResponse((r) => r.url() === `${ORIGIN}/login`);
    await page.goto(`http://127.0.0.1:${foreignPort}/`);
    // the server answered, with a policy that forbids any ancestor…
    expect((await (await framed).allHeaders())['content-security-policy']).toContain("frame-ancestors 'none'");
    // …so Chromium refused to show it
    await refused;
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame).toBeDefined();
    await page.waitForTimeout(500);
    expect(await frame!.locator('button', { hasText: 'Ingresar' }).count()).toBe(0);
    expect(frame!.url()).not.toBe(`${ORIGIN}/login`);
  } finally {
    await new Promise((done) => foreign.close(done));
  }
});
