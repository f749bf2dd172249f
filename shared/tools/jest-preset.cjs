'use strict';
/**
 * Jest preset of every front-end package: `module.exports = { preset: '@suite/shared/jest-preset' }`
 * or `module.exports = require('@suite/shared/jest-preset')`.
 *
 * This file plays two parts: loaded by Jest's configuration it exports the preset; run as a setup
 * file inside the test environment (see `setupFiles`) it installs the browser APIs jsdom lacks
 * and Chakra UI needs.
 */
const path = require('node:path');

const SHARED_SRC = path.resolve(__dirname, '../src');
const CHAKRA_DIR = path.dirname(require.resolve('@chakra-ui/react/package.json', { paths: [__dirname] }));

/** Packages shipped only as ES modules; Jest must transform them (pnpm layout included). */
const ESM_ONLY = ['ky'];

const preset = {
  // jsdom plus Node's fetch, Request, Response, streams and AbortController (ky needs them).
  testEnvironment: 'jest-fixed-jsdom',
  transform: {
    '^.+\\.(t|j|mj|cj)sx?$': [
      require.resolve('@swc/jest'),
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(${ESM_ONLY.join('|')})/)`],
  moduleNameMapper: {
    '^@suite/shared(.*)$': `${SHARED_SRC}$1`,
    // What the bundles get under this name (federation policy): tests fail on a component missing there.
    '^@chakra-ui/react$': path.join(SHARED_SRC, 'ui/chakra.js'),
    // The theme modules chakra.js imports (an alias in webpack.cjs too), as CommonJS.
    '^#chakra-theme/(.*)\\.js$': path.join(CHAKRA_DIR, 'dist/cjs/theme/$1.cjs'),
  },
  moduleFileExtensions: ['tsx', 'ts', 'js', 'mjs', 'cjs', 'json'],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  setupFiles: [__filename],
  setupFilesAfterEnv: [require.resolve('@testing-library/jest-dom', { paths: [process.cwd(), __dirname] })],
  clearMocks: true,
  restoreMocks: true,
  // the suite runs two test files at a time on a 2-core machine: a screen test that types through
  // several forms gets the time it needs there, as the API's tests do
  testTimeout: 30_000,
};

function installBrowserPolyfills(win) {
  if (!win.matchMedia) {
    win.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    });
  }
  class NoopObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  if (!win.ResizeObserver) win.ResizeObserver = NoopObserver;
  if (!win.IntersectionObserver) win.IntersectionObserver = NoopObserver;
  if (!win.structuredClone) win.structuredClone = (value) => JSON.parse(JSON.stringify(value));
  const proto = win.Element && win.Element.prototype;
  if (proto) {
    if (!proto.scrollIntoView) proto.scrollIntoView = function scrollIntoView() {};
    if (!proto.scrollTo) proto.scrollTo = function scrollTo() {};
    if (!proto.hasPointerCapture) proto.hasPointerCapture = () => false;
    if (!proto.releasePointerCapture) proto.releasePointerCapture = function releasePointerCapture() {};
  }
  // jsdom's window.scrollTo only reports "not implemented".
  win.scrollTo = () => {};
}

// Running as a setup file inside the jsdom environment.
/* global window, document */
if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  installBrowserPolyfills(window);
  // findBy… and waitFor wait up to 5 s (testing-library's 1 s default is short on a busy 2-core
  // machine); a remote's console kit sets the same
  require('@testing-library/dom').configure({ asyncUtilTimeout: 5_000 });
}

module.exports = preset;
