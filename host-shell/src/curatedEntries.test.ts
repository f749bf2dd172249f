import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Bundles receive the curated router entry (shared/src/federation/router.js) under
 * `react-router`; every value the front end imports from it must be listed there.
 */
const ROOT = resolve(__dirname, '../..');
const PACKAGES = ['host-shell', 'mfe-auth', 'mfe-users', 'mfe-access', 'mfe-apps', 'mfe-menus', 'mfe-notifications', 'shared'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

function curatedNames(): Set<string> {
  const text = readFileSync(join(ROOT, 'shared/src/federation/router.js'), 'utf8');
  const names = [...text.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((match) =>
    match[1]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => name.split(/\s+as\s+/).pop() as string),
  );
  return new Set(names);
}

it('lists every react-router value the front end imports', () => {
  const curated = curatedNames();
  expect(curated.has('BrowserRouter')).toBe(true);
  const missing: string[] = [];
  for (const pkg of PACKAGES) {
    for (const file of sources(join(ROOT, pkg, 'src'))) {
      const text = readFileSync(file, 'utf8');
      expect(text).not.toMatch(/from\s*'react-router-dom'/);
      expect(text).not.toMatch(/import\s*\*\s*as\s*\w+\s*from\s*'react-router'/);
      for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-router'/g)) {
        const names = match[1]
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type '))
          .map((name) => name.split(/\s+as\s+/)[0]);
        for (const name of names) if (!curated.has(name)) missing.push(`${name} (${file.slice(ROOT.length + 1)})`);
      }
    }
  }
  expect(missing).toEqual([]);
});
