/**
 * pnpm bench:audit — the console's audit section at 10,000 and at 1,000,000 audit entries in one
 * run (the same database, topped up), over HTTP against the API running as its own process, at
 * concurrency 8: a filtered page of GET /api/audit (25 entries, newest first; by action, by actor,
 * by target, by application and action, by the search box, each a fifth of the calls), beside the
 * floor (GET /api/user/GetTypeUser, the cheapest authenticated call). Prints p50 / p95 / p99; the
 * goals, as ratios (on PostgreSQL): the filtered page's p95 at 1M ≤ 1.5 × its p95 at 10k, and ≤ 4 ×
 * the floor's p95 at 1M.
 *
 *   BENCH_SIZES (default 10000,1000000 on PostgreSQL, 10000 on PGlite), BENCH_CONNECTIONS (8),
 *   BENCH_DURATION seconds per kind (10), BENCH_BACKENDS=postgres or =pglite.
 */
import os from 'node:os';
import { sql } from 'kysely';

import { openDatabase } from '../src/db';
import {
  adminToken,
  benchSizes,
  flushWrites,
  fmt,
  line,
  measureCalls,
  runOnBackends,
  runScaleBench,
  seededRandom,
  startApi,
  type BenchBackend,
  type BenchDatabase,
  type SizeResult,
} from './common';

const ACTORS = 400;
const TARGETS = 50_000;
const APPLICATIONS = ['ibuhoo', 'biometria', 'firmaya', 'license', 'bemyself', 'product'];
const ACTIONS = [
  'user.sign_in',
  'user.sign_in',
  'user.sign_in',
  'user.sign_in_failed',
  'user.modify',
  'user.create',
  'role.modify',
  'session.close',
];

/** The log sizes measured (BENCH_SIZES, else 10,000 and 1,000,000 on PostgreSQL, 10,000 on PGlite). */
const sizesOf = (backend: BenchBackend) =>
  benchSizes(backend, { postgres: [10_000, 1_000_000], pglite: [10_000] }, process.env.BENCH_SIZES);

/**
 * Tops the log up to `entries` (one INSERT … SELECT per 100,000): sign-ins, failures and console
 * changes of 400 actors on 50,000 targets in six applications, spread over the last year.
 */
async function fill(db: BenchDatabase, entries: number): Promise<number> {
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: db.env.DATABASE_URL, dataDir: db.env.DATA_DIR ?? 'memory://', poolSize: 1 });
  try {
    const count = async () => (await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(database.db)).rows[0]?.n ?? 0;
    let have = await count();
    const actions = `{${ACTIONS.join(',')}}`;
    const applications = `{${APPLICATIONS.join(',')}}`;
    while (have < entries) {
      const batch = Math.min(100_000, entries - have);
      await sql`
        insert into audit_log (at, actor_name, action, entity, entity_id, after)
        select now() - make_interval(secs => (random() * 365 * 86400)::int),
               'bench.actor' || (n % ${ACTORS}::int),
               (${actions}::text[])[1 + (n % ${ACTIONS.length}::int)],
               'user',
               'target-' || ((n::bigint * 7919) % ${TARGETS}::int),
               jsonb_build_object('application', (${applications}::text[])[1 + ((n / 3) % ${APPLICATIONS.length}::int)], 'ip', '10.0.0.1')
          from generate_series(${have}::int, ${have + batch - 1}::int) n`.execute(database.db);
      have += batch;
    }
    // what autovacuum does to a log that only grows: statistics and the visibility map (index-only counts)
    await sql`vacuum (analyze) audit_log`.execute(database.db);
    await flushWrites(database.db);
    return (Date.now() - started) / 1000;
  } finally {
    await database.close();
  }
}

/** A filtered page of the list: each call one of five filters, with values drawn at random. */
function filteredPages(): () => string {
  const pick = seededRandom(7);
  const draw = (n: number) => Math.floor(pick() * n);
  return () => {
    const kind = draw(5);
    const query: Record<string, string> =
      kind === 0
        ? { action: 'user.sign_in_failed' }
        : kind === 1
          ? { actor: `bench.actor${draw(ACTORS)}` }
          : kind === 2
            ? { target: `target-${draw(TARGETS)}` }
            : kind === 3
              ? { application: APPLICATIONS[draw(APPLICATIONS.length)], action: 'user.sign_in' }
              : { search: `bench.actor${draw(ACTORS)}` };
    return `/api/audit?${new URLSearchParams({ ...query, size: '25' })}`;
  };
}

async function measureSize(db: BenchDatabase, entries: number, connections: number, seconds: number): Promise<SizeResult> {
  const filled = await fill(db, entries);
  process.stdout.write(
    `\nbench:audit — ${db.kind}, ${os.cpus().length} cores, ${entries} audit entries (topped up in ${fmt(filled)} s), ` +
      `${connections} connections, ${seconds} s per kind\n\n`,
  );
  const api = await startApi(db.env);
  try {
    const token = await adminToken(api.base);
    const floor = await measureCalls(
      api.base,
      token,
      { name: 'floor', path: '/api/user/GetTypeUser', headers: () => ({}) },
      connections,
      seconds,
    );
    const page = await measureCalls(
      api.base,
      token,
      { name: 'filtered page', path: '/api/audit', pathFor: filteredPages(), headers: () => ({}) },
      connections,
      seconds,
    );
    for (const [label, r, note] of [
      ['floor', floor, 'GET /api/user/GetTypeUser: the cheapest authenticated call'],
      ['filtered page', page, 'GET /api/audit, 25 entries: by action, actor, target, application + action, or search'],
    ] as const) {
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      line(`${label} p50 / p95 / p99 (ms)`, `${fmt(r.p50)} / ${fmt(r.p95)} / ${fmt(r.p99)}`, `${note}; ${fmt(r.perSecond, 0)} calls/s`);
    }
    return { users: entries, floorP95: floor.p95, p95: { 'filtered page': page.p95 } };
  } finally {
    await api.stop();
  }
}

runOnBackends('bench:audit', (backend, _users, connections, seconds) =>
  runScaleBench(backend, sizesOf(backend), (db, entries) => measureSize(db, entries, connections, seconds)),
);
