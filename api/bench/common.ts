/**
 * Shared plumbing of the API benchmarks: a fresh database (PGlite in a temporary directory, or a
 * new PostgreSQL database when DATABASE_URL is set, dropped afterwards), bench users, the API
 * started as its own process exactly as in production (src/main.ts, rate limits off), and
 * latency percentiles.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '../src/db';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/db/seed';
import { hashPassword } from '../src/security/passwords';

export const API_DIR = path.resolve(__dirname, '..');
export const BENCH_PASSWORD = 'Bench.Pass-2025';
export const ADMIN_PASSWORD = 'Bench.Admin-2025';
/** A fixed payload key, so the bench can encrypt passwords the way the portal does. */
export const PAYLOAD_KEY = 'bench-payload-key';

export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Connections: at least 4 and at least 2 × cores (BENCH_CONNECTIONS overrides). */
export function defaultConnections(): number {
  return envInt('BENCH_CONNECTIONS', Math.max(4, 2 * os.cpus().length));
}

export interface BenchDatabase {
  kind: 'pglite' | 'postgres';
  /** Environment for the API process. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** Creates the database, migrates and seeds it, and adds `users` bench accounts (bench.user1…). */
export async function prepareDatabase(users: number): Promise<BenchDatabase> {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let kind: BenchDatabase['kind'];
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    kind = 'postgres';
    const name = `suite_bench_${randomBytes(5).toString('hex')}`;
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    cleanup = async () => {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    kind = 'pglite';
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'suite-bench-'));
    env = { DATA_DIR: dir };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  try {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? 'memory://', poolSize: 2 });
    try {
      await migrate(database.db);
      await seed(database.db, { adminPassword: ADMIN_PASSWORD, adminEmail: 'admin@bench.localhost', demoData: false });
      const hash = await hashPassword(BENCH_PASSWORD);
      await database.db
        .insertInto('users')
        .values(
          Array.from({ length: users }, (_, i) => ({
            user_name: `bench.user${i + 1}`,
            email: `bench.user${i + 1}@bench.localhost`,
            names: 'Bench',
            surnames: `User ${i + 1}`,
            password_hash: hash,
            password_changed_at: new Date(),
          })),
        )
        .execute();
    } finally {
      await database.close();
    }
  } catch (error) {
    await cleanup().catch(() => undefined);
    throw error;
  }
  return { kind, env, cleanup };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningApi {
  base: string;
  /** CPU time (user + system, ms) the API process has used so far (Linux /proc). */
  cpuMs(): number;
  stop(): Promise<void>;
}

const TICKS_PER_SECOND = 100;

function processCpuMs(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[11] utime, fields[12] stime (after pid and comm)
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** Starts src/main.ts in its own Node process (tsx, sources of @suite/shared) and waits for /readyz. */
export async function startApi(dbEnv: Record<string, string>): Promise<RunningApi> {
  const port = await freePort();
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      ...dbEnv,
      ...(dbEnv.DATABASE_URL ? {} : { DATABASE_URL: '' }),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      RATE_LIMIT: 'off',
      PAYLOAD_KEY,
      SUITE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      STATIC_ROOT: os.tmpdir(),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error('the API did not become ready within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    cpuMs: () => processCpuMs(child.pid),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Exact percentiles of recorded latencies (ms). */
export function percentiles(samples: number[]): { p50: number; p95: number; p99: number; count: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), count: sorted.length };
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

export function line(label: string, value: string, note = ''): void {
  process.stdout.write(`${label.padEnd(34)} ${value.padStart(12)}${note ? `   ${note}` : ''}\n`);
}
