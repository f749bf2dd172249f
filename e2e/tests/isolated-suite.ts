import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';

const ROOT = resolve(__dirname, '../..');

/**
 * A second suite on its own port and its own embedded database, for tests that need application
 * settings the seed does not have. The bundles are the ones `npm start` already built; the API
 * runs once to create and seed the database, stops, the test's SQL runs on the stopped database,
 * and the API starts again.
 */
export interface IsolatedSuite {
  baseURL: string;
  stop(): Promise<void>;
}

async function waitReady(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

function startApi(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, [join(ROOT, 'api/dist/src/main.js')], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SUITE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
    },
  });
}

function stopApi(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** Starts a suite on `port` whose database got `sql` applied after the seed (none when `sql` is empty). */
export async function startIsolatedSuite(port: number, sql: string): Promise<IsolatedSuite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'suite-e2e-isolated-'));
  const readyz = `http://localhost:${port}/readyz`;
  const running = (api: ChildProcess): IsolatedSuite => ({
    baseURL: `http://localhost:${port}`,
    async stop() {
      await stopApi(api);
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
  // no SQL: a fresh suite of its own, set up through the console by the test
  if (!sql.trim()) {
    const api = startApi(port, dataDir);
    await waitReady(readyz, api);
    return running(api);
  }
  const first = startApi(port, dataDir);
  try {
    await waitReady(readyz, first);
  } finally {
    await stopApi(first);
  }
  const requireFromApi = createRequire(join(ROOT, 'api/package.json'));
  const { PGlite } = requireFromApi('@electric-sql/pglite') as {
    PGlite: {
      create(options: {
        dataDir: string;
        extensions: Record<string, unknown>;
      }): Promise<{ exec(sql: string): Promise<unknown>; close(): Promise<void> }>;
    };
  };
  // the schema uses pg_trgm (users search index): the database opens only with the extension loaded
  const { pg_trgm } = requireFromApi('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: unknown };
  const pg = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  try {
    await pg.exec(sql);
  } finally {
    await pg.close();
  }
  const api = startApi(port, dataDir);
  await waitReady(readyz, api);
  return running(api);
}

/**
 * The calling spec file runs on its own suite (see startIsolatedSuite): started before its first
 * test, stopped after its last, and every page's base URL. Returns that base URL.
 */
export function useIsolatedSuite(port: number, sql: string): string {
  const baseURL = `http://localhost:${port}`;
  let suite: IsolatedSuite | undefined;
  test.use({ baseURL });
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    suite = await startIsolatedSuite(port, sql);
  });
  test.afterAll(async () => {
    await suite?.stop();
  });
  return baseURL;
}
