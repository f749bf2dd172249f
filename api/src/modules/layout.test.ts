import fs from 'node:fs';
import path from 'node:path';

/**
 * The layout every area follows (users is the model): routes.ts (and *-routes.ts) only parse
 * input, check privileges and call the area's service; the SQL lives in queries (or a service).
 * Areas share through their services and queries, never through each other's route files.
 */

const MODULES = __dirname;

/** Every TypeScript file under the modules, tests included, relative to MODULES with "/". */
function moduleFiles(): string[] {
  // not @suite/shared/testing's walker: its entry loads React, which the API's tests do not
  return fs
    .readdirSync(MODULES, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.ts$/.test(e.name))
    .map((e) => path.relative(MODULES, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

const isRouteFile = (file: string) => /(^|\/)([\w-]+-)?routes\.ts$/.test(file);
const moduleOf = (file: string) => file.split('/')[0];

/** How code talks to the database: Kysely's builders, its `sql` tag, transactions, the driver. */
const SQL_PATTERNS: ReadonlyArray<[string, RegExp]> = [
  ['imports kysely', /from\s+['"]kysely['"]/],
  ['builds a query', /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|with|withRecursive)\s*\(/],
  ['writes raw SQL', /\bsql\s*(<[^`]*>)?\s*`/],
  ['opens a transaction', /\.transaction\s*\(/],
  ['runs a statement', /\.(executeQuery|query)\s*\(/],
];

/** What in `source` talks to the database (the reasons, empty when nothing does). */
function sqlIn(source: string): string[] {
  return SQL_PATTERNS.filter(([, pattern]) => pattern.test(source)).map(([reason]) => reason);
}

/** The relative import and export specifiers of `source` (static and dynamic). */
function relativeImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) found.push(m[1]);
  return found;
}

/** The route files of other modules that `file` (relative to MODULES) imports. */
function foreignRouteImports(file: string, source: string): string[] {
  return relativeImports(source)
    .map((spec) => path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)))
    .filter(
      (target) => !target.startsWith('..') && isRouteFile(`${target.replace(/\.ts$/, '')}.ts`) && moduleOf(target) !== moduleOf(file),
    );
}

describe('module layout', () => {
  // this file's own examples below would count against it
  const files = moduleFiles().filter((file) => file !== path.basename(__filename));
  const read = (file: string) => fs.readFileSync(path.join(MODULES, file), 'utf8');

  it('finds the route files of every area', () => {
    const routes = files.filter(isRouteFile);
    expect(routes).toEqual(expect.arrayContaining(['users/routes.ts', 'passwords/routes.ts', 'auth/token-routes.ts']));
    expect(routes.length).toBeGreaterThanOrEqual(10);
  });

  it('keeps SQL out of route files', () => {
    const offenders = files.filter(isRouteFile).flatMap((file) => sqlIn(read(file)).map((reason) => `${file}: ${reason}`));
    expect(offenders).toEqual([]);
  });

  it("lets no file import another area's route file", () => {
    const offenders = files.flatMap((file) => foreignRouteImports(file, read(file)).map((target) => `${file} imports ${target}`));
    expect(offenders).toEqual([]);
  });

  it('tells SQL from other code', () => {
    expect(sqlIn("import { sql } from 'kysely';")).toEqual(['imports kysely']);
    expect(sqlIn("await db.selectFrom('users').selectAll().execute();")).toEqual(['builds a query']);
    expect(sqlIn("await trx\n  .updateTable('users')")).toEqual(['builds a query']);
    expect(sqlIn('const { rows } = await sql<{ id: string }>`select 1`.execute(db);')).toEqual(['writes raw SQL']);
    expect(sqlIn('return db.transaction().execute(async (trx) => trx);')).toEqual(['opens a transaction']);
    expect(sqlIn("const users = await listUsers(db, { search: 'sql' });")).toEqual([]);
  });

  it("tells another area's route file from other imports", () => {
    expect(foreignRouteImports('applications/routes.ts', "import { x } from '../auth/routes';")).toEqual(['auth/routes']);
    expect(foreignRouteImports('users/service.ts', "import y from '../auth/token-routes.ts';")).toEqual(['auth/token-routes.ts']);
    expect(foreignRouteImports('static/static.test.ts', "const m = await import('../users/routes');")).toEqual(['users/routes']);
    // its own area's routes, another area's queries or service, and shared code are fine
    expect(foreignRouteImports('auth/token-routes.ts', "import { hashCode } from './routes';")).toEqual([]);
    expect(foreignRouteImports('users/routes.ts', "import { findPasswordApplication } from '../passwords/queries';")).toEqual([]);
    expect(foreignRouteImports('roles/routes.ts', "import { pickHeaders } from '../../http/headers';")).toEqual([]);
  });
});
