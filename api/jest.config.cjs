/**
 * API tests: TypeScript through @swc/jest; `@suite/shared` from its sources; ESM-only
 * dependencies (jose) transformed to CommonJS. Each test file builds its own server on a fresh
 * database (test/harness.ts): PGlite in memory, and PostgreSQL too when DATABASE_URL is set.
 */
const swcTs = ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }];
const swcJs = ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }];

/**
 * node_modules stay untransformed except packages jest's CommonJS sandbox cannot load as they
 * ship: ESM-only ones (jose, openid-client and its oauth4webapi, cookie via light-my-request) and PGlite and @fastify/cookie, whose
 * CommonJS builds load modules with dynamic import(). pnpm keeps each in .pnpm/<name>@<version>/node_modules/<name>
 * (a scoped name's "/" becomes "+" in the first part).
 */
const TRANSFORMED_PACKAGES = ['jose', 'cookie', '@electric-sql/pglite', '@fastify/cookie', 'openid-client', 'oauth4webapi'];

function transformIgnore(packages) {
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const names = packages.map(esc).join('|');
  const stores = packages.map((p) => esc(p.replace('/', '+'))).join('|');
  return `/node_modules/(?!(\\.pnpm/(${stores})@[^/]+/node_modules/)?(${names})/)`;
}

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  transform: {
    '^.+\\.ts$': swcTs,
    '^.+\\.(c|m)?js$': swcJs,
  },
  transformIgnorePatterns: [transformIgnore(TRANSFORMED_PACKAGES)],
  moduleNameMapper: {
    '^@suite/shared$': '<rootDir>/../shared/src/index.ts',
    '^@suite/shared/(.*)$': '<rootDir>/../shared/src/$1',
    // ESM only with ESM-only dependencies: bundled as CommonJS by test/oidc-provider-bundle.ts
    '^oidc-provider$': '<rootDir>/node_modules/.cache/oidc-provider.cjs',
  },
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30_000,
};
