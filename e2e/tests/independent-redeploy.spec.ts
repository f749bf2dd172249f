import { expect, test } from '@playwright/test';
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { signIn } from './support';

const ROOT = resolve(__dirname, '../..');
const OTHERS = ['host-shell', 'mfe-auth', 'mfe-access', 'mfe-apps', 'mfe-menus', 'mfe-notifications'];
const PNPM = process.env.SUITE_PNPM || 'pnpm';

/** Finds the mfe-users source file that holds the users screen's title. */
function titleSource(): { file: string; text: string } {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((e) => (statSync(join(dir, e)).isDirectory() ? walk(join(dir, e)) : [join(dir, e)]));
  for (const file of walk(join(ROOT, 'mfe-users/src'))) {
    if (/\.test\./.test(file) || !/\.(tsx?|json)$/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    if (text.includes("'Usuarios'") || text.includes('"Usuarios"')) return { file, text };
  }
  throw new Error('users title not found in mfe-users/src');
}

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
  const source = titleSource();
  const quote = source.text.includes("'Usuarios'") ? "'" : '"';
  try {
    writeFileSync(source.file, source.text.replace(`${quote}Usuarios${quote}`, `${quote}Usuarios del sistema${quote}`));
    buildUsers();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Usuarios del sistema' })).toBeVisible();
    expect(fingerprint(OTHERS)).toEqual(before);
  } finally {
    writeFileSync(source.file, source.text);
    buildUsers();
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Usuarios', exact: true })).toBeVisible();
});
