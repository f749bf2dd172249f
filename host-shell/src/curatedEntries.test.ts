import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sourceFiles, frontEndPackages } from '@suite/shared/testing';

/**
 * Bundles receive curated entries of @suite/shared under some share keys (federation policy,
 * shared/src/federation/policy.ts); every value the front end imports from such a package must
 * be listed in its entry. (Chakra's entry is checked by chakraEntry.test.ts.)
 */
const ROOT = resolve(__dirname, '../..');
const PACKAGES = [...frontEndPackages(), 'shared'];
const CURATED = {
  'react-router-dom': 'shared/src/federation/router.js',
  'react-i18next': 'shared/src/federation/react-i18next.js',
};

function exportedNames(file: string): Set<string> {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const names = [...text.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((match) =>
    match[1]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => name.split(/\s+as\s+/).pop() as string),
  );
  return new Set(names);
}

const escape = (text: string) => text.replace(/[/\\^$*+?.()|[\]{}-]/g, '\\$&');

describe.each(Object.entries(CURATED))('curated entry of %s', (pkg, entry) => {
  it('lists every value the front end imports', () => {
    const curated = exportedNames(entry);
    expect(curated.size).toBeGreaterThan(0);
    const named = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'${escape(pkg)}'`, 'g');
    const namespace = new RegExp(`import\\s*(\\*\\s*as\\s*)?\\w+\\s*(,|from\\s*'${escape(pkg)}')`);
    const missing: string[] = [];
    for (const dir of PACKAGES) {
      for (const file of sourceFiles(join(ROOT, dir, 'src'))) {
        const text = readFileSync(file, 'utf8');
        const where = file.slice(ROOT.length + 1);
        for (const line of text.split('\n')) {
          if (line.includes(`from '${pkg}'`) && namespace.test(line)) missing.push(`default or namespace import (${where})`);
        }
        for (const match of text.matchAll(named)) {
          const names = match[1]
            .split(',')
            .map((name) => name.trim())
            .filter((name) => name && !name.startsWith('type '))
            .map((name) => name.split(/\s+as\s+/)[0]);
          for (const name of names) if (!curated.has(name)) missing.push(`${name} (${where})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

it('no source imports react-router itself: react-router-dom is the router the page shares', () => {
  for (const dir of PACKAGES) {
    for (const file of sourceFiles(join(ROOT, dir, 'src'))) expect(readFileSync(file, 'utf8')).not.toMatch(/from\s*'react-router'/);
  }
});

it('only the host creates a QueryClient: no remote renders a provider or makes a client of its own', () => {
  // a remote's standalone page gets one from mountStandalone (@suite/shared), the tests from the test kit
  const REMOTES = PACKAGES.filter((dir) => dir.startsWith('mfe-'));
  const offending: string[] = [];
  for (const dir of REMOTES) {
    for (const file of sourceFiles(join(ROOT, dir, 'src'))) {
      if (/new\s+QueryClient\b|QueryClientProvider|createConsoleQueryClient/.test(readFileSync(file, 'utf8')))
        offending.push(file.slice(ROOT.length + 1));
    }
  }
  expect(offending).toEqual([]);
});
