import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { PATHS } from '@suite/shared';
import { sourceFiles, frontEndPackages } from '@suite/shared/testing';
import ts from 'typescript';

/** Rules over the front end's production sources, read as TypeScript (comments do not count). */
const ROOT = resolve(__dirname, '../..');
const PACKAGES = [...frontEndPackages(), 'shared'];

const where = (file: string) => relative(ROOT, file).split(sep).join('/');
const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** Every production source of the front end, test helpers left out. */
function productionSources(): string[] {
  return PACKAGES.flatMap((pkg) => sourceFiles(join(ROOT, pkg, 'src'))).filter(
    (file) => !/^shared\/src\/testing\/|\/testHarness\.tsx$|\/jest\.setup\.ts$/.test(where(file)),
  );
}

/** The text of every string literal and template piece of a source. */
function stringTexts(source: ts.SourceFile): string[] {
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      texts.push(node.text);
    node.forEachChild(visit);
  };
  visit(source);
  return texts;
}

/** Every module specifier of a source: imports, re-exports, dynamic imports. */
function specifiers(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

describe('the route map is the one place that spells out a route', () => {
  /** The route map itself (shared/src/federation/remotes.ts). */
  const REGISTRY = 'shared/src/federation/remotes.ts';
  /**
   * Literals known to remain, by file, each one listed as often as it occurs: values of the API's
   * wire contract (a profile's e-mail-sent screen, RevokeToken's default page).
   */
  const KNOWN: Record<string, string[]> = {
    'shared/src/contracts/profiles.ts': ['/check-email', '/alert', '/alert'],
    'shared/src/contracts/tokens.ts': ['/login'],
  };
  // '/' is every path's prefix and also names no screen of its own
  const routes = Object.values(PATHS)
    .filter((path) => path !== PATHS.root)
    .map((path) => path.toLowerCase());
  /** A route, or a path under it or with a query, in any case (routes match case-insensitively). */
  const isRoute = (text: string) => {
    const lower = text.toLowerCase();
    return routes.some((route) => lower === route || lower.startsWith(`${route}/`) || lower.startsWith(`${route}?`));
  };

  it('names every path', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(isRoute('/Login')).toBe(true);
    expect(isRoute('/users/42')).toBe(true);
    expect(isRoute('/api/user/list')).toBe(false);
  });

  it('leaves no route path as a literal in production code outside it', () => {
    const found: Record<string, string[]> = {};
    for (const file of productionSources()) {
      const name = where(file);
      if (name === REGISTRY) continue;
      const literals = stringTexts(parse(file)).filter(isRoute);
      if (literals.length > 0 || KNOWN[name]) found[name] = literals;
    }
    expect(found).toEqual(KNOWN);
  });
});

describe('mfe-auth feature folders', () => {
  const FEATURES = join(ROOT, 'mfe-auth', 'src', 'features');
  const featureOf = (file: string) => (file.startsWith(FEATURES + sep) ? file.slice(FEATURES.length + 1).split(sep)[0] : null);

  it('import nothing of another feature folder (state passes through navigation.ts, shared pieces live in components/)', () => {
    const files = sourceFiles(FEATURES, { tests: true });
    expect(new Set(files.map(featureOf))).toEqual(
      new Set(['sign-in', 'password-flows', 'accounts', 'alerts', 'external-sign-in', 'otp-reset', 'second-factor']),
    );
    const crossing: string[] = [];
    for (const file of files) {
      for (const specifier of specifiers(parse(file))) {
        if (!specifier.startsWith('.')) continue;
        const target = featureOf(resolve(dirname(file), specifier));
        if (target && target !== featureOf(file)) crossing.push(`${where(file)} → ${specifier}`);
      }
    }
    expect(crossing).toEqual([]);
  });
});
