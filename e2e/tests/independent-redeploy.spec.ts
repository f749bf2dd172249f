import { expect, test } from '@playwright/test';
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { signIn } from './support';

const ROOT = resolve(__dirname, '../..');
const OTHERS = ['host-shell', 'mfe-auth', 'mfe-access', 'mfe-apps', 'mfe-menus', 'mfe-notifications'];
const PNPM = process.env.SUITE_PNPM || 'pnpm';

/** The mfe-users source files that hold the users screen's title (the list's and the card's texts). */
function titleSources(): { file: string; text: string }[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((e) => (statSync(join(dir, e)).isDirectory() ? walk(join(dir, e)) : [join(dir, e)]));
  const found = walk(join(ROOT, 'mfe-users/src'))
    .filter((file) => !/\.test\./.test(file) && /\.(tsx?|json)$/.test(file))
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
    .filter(({ text }) => text.includes("'Usuarios'") || text.includes('"Usuarios"'));
  if (found.length === 0) throw new Error('users title not found in mfe-users/src');
  return found;
}

const retitled = (text: string) => text.replace(/(['"])Usuarios\1/g, '$1Usuarios del sistema$1');

function fingerprint(pkgs: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pkg of pkgs) {
    const dist = join(ROOT, pkg, 'dist');
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir)) {
        const p = join(dir, e);
        if (statSync(p).isDirectory()) walk(p);
        else out[relative(ROOT, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
      }
    };
    walk(dist);
  }
  return out;
}

const buildUsers = () => execSync(`${PNPM} --filter ./mfe-users run build`, { cwd: ROOT, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });

test('rebuilding only mfe-users changes its text on reload; every other bundle stays byte-identical', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();

  const before = fingerprint(OTHERS);
  const sources = titleSources();
  try {
    for (const { file, text } of sources) writeFileSync(file, retitled(text));
    buildUsers();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Usuarios del sistema' })).toBeVisible();
    expect(fingerprint(OTHERS)).toEqual(before);
  } finally {
    for (const { file, text } of sources) writeFileSync(file, text);
    buildUsers();
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Usuarios', exact: true })).toBeVisible();
});
