/**
 * Shared plumbing of the API benchmarks: a fresh database (PGlite in a temporary directory, or a
 * new PostgreSQL database when DATABASE_URL is set, dropped afterwards), bench users, the API
 * started as its own process exactly as in production (src/main.ts, rate limits off), and
 * latency percentiles.
 */
import { encryptPayload } from '@suite/shared/crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type DB } from '../src/db';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/db/seeds';
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

export async function freePort(): Promise<number> {
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
  /**
   * The same CPU time split between the main thread (all JavaScript) and the process's other
   * threads (libuv's pool, where argon2 runs, and V8's, where the collector and compiler run).
   */
  threadCpuMs(): { main: number; others: number };
  stop(): Promise<void>;
}

const TICKS_PER_SECOND = 100;

/**
 * utime + stime (ms) and the command name of a /proc stat file; undefined when it is gone. With
 * `children`, also the CPU of the children the process has reaped (cutime + cstime).
 */
function statCpu(path: string, children = false): { comm: string; ms: number } | undefined {
  try {
    const stat = fs.readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[11] utime, fields[12] stime, fields[13] cutime, fields[14] cstime (after pid and comm)
    const ticks = Number(fields[11]) + Number(fields[12]) + (children ? Number(fields[13]) + Number(fields[14]) : 0);
    return { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ms: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

function processCpuMs(pid: number | undefined): number {
  return (pid && statCpu(`/proc/${pid}/stat`)?.ms) ?? NaN;
}

function threadCpuMs(pid: number | undefined): { main: number; others: number } {
  const totals = { main: 0, others: 0 };
  if (!pid) return totals;
  let tids: string[] = [];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return totals;
  }
  for (const tid of tids) {
    const cpu = statCpu(`/proc/${pid}/task/${tid}/stat`);
    if (cpu) totals[Number(tid) === pid ? 'main' : 'others'] += cpu.ms;
  }
  return totals;
}

/**
 * CPU time (ms) used so far by the PostgreSQL server's processes on this machine (every process
 * named `postgres`, with what the postmaster has reaped: a backend or an autovacuum worker that
 * exits between two readings keeps its share): NaN when there are none, as with PGlite, which
 * runs inside the API.
 */
export function postgresCpuMs(): number {
  let total = 0;
  let found = false;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cpu = statCpu(`/proc/${entry}/stat`, true);
    if (cpu?.comm === 'postgres') {
      found = true;
      total += cpu.ms;
    }
  }
  return found ? total : NaN;
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
    threadCpuMs: () => threadCpuMs(child.pid),
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

/** Deterministic pseudo-random numbers (xorshift), so two runs send the same calls. */
export function seededRandom(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

/** One kind of GET call of a load run: its path (or each call's, with its query) and the headers of each call. */
export interface CallKind {
  name: string;
  path: string;
  headers: () => Record<string, string>;
  /** Each call's own path, when calls differ by their query string. */
  pathFor?: () => string;
}

/** Warms `kind` up (50 calls, each must answer 200), then loads it for `seconds` at `connections`. */
export async function measureCalls(base: string, token: string, kind: CallKind, connections: number, seconds: number) {
  // warm-up: JIT, pools, plans, caches
  for (let i = 0; i < WARM_UP_CALLS; i++) {
    const res = await fetch(`${base}${kind.pathFor?.() ?? kind.path}`, {
      headers: { authorization: `Bearer ${token}`, ...kind.headers() },
    });
    if (res.status !== 200) throw new Error(`warm-up ${kind.name} failed: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  const latencies: number[] = [];
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        path: kind.path,
        setupRequest: (request) => ({
          ...request,
          ...(kind.pathFor ? { path: kind.pathFor() } : {}),
          headers: { authorization: `Bearer ${token}`, ...kind.headers() },
        }),
      },
    ],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode === 200) latencies.push(responseTime);
  });
  const result = await instance;
  return {
    ...percentiles(latencies),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    perSecond: result['2xx'] / result.duration,
  };
}

/** The warm-up calls measureCalls sends before its load. */
const WARM_UP_CALLS = 50;

/**
 * measureCalls, with the CPU time a call cost each side (µs): the API's process, PostgreSQL's
 * processes on this machine (NaN when there are none) and this load client. Which side a kind of
 * call spends its time on says how its ratio to another kind moves from one machine to another.
 */
export async function measureCallsWithCpu(api: RunningApi, token: string, kind: CallKind, connections: number, seconds: number) {
  const before = { api: api.cpuMs(), postgres: postgresCpuMs(), client: process.cpuUsage() };
  const result = await measureCalls(api.base, token, kind, connections, seconds);
  const calls = result.count + result.non2xx + result.errors + WARM_UP_CALLS;
  const client = process.cpuUsage(before.client);
  const perCall = (ms: number) => (ms * 1000) / calls;
  return {
    ...result,
    cpuPerCallUs: {
      api: perCall(api.cpuMs() - before.api),
      postgres: perCall(postgresCpuMs() - before.postgres),
      client: perCall((client.user + client.system) / 1000),
    },
  };
}

/** The CPU a call cost, as the benches print it beside their figures. */
export function cpuNote(cpu: { api: number; postgres: number; client: number }): string {
  const parts = [
    `API ${fmt(cpu.api, 0)}`,
    ...(Number.isNaN(cpu.postgres) ? [] : [`PostgreSQL ${fmt(cpu.postgres, 0)}`]),
    `load ${fmt(cpu.client, 0)}`,
  ];
  return `CPU µs a call: ${parts.join(', ')}`;
}

export type BenchBackend = 'postgres' | 'pglite';

/**
 * Runs a bench on PostgreSQL (when DATABASE_URL is set) and PGlite — BENCH_BACKENDS=postgres or
 * =pglite runs one — with BENCH_USERS (default 100000), BENCH_CONNECTIONS (8) and BENCH_DURATION
 * (10 s); a run that returns false sets the exit code.
 */
export function runOnBackends(
  name: string,
  run: (backend: BenchBackend, users: number, connections: number, seconds: number) => Promise<boolean>,
): void {
  const main = async () => {
    const users = envInt('BENCH_USERS', 100_000);
    const connections = envInt('BENCH_CONNECTIONS', 8);
    const seconds = envInt('BENCH_DURATION', 10);
    const wanted = (process.env.BENCH_BACKENDS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const backends: BenchBackend[] = (
      process.env.DATABASE_URL ? (['postgres', 'pglite'] as BenchBackend[]) : (['pglite'] as BenchBackend[])
    ).filter((b) => wanted.length === 0 || wanted.includes(b));
    let ok = true;
    for (const backend of backends) ok = (await run(backend, users, connections, seconds)) && ok;
    if (!ok) process.exitCode = 1;
  };
  main().catch((error) => {
    process.stderr.write(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}

/**
 * The user counts a scale bench measures at, smallest first, in one run on one database (topped
 * up between sizes): BENCH_SIZES (comma-separated), else 100,000 and 1,000,000 on PostgreSQL and
 * 100,000 on PGlite (an embedded database is not where a million accounts live).
 */
export function benchSizes(
  backend: BenchBackend,
  defaults: { postgres: number[]; pglite: number[] } = { postgres: [100_000, 1_000_000], pglite: [100_000] },
  raw = process.env.BENCH_SIZES ?? process.env.BENCH_USERS,
): number[] {
  const sizes = raw
    ? raw
        .split(',')
        .map((s) => Number(s.trim()))
        .filter((n) => Number.isInteger(n) && n > 0)
    : defaults[backend];
  return [...new Set(sizes)].sort((a, b) => a - b);
}

/** What one size measured: the floor's p95 and each kind's. */
export interface SizeResult {
  users: number;
  floorP95: number;
  p95: Record<string, number>;
}

/**
 * A scale bench's run on one backend: one database, each size measured in turn (`measure` tops
 * it up to that size first), then the sizes side by side with the ratios — enforced on
 * PostgreSQL, reported only on an embedded database.
 */
export async function runScaleBench(
  backend: BenchBackend,
  sizes: readonly number[],
  measure: (db: BenchDatabase, size: number) => Promise<SizeResult>,
): Promise<boolean> {
  const db = await prepareDatabaseOn(backend, 1);
  try {
    const results: SizeResult[] = [];
    for (const size of sizes) results.push(await measure(db, size));
    return reportScale(results, db.kind === 'postgres');
  } finally {
    await db.cleanup();
  }
}

/**
 * Flushes a fill's writes now (a checkpoint), so that PostgreSQL does not write them out in the
 * middle of the measurement that follows; PGlite and a role that may not checkpoint skip it.
 */
export async function flushWrites(db: Kysely<DB>): Promise<void> {
  await sql`checkpoint`.execute(db).catch(() => undefined);
}

/** The scale goals, as ratios measured in the same run. */
export const SCALE_GOALS = {
  /** p95 at the largest size ÷ p95 at the smallest, at most */
  growth: 1.5,
  /** p95 at the largest size ÷ the floor's p95 at that size, at most */
  floor: 4,
};

const sizeLabel = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));

/**
 * Prints each kind's p95 at every size side by side with the two ratios and their goals; returns
 * whether every kind met them (only sizes measured count: one size checks the floor goal alone).
 */
export function reportScale(results: SizeResult[], enforce: boolean): boolean {
  if (results.length === 0) return true;
  const first = results[0];
  const last = results[results.length - 1];
  const header = results.map((r) => `p95 ${sizeLabel(r.users)}`.padStart(11)).join('');
  process.stdout.write(`
${'p95 (ms) by size'.padEnd(22)}${header}   ${'× smallest'.padStart(10)} ${'× floor'.padStart(8)}
`);
  process.stdout.write(`${'floor'.padEnd(22)}${results.map((r) => fmt(r.floorP95).padStart(11)).join('')}
`);
  let ok = true;
  for (const kind of Object.keys(last.p95)) {
    const growth = last.p95[kind] / first.p95[kind];
    const overFloor = last.p95[kind] / last.floorP95;
    const grew = results.length < 2 || growth <= SCALE_GOALS.growth;
    const floored = overFloor <= SCALE_GOALS.floor;
    if (!grew || !floored) ok = false;
    process.stdout.write(
      `${kind.padEnd(22)}${results.map((r) => fmt(r.p95[kind]).padStart(11)).join('')}   ` +
        `${(results.length < 2 ? '–' : `${fmt(growth, 2)} ${grew ? 'met' : 'MISSED'}`).padStart(10)} ` +
        `${`${fmt(overFloor, 2)} ${floored ? 'met' : 'MISSED'}`.padStart(8)}
`,
    );
  }
  process.stdout.write(
    `goals: p95 at ${sizeLabel(last.users)} ≤ ${SCALE_GOALS.growth} × its p95 at ${sizeLabel(first.users)}, and ≤ ${SCALE_GOALS.floor} × the floor's p95 at ${sizeLabel(last.users)}` +
      `${enforce ? '' : ' (reported only on this backend)'} → ${ok ? 'met' : 'MISSED'}
`,
  );
  return ok || !enforce;
}

/** prepareDatabase on the backend asked for (PGlite even when DATABASE_URL is set). */
export async function prepareDatabaseOn(backend: BenchBackend, users: number): Promise<BenchDatabase> {
  const savedUrl = process.env.DATABASE_URL;
  if (backend === 'pglite') delete process.env.DATABASE_URL;
  try {
    return await prepareDatabase(users);
  } finally {
    if (savedUrl !== undefined) process.env.DATABASE_URL = savedUrl;
  }
}

/** The seeded administrator's access token, from a real sign-in to the console application. */
export async function adminToken(base: string): Promise<string> {
  const signIn = await fetch(`${base}/api/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: 'admin', password: encryptPayload(ADMIN_PASSWORD, PAYLOAD_KEY), appname: 'ibuhoo', TypeDeviceId: 2 }),
  });
  if (signIn.status !== 200) throw new Error(`admin sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return ((await signIn.json()) as { result: { token: string } }).result.token;
}
