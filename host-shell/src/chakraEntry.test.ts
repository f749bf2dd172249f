import * as chakra from '@chakra-ui/react';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sourceFiles } from '@suite/shared/testing';

/**
 * Bundles receive the curated Chakra entry (shared/src/ui/chakra.js) under `@chakra-ui/react`;
 * every value the front end imports from it must be listed there.
 */
const ROOT = resolve(__dirname, '../..');
const PACKAGES = ['host-shell', 'mfe-auth', 'mfe-users', 'mfe-access', 'mfe-apps', 'mfe-menus', 'mfe-notifications', 'shared'];

it('lists every Chakra value the front end imports', () => {
  const missing: string[] = [];
  for (const pkg of PACKAGES) {
    for (const file of sourceFiles(join(ROOT, pkg, 'src'), { tests: true })) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
        const names = match[1]
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type '))
          .map((name) => name.split(/\s+as\s+/)[0]);
        for (const name of names) if (!(name in chakra)) missing.push(`${name} (${file.slice(ROOT.length + 1)})`);
      }
    }
  }
  expect(missing).toEqual([]);
});
