/**
 * API tests: TypeScript through @swc/jest; `@suite/shared` from its sources; ESM-only
 * dependencies (jose) transformed to CommonJS. Each test file builds its own server on a fresh
 * database (test/harness.ts): PGlite in memory, and PostgreSQL too when DATABASE_URL is set.
 */
const swcTs = ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }];
const swcJs = ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }];

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
  // node_modules stay untransformed except jose (ESM only) and PGlite (its CommonJS build loads
  // Node built-ins with dynamic import(), which jest's module sandbox cannot run); pnpm keeps
  // them in .pnpm/<name>@<version>/node_modules/<name>
  transformIgnorePatterns: [
    '/node_modules/(?!(\\.pnpm/(jose|@electric-sql\\+pglite)@[^/]+/node_modules/)?(jose|@electric-sql/pglite)/)',
  ],
  moduleNameMapper: {
    '^@suite/shared$': '<rootDir>/../shared/src/index.ts',
    '^@suite/shared/(.*)$': '<rootDir>/../shared/src/$1',
  },
  globalSetup: '<rootDir>/test/global-setup.ts',
  testTimeout: 30_000,
};
