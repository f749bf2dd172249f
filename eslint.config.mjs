// @ts-check
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import workspace from './shared/tools/workspace.cjs';

/**
 * One lint for the workspace (`pnpm lint`, run by `npm test` with no warning allowed). Besides the
 * recommended rules it holds the boundaries of docs/architecture.md §2 (docs/adr/0011-lint-boundaries.md):
 * a remote owns its screens and reaches others only through the host at run time; the contracts
 * and the phrases run in a page and in the API alike; the API uses only the isomorphic entries
 * of @suite/shared; nobody reaches into a package's sources by path.
 */

/** The remotes and the host, as pnpm-workspace.yaml lists them (shared/tools/workspace.cjs). */
export const REMOTES = workspace.remotePackages();
const FRONT_ENDS = workspace.frontEndPackages();

/** Importing `@suite/shared` by a path into its folders, not by its entries. */
const SHARED_DEEP = {
  group: ['@suite/shared/src', '@suite/shared/src/**', '**/shared/src', '**/shared/src/**'],
  message: 'Import @suite/shared by its entries (@suite/shared, /contracts, /console, …), not by path.',
};

/**
 * Routing comes from react-router-dom, the package of the design's card: the page shares it once
 * (shared/src/federation/router.js under that key); an import of react-router itself would put a
 * second, unshared router in a bundle.
 */
const ROUTING = {
  name: 'react-router',
  message: 'Import routing from react-router-dom: it is the router the page shares (shared/src/federation/policy.ts).',
};

/** What another workspace package looks like from inside one. */
const otherPackages = (self) =>
  [...FRONT_ENDS, 'api']
    .filter((pkg) => pkg !== self)
    .map((pkg) => ({
      // by its name, or by a relative path into its sources
      regex: `^(${pkg}(/.*)?|(\\.\\./)+${pkg}/(src|test)(/.*)?)$`,
      message:
        pkg === 'host-shell' || REMOTES.includes(pkg)
          ? 'A remote never imports another remote or the host: they meet at run time through Module Federation (docs/architecture.md §2).'
          : 'Front ends talk to the API over HTTP, through @suite/shared/contracts.',
    }));

/** Modules that only exist in a browser page or only in Node. */
const PLATFORM_ONLY = [
  {
    group: [
      'react',
      'react-dom',
      'react-dom/*',
      'react-router',
      'react-router-dom',
      'react-i18next',
      'i18next',
      '@chakra-ui/*',
      '@emotion/*',
      '@tanstack/*',
      'ky',
    ],
    message: 'Contracts and phrases are isomorphic: no UI or browser library.',
  },
  {
    group: ['node:*', 'fs', 'path', 'crypto', 'os', 'http', 'https', 'net', 'stream', 'fastify', '@fastify/*', 'kysely', 'pg'],
    message: 'Contracts and phrases are isomorphic: no Node-only module.',
  },
  {
    group: [
      '../i18n',
      '../i18n/**',
      '../ui',
      '../ui/**',
      '../console',
      '../console/**',
      '../api-client',
      '../api-client/**',
      '../session',
      '../session/**',
      '../theme',
      '../theme/**',
      '../profile',
      '../profile/**',
      '../runtime-config',
      '../runtime-config/**',
      '../testing',
      '../testing/**',
    ],
    message: 'Contracts and phrases are isomorphic: they may use only each other, valibot and ../crypto.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '.reports/**',
      '**/.data/**',
      '**/.test-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      'no-restricted-imports': ['error', { paths: [ROUTING], patterns: [SHARED_DEEP] }],
    },
  },
  {
    // tests read replies and bodies of any shape
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'e2e/**/*.ts', 'shared/src/testing/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs', '**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
  // ---- React: hooks and accessibility in every front end and in the shared UI
  {
    files: [...FRONT_ENDS.map((pkg) => `${pkg}/src/**/*.{ts,tsx}`), 'shared/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: [...FRONT_ENDS.map((pkg) => `${pkg}/src/**/*.tsx`), 'shared/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  // ---- boundaries
  ...FRONT_ENDS.map((pkg) => ({
    files: [`${pkg}/**/*.{ts,tsx,js,cjs,mjs}`],
    rules: { 'no-restricted-imports': ['error', { paths: [ROUTING], patterns: [SHARED_DEEP, ...otherPackages(pkg)] }] },
  })),
  {
    // the API client tells the page what happened (api-client/events.ts); the UI layer subscribes
    files: ['shared/src/api-client/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ROUTING],
          patterns: [
            SHARED_DEEP,
            {
              group: ['../ui', '../ui/*', '../console', '../console/*', '../theme', '../theme/*', '../profile', '../profile/*'],
              message: 'The API client knows nothing of the UI: raise an event (api-client/events.ts) the UI subscribes to.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/src/contracts/**/*.ts', 'shared/src/phrases/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [ROUTING], patterns: [SHARED_DEEP, ...PLATFORM_ONLY] }],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'localStorage',
          'sessionStorage',
          'navigator',
          'location',
          'process',
          'Buffer',
          '__dirname',
          'require',
        ].map((name) => ({
          name,
          message: 'Contracts and phrases are isomorphic: no browser or Node global.',
        })),
      ],
    },
  },
  {
    files: ['api/**/*.{ts,js,cjs,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ROUTING],
          patterns: [
            SHARED_DEEP,
            ...otherPackages('api'),
            {
              regex: '^@suite/shared(?!/(contracts|crypto|federation|phrases)$)(/.*)?$',
              message: 'The API imports only the isomorphic entries of @suite/shared: contracts, crypto, federation and phrases.',
            },
          ],
        },
      ],
    },
  },
);
