import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';

const ROOT = resolve(__dirname, '../..');

/**
 * A second suite on its own port and its own embedded database, for tests that need application
 * settings the seed does not have. The bundles are the ones `npm start` already built; the database
 * is a copy of one the API created and seeded, with the test's SQL run on it before the API starts.
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
      // the worker's suite runs the demo relying party; this one needs none
      SIBLING_APP: 'off',
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

/**
 * A seeded database to copy, made once per worker: the API's first start on an empty directory
 * (creating the cluster, migrating, seeding) takes about ten seconds, a copy a fraction of one.
 * Removed when the worker exits.
 */
let seededTemplate: Promise<string> | undefined;

function seededDatabase(port: number): Promise<string> {
  seededTemplate ??= (async () => {
    const dir = join(tmpdir(), `suite-e2e-seeded-${process.pid}`);
    rmSync(dir, { recursive: true, force: true });
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const api = startApi(port, dir);
    try {
      await waitReady(`http://localhost:${port}/readyz`, api);
    } finally {
      await stopApi(api);
    }
    return dir;
  })();
  return seededTemplate;
}

/** Applies `sql` to the stopped database in `dataDir`, as the API opens it. */
async function applySql(dataDir: string, sql: string): Promise<void> {
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
}

/**
 * Starts a suite on `port` on a copy of a freshly seeded database, with `sql` applied after the
 * seed (none when `sql` is empty: a fresh suite of its own, set up through the console by the test).
 */
export async function startIsolatedSuite(port: number, sql: string): Promise<IsolatedSuite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'suite-e2e-isolated-'));
  cpSync(await seededDatabase(port), dataDir, { recursive: true });
  if (sql.trim()) await applySql(dataDir, sql);
  const api = startApi(port, dataDir);
  await waitReady(`http://localhost:${port}/readyz`, api);
  return {
    baseURL: `http://localhost:${port}`,
    async stop() {
      await stopApi(api);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
