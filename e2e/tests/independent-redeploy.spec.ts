import { expect, test } from '@playwright/test';
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { signIn } from './support';

const ROOT = resolve(__dirname, '../..');
/** Every other front end of the workspace (shared/tools/workspace.cjs reads pnpm-workspace.yaml). */
const OTHERS = (createRequire(__filename)(join(ROOT, 'shared/tools/workspace.cjs')) as { frontEndPackages(): string[] })
  .frontEndPackages()
  .filter((pkg) => pkg !== 'mfe-users');
const PNPM = process.env.SUITE_PNPM || 'pnpm';

/** The mfe-users source files that hold the users screen's title (the list's and the card's texts). */
function titleSources(): { file: string; text: string; mtime: Date }[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((e) => (statSync(join(dir, e)).isDirectory() ? walk(join(dir, e)) : [join(dir, e)]));
  const found = walk(join(ROOT, 'mfe-users/src'))
    .filter((file) => !/\.test\./.test(file) && /\.(tsx?|json)$/.test(file))
    .map((file) => ({ file, text: readFileSync(file, 'utf8'), mtime: statSync(file).mtime }))
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

const buildUsers = () =>
  execSync(`${PNPM} --filter ./mfe-users run build`, { cwd: ROOT, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });

test('rebuilding only mfe-users changes its text on reload; every other bundle stays byte-identical', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();

  const before = fingerprint(OTHERS);
  const sources = titleSources();
  // the bundle as built is put back afterwards, byte for byte, instead of being built a second time
  const usersDist = join(ROOT, 'mfe-users/dist');
  const kept = join(mkdtempSync(join(tmpdir(), 'suite-e2e-users-dist-')), 'dist');
  cpSync(usersDist, kept, { recursive: true });
  try {
    for (const { file, text } of sources) writeFileSync(file, retitled(text));
    buildUsers();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Usuarios del sistema' })).toBeVisible();
    expect(fingerprint(OTHERS)).toEqual(before);
  } finally {
    // sources back as they were, times included, so the next start does not take mfe-users for stale
    for (const { file, text, mtime } of sources) {
      writeFileSync(file, text);
      utimesSync(file, mtime, mtime);
    }
    rmSync(usersDist, { recursive: true, force: true });
    cpSync(kept, usersDist, { recursive: true });
    rmSync(dirname(kept), { recursive: true, force: true });
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Usuarios', exact: true })).toBeVisible();
});
