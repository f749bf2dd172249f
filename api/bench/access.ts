/**
 * pnpm bench:access — what live authorization costs, and the role card's holders list, at 100,000
 * and at 1,000,000 users holding roles in one run (the volume seed: one or two roles each), over HTTP against the API running
 * as its own process, at concurrency 8:
 *   check       — the authorization check itself, in process against the same database:
 *                 AccessGrants.privilegesOf for random volume users with the cache dropped before
 *                 every read (what the first call of each user costs after a change), and cached
 *                 (every other call);
 *   admin call  — GET /api/user/GetTypeUser (USERS_READ) with the grants cached (the default) and
 *                 with ACCESS_CACHE_MS=0 (every call reads the grants: the check's whole added
 *                 cost, on top of the same call) — the difference of the two p95 is the added cost;
 *   holders     — GET /api/role/users of the role with the most holders: pages 1–3 and deep pages,
 *                 with and without a search (the role's holders are read once per change and kept:
 *                 the cost of that read, in process, is printed apart).
 * Each prints p50 / p95 / p99; then the goals, as ratios (on PostgreSQL): the check after a change
 * (the admin call reading its grants) and the holders list each have a p95 at the largest size
 * ≤ 1.5 × their p95 at the smallest, and ≤ 4 × the floor's (the same admin call, grants cached).
 *
 *   Backends: PostgreSQL (a fresh database) when DATABASE_URL is set, and PGlite (a temporary
 *   directory) — BENCH_BACKENDS=postgres or =pglite runs one.
 *   BENCH_SIZES (default 100000,1000000 on PostgreSQL, 100000 on PGlite), BENCH_CONNECTIONS
 *   (default 8), BENCH_DURATION seconds per kind (default 10).
 */
import os from 'node:os';
import { sql } from 'kysely';

import { openDatabase } from '../src/db';
import { seedVolume } from '../src/db/volume';
import { AccessGrants } from '../src/modules/access/grants';
import { RoleHolders } from '../src/modules/access/holders';
import {
  adminToken,
  benchSizes,
  fmt,
  line,
  measureCalls,
  percentiles,
  runOnBackends,
  runScaleBench,
  seededRandom,
  startApi,
  type BenchDatabase,
  type CallKind,
  type SizeResult,
} from './common';

/** The holders list right after a change: the role's holders read again, `rounds` times, one at a time. */
async function measureHoldersReload(db: BenchDatabase, roleId: number, rounds: number) {
  const database = await openDatabase({ databaseUrl: db.env.DATABASE_URL, dataDir: db.env.DATA_DIR ?? 'memory://', poolSize: 1 });
  try {
    const holders = new RoleHolders(database.db);
    const latencies: number[] = [];
    for (let i = 0; i < rounds; i++) {
      holders.dropAll();
      const t0 = process.hrtime.bigint();
      await holders.page(roleId, '', 1, 10);
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    return percentiles(latencies);
  } finally {
    await database.close();
  }
}

interface Sample {
  userIds: string[];
  busiestRole: { id: number; holders: number };
  surnames: string[];
}

async function seedAndSample(db: BenchDatabase, users: number): Promise<{ seconds: number; sample: Sample }> {
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: db.env.DATABASE_URL, dataDir: db.env.DATA_DIR ?? 'memory://', poolSize: 2 });
  try {
    await seedVolume(database.db, { users });
    const seconds = (Date.now() - started) / 1000;
    const { rows: holders } = await sql<{ id: number; holders: number }>`
      select role_id as id, count(distinct user_id)::int as holders from user_roles group by role_id order by 2 desc limit 1`.execute(
      database.db,
    );
    const { rows: people } = await sql<{ id: string; surnames: string }>`
      select u.id::text as id, u.surnames from users u where exists (select 1 from user_roles ur where ur.user_id = u.id) order by u.document limit 2000`.execute(
      database.db,
    );
    return {
      seconds,
      sample: { userIds: people.map((p) => p.id), busiestRole: holders[0], surnames: people.map((p) => p.surnames.split(' ')[0]) },
    };
  } finally {
    await database.close();
  }
}

/** The check in process: `rounds` reads at `connections` at a time, cold (cache dropped first) or warm. */
async function measureCheck(db: BenchDatabase, userIds: string[], connections: number, rounds: number, cold: boolean) {
  const database = await openDatabase({ databaseUrl: db.env.DATABASE_URL, dataDir: db.env.DATA_DIR ?? 'memory://', poolSize: connections });
  try {
    const grants = new AccessGrants(database.db);
    const pick = seededRandom(cold ? 11 : 13);
    const users = Array.from({ length: 64 }, () => userIds[Math.floor(pick() * userIds.length)]);
    for (const user of users) await grants.privilegesOf(user, 'ibuhoo'); // warm plans (and, warm, the cache)
    const latencies: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < rounds) {
        const user = users[next++ % users.length];
        if (cold) grants.dropAll();
        const t0 = process.hrtime.bigint();
        await grants.privilegesOf(user, 'ibuhoo');
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    return percentiles(latencies);
  } finally {
    await database.close();
  }
}

/** One size: the in-process check, then the calls over HTTP; the p95s kept for the scale report. */
async function measureSize(db: BenchDatabase, users: number, connections: number, seconds: number): Promise<SizeResult> {
  const postgres = db.kind === 'postgres';
  const { seconds: seeded, sample } = await seedAndSample(db, users);
  process.stdout.write(
    `\nbench:access — ${db.kind}, ${os.cpus().length} cores, ${users} users holding roles seeded in ${fmt(seeded)} s, ` +
      `${connections} connections, ${seconds} s per kind; busiest role: ${sample.busiestRole.holders} holders\n\n`,
  );

  // PGlite is one process's database: the in-process check runs only against PostgreSQL
  if (postgres) {
    const cold = await measureCheck(db, sample.userIds, connections, 4000, true);
    const warm = await measureCheck(db, sample.userIds, connections, 200_000, false);
    line(
      'check, after a change p50 / p95 / p99 (ms)',
      `${fmt(cold.p50, 2)} / ${fmt(cold.p95, 2)} / ${fmt(cold.p99, 2)}`,
      'AccessGrants.privilegesOf reading suite_user_privileges',
    );
    line(
      'check, cached p50 / p95 / p99 (ms)',
      `${fmt(warm.p50, 3)} / ${fmt(warm.p95, 3)} / ${fmt(warm.p99, 3)}`,
      'every call until the next change',
    );
    const reload = await measureHoldersReload(db, sample.busiestRole.id, 100);
    line(
      'holders, after a change p50 / p95 / p99 (ms)',
      `${fmt(reload.p50)} / ${fmt(reload.p95)} / ${fmt(reload.p99)}`,
      `the ${sample.busiestRole.holders} holders read again, once per role and change`,
    );
  }

  const results: Record<string, Awaited<ReturnType<typeof measureCalls>>> = {};
  for (const [label, env] of [
    ['cached', {}],
    ['read every call', { ACCESS_CACHE_MS: '0' }],
  ] as const) {
    const api = await startApi({ ...db.env, ...env });
    try {
      const token = await adminToken(api.base);
      results[label] = await measureCalls(
        api.base,
        token,
        { name: 'admin call', path: '/api/user/GetTypeUser', headers: () => ({}) },
        connections,
        seconds,
      );
      if (label === 'cached') {
        const pick = seededRandom(42);
        const size = 10;
        const lastPage = Math.max(1, Math.ceil(sample.busiestRole.holders / size));
        const holders: CallKind = {
          name: 'holders',
          path: '/api/role/users',
          headers: () => {
            const draw = pick();
            const page = draw < 0.7 ? 1 + Math.floor(pick() * 3) : 1 + Math.floor(pick() * lastPage);
            const headers: Record<string, string> = { id: String(sample.busiestRole.id), pages: `${page},${size}` };
            if (draw < 0.35) {
              headers.search = encodeURIComponent(sample.surnames[Math.floor(pick() * sample.surnames.length)]);
              headers.pages = `1,${size}`;
            }
            return headers;
          },
        };
        const r = await measureCalls(api.base, token, holders, connections, seconds);
        results.holders = r;
      }
    } finally {
      await api.stop();
    }
  }
  const cached = results.cached;
  const uncached = results['read every call'];
  for (const [label, r, note] of [
    ['admin call, grants cached', cached, 'GET /api/user/GetTypeUser (the default): the floor of an authenticated call'],
    [
      'admin call, grants read every call',
      uncached,
      `ACCESS_CACHE_MS=0: the check's read adds ${fmt(uncached.p95 - cached.p95)} ms at p95 (first call after a change)`,
    ],
    ['role holders list', results.holders, `GET /api/role/users, role of ${sample.busiestRole.holders} holders, 35 % searched`],
  ] as const) {
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    line(`${label} p50 / p95 / p99 (ms)`, `${fmt(r.p50)} / ${fmt(r.p95)} / ${fmt(r.p99)}`, `${note}; ${fmt(r.perSecond, 0)} calls/s`);
  }
  // the floor is the same call with the grants cached: what the check after a change adds shows beside it
  return { users, floorP95: cached.p95, p95: { 'check after a change': uncached.p95, 'role holders': results.holders.p95 } };
}

runOnBackends('bench:access', (backend, _users, connections, seconds) =>
  runScaleBench(backend, benchSizes(backend), (db, users) => measureSize(db, users, connections, seconds)),
);
