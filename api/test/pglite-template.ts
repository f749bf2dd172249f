import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Tests start every PGlite from a tarball of a freshly initialised, empty cluster instead of
 * running initdb each time (seconds per file). The tarball depends only on the PGlite version.
 */
export function pgliteTemplatePath(): string {
  const pkg = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  let version = 'unknown';
  try {
    version = JSON.parse(fs.readFileSync(pkg, 'utf8')).version;
  } catch {
    // keep "unknown"
  }
  return path.join(os.tmpdir(), `suite-api-pglite-template-${version}.tar`);
}
