import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Drives Chromium against the suite started exactly as the README starts it (`npm start`), on a
 * port and a fresh embedded database of its own so a developer's running suite is untouched.
 *
 * The tests spend most of their time waiting on the page (a dialog that closes after 1.5 s, a
 * push, a mailed link): one worker left about two thirds of a 2-core machine idle (the whole run
 * 280 s; two workers 163 s, three 145 s). So each worker — one per core, two at least, four at
 * most — drives a suite of its own (its own port, database and mailbox) and the test files are
 * shared out between them: a test never sees another worker's data.
 */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? Math.min(4, Math.max(2, availableParallelism()))));
const BASE_PORT = Number(process.env.E2E_PORT ?? 8181);
/** The port of the suite of worker `index` (ten apart: the isolated suites use 8183–8187). */
const portOf = (index: number) => BASE_PORT + 10 * index;
/** This worker's suite (Playwright numbers the workers running at once from 0 in TEST_PARALLEL_INDEX). */
export const PORT = portOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
/**
 * The demo relying party `npm start` runs beside this worker's suite (examples/sibling-app): eight
 * above the suite's port, clear of the local identity provider (+1) and the isolated suites.
 */
const siblingPortOf = (index: number) => portOf(index) + 8;
export const SIBLING_APP_ORIGIN = `http://127.0.0.1:${siblingPortOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0))}`;
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'Admin#2026e2e';
// made once, by the main process that starts the suites (the workers load this file too)
const dataDir = process.env.E2E_DATA_DIR ?? (process.env.TEST_WORKER_INDEX === undefined ? mkdtempSync(join(tmpdir(), 'suite-e2e-')) : '');
const chrome = process.env.CHROME_PATH || undefined;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: WORKERS,
  // A failing test runs once more, recording a trace (trace: 'on-first-retry'); the suite counts a test
  // that passed only on its second run as failed (shared/tools/suite.mjs), so the retry hides nothing.
  // Recording a trace of every run instead cost a fifth of the run's time: screencast frames and DOM
  // snapshots of each action, thrown away when the test passes.
  retries: 1,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chrome,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // started one after another: the first `npm start` builds what is stale, the others find it built
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: 'npm start',
    cwd: resolve(__dirname, '..'),
    url: `http://localhost:${portOf(index)}/readyz`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    env: {
      PORT: String(portOf(index)),
      DATA_DIR: join(dataDir, `worker-${index}`),
      DATABASE_URL: '',
      SUITE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      SIBLING_APP_PORT: String(siblingPortOf(index)),
      // a captcha Chromium solves in a moment (firmaya's sign-in asks for one)
      CAPTCHA_COST: '100',
      CAPTCHA_MAX_NUMBER: '200',
    },
  })),
});
