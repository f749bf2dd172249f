import * as chakra from '@chakra-ui/react';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sourceFiles, frontEndPackages } from '@suite/shared/testing';

/**
 * Bundles receive the curated Chakra entry (shared/src/ui/chakra.js) under `@chakra-ui/react`;
 * every value the front end imports from it must be listed there.
 */
const ROOT = resolve(__dirname, '../..');
const PACKAGES = [...frontEndPackages(), 'shared'];

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

it('keeps every colour palette the front end names (the others are left out of the system)', () => {
  const kept = new Set<string>([...(chakra as unknown as { COLOR_PALETTES: string[] }).COLOR_PALETTES, 'brand']);
  const named: string[] = [];
  for (const pkg of PACKAGES) {
    for (const file of sourceFiles(join(ROOT, pkg, 'src'), { tests: true })) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/colorPalette(?:=\{?|:\s*)["'`]([a-zA-Z]+)["'`]/g))
        named.push(`${match[1]} (${file.slice(ROOT.length + 1)})`);
      for (const match of text.matchAll(
        /\b(gray|red|orange|yellow|green|teal|blue|cyan|purple|pink)\.(?:[0-9]{2,3}|solid|contrast|fg|muted|subtle|emphasized|focusRing)\b/g,
      ))
        named.push(`${match[1]} (${file.slice(ROOT.length + 1)})`);
    }
  }
  expect(named.length).toBeGreaterThan(0);
  expect(named.filter((entry) => !kept.has(entry.split(' ')[0]))).toEqual([]);
});
