import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, SIBLING_APP_ORIGIN } from '../playwright.config';
import { audit } from './accessibility';
import { DEMO_PASSWORD, signIn } from './support';

/**
 * The suite as an OpenID provider (docs/adr/0036-openid-provider.md): a relying party registered
 * in the console's Integración tab signs a person in through the portal's own screen; a second
 * client gets the person without a password; signing out of the suite tells the first by
 * back-channel logout.
 */

interface RelyingParty {
  origin: string;
  logoutTokens: string[];
  close(): Promise<void>;
}

/** A relying party's callback and back-channel endpoints, on a port of their own. */
async function startRelyingParty(): Promise<RelyingParty> {
  const logoutTokens: string[] = [];
  const server = http.createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/backchannel') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '');
        response.writeHead(200).end();
      });
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>Relying party</title><h1>Relying party</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, logoutTokens, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

/** An authorization request with PKCE; `finish` exchanges the code the browser came back with. */
function authorizationRequest(baseURL: string, clientId: string, redirectUri: string) {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const url = new URL('/oidc/auth', baseURL);
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    scope: 'openid profile email privileges',
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
  }).toString();
  return {
    url: url.toString(),
    state,
    async finish(callback: string, secret?: string) {
      const back = new URL(callback);
      expect(back.searchParams.get('state')).toBe(state);
      expect(back.searchParams.get('iss')).toBe(new URL(baseURL).origin);
      const response = await fetch(new URL('/oidc/token', baseURL), {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(secret ? { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` } : {}),
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: back.searchParams.get('code') ?? '',
          redirect_uri: redirectUri,
          code_verifier: verifier,
          ...(secret ? {} : { client_id: clientId }),
        }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { id_token: string; access_token: string; refresh_token?: string };
    },
  };
}

/** Registers a confidential client of the console application in its Integración tab; returns its secret. */
async function registerClient(page: Page, clientId: string, rp: RelyingParty): Promise<string> {
  await signIn(page);
  await page.goto('/apps');
  await page.getByText('ibuhoo', { exact: true }).first().click();
  await page.getByRole('tab', { name: 'Integración' }).click();
  await expect(page.getByText(/sibling-demo/)).toBeVisible();
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByRole('button', { name: 'Agregar cliente' }).click();
  await page.getByRole('textbox', { name: 'Identificador del cliente' }).last().fill(clientId);
  await page.getByRole('textbox', { name: 'Direcciones de retorno (una por línea)' }).last().fill(`${rp.origin}/callback`);
  await page
    .getByRole('textbox', { name: 'Dirección de cierre de sesión por canal trasero (opcional)' })
    .last()
    .fill(`${rp.origin}/backchannel`);
  await page.getByRole('checkbox', { name: 'privileges' }).last().check();
  const { serious } = await audit(page);
  expect(serious, 'Integración tab: serious or critical axe violations').toEqual([]);
  await page.getByRole('button', { name: 'Guardar cliente' }).last().click();
  const secret = page.getByRole('textbox', { name: `Secreto del cliente ${clientId}` });
  await expect(secret).toBeVisible();
  const value = await secret.inputValue();
  await page.getByRole('button', { name: 'Ya lo guardé' }).click();
  await expect(secret).toBeHidden();
  return value;
}

test('a relying party signs a person in through the portal, a second client gets them without a password, and signing out tells the first', async ({
  browser,
  baseURL,
}) => {
  const rp = await startRelyingParty();
  try {
    const adminContext = await browser.newContext({ baseURL });
    const clientId = `e2e-web-${randomBytes(3).toString('hex')}`;
    const secret = await registerClient(await adminContext.newPage(), clientId, rp);
    await adminContext.close();

    // a person new to this browser: the portal's own sign-in screen, in the console application's look
    const personContext = await browser.newContext({ baseURL });
    const person = await personContext.newPage();
    const first = authorizationRequest(baseURL ?? '', clientId, `${rp.origin}/callback`);
    await person.goto(first.url);
    await expect(person).toHaveURL(/\/Login\?interaction=/);
    const { serious } = await audit(person);
    expect(serious, 'sign-in of an OpenID request: serious or critical axe violations').toEqual([]);
    await person.getByLabel('Usuario', { exact: true }).fill('admin');
    await person.getByLabel('Contraseña', { exact: true }).fill(ADMIN_PASSWORD);
    await person.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await person.waitForURL((url) => url.href.startsWith(`${rp.origin}/callback`));
    const tokens = await first.finish(person.url(), secret);
    const claims = claimsOf(tokens.id_token);
    expect(claims).toMatchObject({ aud: clientId, iss: new URL(baseURL ?? '').origin });

    // the seeded native client (http://127.0.0.1/callback, any port): the person is signed in to
    // the suite, so the portal hands the session over without asking for the password
    const second = authorizationRequest(baseURL ?? '', 'sibling-demo', `${rp.origin}/callback`);
    await person.goto(second.url);
    await person.waitForURL((url) => url.href.startsWith(`${rp.origin}/callback`) && url.searchParams.get('state') === second.state);
    const nativeTokens = await second.finish(person.url());
    expect(claimsOf(nativeTokens.id_token).sub).toBe(claims.sub);

    // signing out of the suite: the first client is told at once, with the session it knew
    await person.goto(`${new URL(baseURL ?? '').origin}/users`);
    await person.getByRole('button', { name: 'Menú de usuario' }).click();
    await person.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect.poll(() => rp.logoutTokens.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(claimsOf(rp.logoutTokens[0])).toMatchObject({ aud: clientId, sub: claims.sub, sid: claims.sid });
    await personContext.close();
  } finally {
    await rp.close();
  }
});

test('the demo relying party signs a person in through the portal in its application’s look; signing out at another client ends its session by back-channel, and its own sign-out goes through the suite', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const person = await context.newPage();
  await person.goto(`${SIBLING_APP_ORIGIN}/`);
  await person.getByRole('link', { name: 'Sign in with the suite' }).click();

  // the portal's own sign-in, at the license application's address and in its look
  await expect(person).toHaveURL(/^http:\/\/license\.localhost:\d+\/Login\?interaction=/);
  await expect(person.getByRole('button', { name: 'Portugués' })).toBeVisible();
  await expect(person.getByRole('img', { name: 'License' })).toBeVisible();
  const { serious } = await audit(person);
  expect(serious, 'license sign-in of an OpenID request: serious or critical axe violations').toEqual([]);
  await person.getByLabel('Usuario', { exact: true }).fill('mgarcia');
  await person.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await person.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await person.waitForURL(`${SIBLING_APP_ORIGIN}/`);
  await expect(person.getByRole('heading', { name: 'Signed in as María Fernanda García López' })).toBeVisible();
  await expect(person.getByText('mgarcia@demo.suite.test (not verified)', { exact: true })).toBeVisible();
  await person.getByRole('button', { name: 'Refresh tokens' }).click();
  await expect(person.getByRole('status')).toContainText('Tokens refreshed');

  // the seeded native client of the console application: a native client's request always meets
  // the person (RFC 8252 §8.6), here on the console's sign-in, where this browser is not signed in
  const native = await startRelyingParty();
  const second = authorizationRequest(baseURL ?? '', 'sibling-demo', `${native.origin}/callback`);
  await person.goto(second.url);
  await expect(person).toHaveURL(/^http:\/\/localhost:\d+\/Login\?interaction=/);
  await person.getByLabel('Usuario', { exact: true }).fill('mgarcia');
  await person.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await person.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await person.waitForURL((url) => url.href.startsWith(`${native.origin}/callback`));
  const tokens = await second.finish(person.url());
  await native.close();

  // that client signs the person out of the suite, of both applications: asked first, in the suite's words
  const end = new URL('/oidc/session/end', baseURL);
  end.search = new URLSearchParams({ id_token_hint: tokens.id_token, client_id: 'sibling-demo' }).toString();
  await person.goto(end.toString());
  await expect(person.getByRole('heading', { name: '¿Cerrar la sesión?' })).toBeVisible();
  expect((await audit(person)).serious, 'sign-out question: serious or critical axe violations').toEqual([]);
  await person.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(person.getByRole('heading', { name: 'Sesión cerrada' })).toBeVisible();
  expect((await audit(person)).serious, 'signed-out page: serious or critical axe violations').toEqual([]);

  // the demo relying party was told by back-channel: its session is over
  await person.goto(`${SIBLING_APP_ORIGIN}/`);
  await expect(person.getByText(/The suite ended your session \(back-channel logout/)).toBeVisible();

  // the license session ended too: the next sign-in asks for the password; the relying party's own
  // sign-out goes through the suite and comes back to it
  await person.getByRole('link', { name: 'Sign in with the suite' }).click();
  await expect(person).toHaveURL(/\/Login\?interaction=/);
  await person.getByLabel('Usuario', { exact: true }).fill('mgarcia');
  await person.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await person.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await person.waitForURL(`${SIBLING_APP_ORIGIN}/`);
  await person.getByRole('link', { name: 'Sign out' }).click();
  await person.getByRole('button', { name: 'Cerrar sesión' }).click();
  await person.waitForURL(`${SIBLING_APP_ORIGIN}/`);
  await expect(person.getByRole('link', { name: 'Sign in with the suite' })).toBeVisible();
  await context.close();
});
