import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './testing';

/**
 * The package's own structure: no import cycle between its modules (a knot makes load order
 * matter and drags one entry's code into another), barrels that only re-export, and the API
 * client free of the UI (it raises events; the UI subscribes).
 */
const SRC = resolve(__dirname);
const where = (file: string) => relative(SRC, file).split(sep).join('/');
const files = sourceFiles(SRC);

/** The package's own entries by name (the console and standalone entries import the root by name, on purpose). */
const SELF: Record<string, string> = {
  '@suite/shared': 'index.ts',
  '@suite/shared/console': 'console/index.ts',
  '@suite/shared/contracts': 'contracts/index.ts',
  '@suite/shared/phrases': 'phrases/index.ts',
  '@suite/shared/federation': 'federation/index.ts',
};

function resolveModule(from: string, specifier: string): string | undefined {
  if (SELF[specifier]) return join(SRC, SELF[specifier]);
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
  );
}

/** The modules a file loads when it loads (type-only imports and dynamic import() left out). */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly)
      found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly)
      found.push((statement.moduleSpecifier as ts.StringLiteral).text);
  }
  return found.map((specifier) => resolveModule(file, specifier)).filter((target): target is string => target !== undefined);
}

it('has no import cycle between its modules', () => {
  const graph = new Map(files.map((file) => [file, staticImports(file)]));
  const cycles: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'visiting');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'visiting') cycles.push([...stack.slice(stack.indexOf(next)), next].map(where).join(' → '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  expect(cycles).toEqual([]);
});

it('keeps its barrels (index files) to re-exports', () => {
  const impure = files
    .filter((file) => /(^|\/)index\.tsx?$/.test(where(file)))
    .filter((file) => {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
      return source.statements.some((statement) => !ts.isExportDeclaration(statement));
    })
    .map(where);
  expect(impure).toEqual([]);
});
