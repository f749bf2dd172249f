import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('admin signs in at /login and lands on /users with the users from the API', async ({ page }) => {
  const list = page.waitForResponse((r) => /\/api\/user\/list$/i.test(new URL(r.url()).pathname));
  await signIn(page);
  const reply = await (await list).json();
  expect(reply.statusCode).toBe(200);
  expect(reply.result.rows).toBeGreaterThan(0);

  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
  // Every row the API returned is on screen (header row + one per user).
  await expect(table.getByRole('row')).toHaveCount(reply.result.users.length + 1);
  // the permanent side drawer is 220 px wide (docs/product/console.md)
  expect((await page.getByRole('navigation', { name: 'Navegación principal' }).boundingBox())?.width).toBe(220);
});

test('signing in with a wrong password shows the server message and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Usuario', { exact: true }).fill('admin');
  await page.getByLabel('Contraseña', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Usuario o contraseña incorrectos');
  await expect(page).toHaveURL(/\/login$/i);
});

test("a refused sign-in speaks the page's language: the API answers in it, the code stays", async ({ page }) => {
  const attempts: Array<[string, string, string, string]> = [
    ['en', 'User', 'Password', 'Sign in'],
    ['pt', 'Usuário', 'Senha', 'Entrar'],
  ];
  const expected: Record<string, string> = { en: 'Incorrect user or password.', pt: 'Usuário ou senha incorretos.' };
  await page.goto('/login');
  for (const [language, userLabel, passwordLabel, submit] of attempts) {
    await page.evaluate((lng) => localStorage.setItem('bms_lang', lng), language);
    await page.reload();
    await page.getByLabel(userLabel, { exact: true }).fill('aromero');
    await page.getByLabel(passwordLabel, { exact: true }).fill('not-the-password');
    const answer = page.waitForResponse((r) => /\/api\/login$/i.test(new URL(r.url()).pathname));
    await page.getByRole('button', { name: submit, exact: true }).click();
    const reply = await answer;
    expect(reply.headers()['content-language']).toBe(language);
    expect((await reply.json()).result).toMatchObject({ information: expected[language], informationCode: 'R11' });
    await expect(page.getByRole('alert')).toContainText(expected[language]);
  }
});

test('a protected path without a session goes to /Login; routes match case-insensitively', async ({ page }) => {
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login$/i);
  await page.goto('/LOGIN');
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible();
});

test('the running page holds exactly one copy of each shared singleton', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  const loaded = await page.evaluate(() => {
    const share = (
      window as unknown as {
        __FEDERATION__: {
          __SHARE__: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean; loading?: unknown }>>>>;
        };
      }
    ).__FEDERATION__.__SHARE__;
    const versions: Record<string, string[]> = {};
    for (const instance of Object.values(share)) {
      for (const scope of Object.values(instance)) {
        for (const [pkg, byVersion] of Object.entries(scope)) {
          for (const [version, entry] of Object.entries(byVersion)) {
            if (!entry.loaded && !entry.loading) continue;
            const seen = (versions[pkg] ??= []);
            if (!seen.includes(version)) seen.push(version);
          }
        }
      }
    }
    return versions;
  });
  // React renders the page (docs/adr/0025): one React and one react-dom, each entry once, no other renderer
  for (const pkg of [
    'react',
    'react/jsx-runtime',
    'react-dom',
    'react-dom/client',
    'react-router-dom',
    '@chakra-ui/react',
    '@suite/shared',
  ]) {
    expect(loaded[pkg], `${pkg} loaded versions`).toHaveLength(1);
  }
  expect(Object.keys(loaded).filter((pkg) => pkg.startsWith('preact'))).toEqual([]);
  // the document's root is a React root (createRoot marks its container)
  const reactRoot = await page.evaluate(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer$')),
  );
  expect(reactRoot).toBe(true);
});
