import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Comments, tests and docs cite the repository's own documents (docs/product, docs/architecture.md,
 * docs/security, docs/adr), so a reader can follow every reference: no citation of a document the
 * repository does not hold, and no link to a document that is not there.
 */
const ROOT = resolve(__dirname, '../..');
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|sql|json|yaml|yml|html|css)$/;
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => TEXT.test(file) && file !== 'pnpm-lock.yaml' && existsSync(join(ROOT, file)));

/** Ways the outside specification and design notes used to be cited. */
const OUTSIDE = [/design\.md/i, /\bspec(ification)?\s*§/i, /\b(portal|console)\s+spec\b/i, /\s\(spec\)/i, /\bthe spec('s)?\b/i];

describe('citations in the repository', () => {
  it('tracks the files it reads', () => {
    expect(tracked.length).toBeGreaterThan(100);
  });

  it('cites no document outside the repository', () => {
    const found = tracked.flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (OUTSIDE.some((pattern) => pattern.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('links only documents that exist', () => {
    const missing = tracked.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/(?<![\w/])docs\/[\w./-]+?\.md\b/g)]
        .map(([path]) => path)
        .filter((path) => !existsSync(join(ROOT, path)))
        .map((path) => `${file}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
