/**
 * pnpm bench:users — the users list at 100,000 and at 1,000,000 users in one run (the database
 * topped up between the two): GET /api/user/list over HTTP against the API
 * running as its own process, at concurrency 8, in three kinds of calls measured apart:
 *   list   — the default order (most recently modified), a page size of 10, 25 or 100, and a
 *            page as people move through a pager: 60 % one of the first three, 20 % one of the
 *            last three, 20 % any page at all (deep offsets included);
 *   search — customerSearch with a document, a user name (exact finds) or a common surname or
 *            4-letter name fragment (thousands of matches), in a random sort, pages 1 to 3;
 *   sort   — Activo, Inactivo or Más antiguo first, pages as for list.
 * Each prints p50 / p95 / p99 after the floor measured at the same size: the same concurrency on
 * the cheapest authenticated call (GET /api/user/GetTypeUser), i.e. what the machine's load leaves
 * to any call; and what a call cost in CPU time, in the API, in PostgreSQL (its processes on this
 * machine) and in the load client (the floor spends it in the API, a page in PostgreSQL: machines
 * differ in how fast each runs, so the ratio of the two moves with the machine). Then the goals,
 * as ratios (on PostgreSQL): each kind's p95 at the largest size ≤ 1.5 × its p95 at the smallest,
 * and ≤ 4 × the floor's p95 at the largest. On PostgreSQL the plans of the list's queries
 * (EXPLAIN ANALYZE) are printed at each size as well.
 *
 *   Backends: PostgreSQL (a fresh database) when DATABASE_URL is set, and PGlite (a temporary
 *   directory) — BENCH_BACKENDS=postgres or =pglite runs one.
 *   BENCH_SIZES (default 100000,1000000 on PostgreSQL, 100000 on PGlite), BENCH_CONNECTIONS
 *   (default 8), BENCH_DURATION seconds per kind (default 10).
 */
import os from 'node:os';
import { Client } from 'pg';
import { sql } from 'kysely';
import { USER_LIST_COUNT_CAP } from '@suite/shared/contracts';

import { openDatabase } from '../src/db';
import { VOLUME_EMAIL_DOMAIN, seedVolume } from '../src/db/volume';
import {
  adminToken,
  benchSizes,
  flushWrites,
  fmt,
  cpuNote,
  line,
  measureCallsWithCpu,
  runOnBackends,
  runScaleBench,
  seededRandom,
  startApi,
  type BenchDatabase,
  type CallKind,
  type SizeResult,
} from './common';

/** Search texts taken from the data: exact documents and user names, and common fragments. */
async function searchTerms(env: Record<string, string>): Promise<string[]> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? 'memory://', poolSize: 1 });
  try {
    const { rows } = await sql<{ document: string; user_name: string; surnames: string; names: string }>`
      select document, user_name, surnames, names from users
       where lower(email) like ${`%@${VOLUME_EMAIL_DOMAIN}`} order by document limit 2000`.execute(database.db);
    const pick = seededRandom(7);
    const terms: string[] = [];
    for (let i = 0; i < 200; i++) {
      const u = rows[Math.floor(pick() * rows.length)];
      const kind = i % 4;
      if (kind === 0) terms.push(u.document);
      else if (kind === 1) terms.push(u.user_name);
      else if (kind === 2) terms.push(u.surnames.split(' ')[0]);
      else terms.push(u.names.split(' ')[0].slice(0, 4));
    }
    return terms;
  } finally {
    await database.close();
  }
}

async function seedDatabase(db: BenchDatabase, users: number): Promise<number> {
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: db.env.DATABASE_URL, dataDir: db.env.DATA_DIR ?? 'memory://', poolSize: 2 });
  try {
    await seedVolume(database.db, { users });
    await flushWrites(database.db);
  } finally {
    await database.close();
  }
  return (Date.now() - started) / 1000;
}

/** EXPLAIN ANALYZE of the list's statements on PostgreSQL: plan nodes and execution time. */
async function explain(url: string, term: string, common: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const page = (where: string, order: string, offset = 0) =>
    `select u.id from (select id from users where not deleted ${where} order by ${order} limit 10 offset ${offset}) p join users u on u.id = p.id`;
  // folded as the API folds what it searches (migration 0010)
  const { rows: folded } = await client.query<{ rare: string; dense: string }>('select suite_fold($1) as rare, suite_fold($2) as dense', [
    term,
    common,
  ]);
  const { rare, dense } = folded[0];
  const statements: [string, string][] = [
    ['plain count (user_totals)', 'select live from user_totals'],
    ['page 1, newest first', page('', 'modified_on desc, id')],
    [
      'middle page: its day (per-day counts)',
      `select grp, day from (select grp, day, live, sum(live) over (order by grp, day desc rows unbounded preceding) as upto
         from user_list_days where scheme = 1 and live > 0) r where upto > (select live / 2 from user_totals) order by grp, day desc limit 1`,
    ],
    ['page 1, Inactivo first', page('', '(idstate <> 2), modified_on desc, id')],
    [
      `count "${term}" (capped)`,
      `select count(*) from (select 1 from users where not deleted and search_text like '%${rare}%' limit ${USER_LIST_COUNT_CAP + 1}) m`,
    ],
    [`search "${term}" (few: index)`, page(`and search_text like '%${rare}%'`, 'modified_on desc, id')],
    [
      `count "${common}" (capped)`,
      `select count(*) from (select 1 from users where not deleted and search_text like '%${dense}%' limit ${USER_LIST_COUNT_CAP + 1}) m`,
    ],
    [`search "${common}" (many: sort order)`, page(`and strpos(search_text, '${dense}') > 0`, '(idstate <> 1), modified_on desc, id', 20)],
  ];
  process.stdout.write('\nEXPLAIN ANALYZE on PostgreSQL (warm):\n');
  try {
    for (const [label, statement] of statements) {
      await client.query(`explain analyze ${statement}`);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${statement}`);
      const plan = rows.map((r) => r['QUERY PLAN']);
      const nodes = plan
        .filter((l) => /Scan|Sort Method/.test(l))
        .map((l) =>
          l
            .trim()
            .replace(/\s*\(actual.*$/, '')
            .replace(/^->\s*/, ''),
        )
        .join('; ');
      const time = plan.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '';
      line(`  ${label}`, time, nodes);
    }
  } finally {
    await client.end();
  }
}

/** One size: the floor, then each kind of list call, p95s kept for the scale report. */
async function measureSize(db: BenchDatabase, users: number, connections: number, seconds: number): Promise<SizeResult> {
  const terms = await searchTerms(db.env);
  if (db.kind === 'postgres') await explain(db.env.DATABASE_URL, terms[0], terms[2]);
  const api = await startApi(db.env);
  try {
    const token = await adminToken(api.base);
    const pick = seededRandom(42);
    const sizes = [10, 25, 100];
    const randomPage = (size: number) => {
      const last = Math.ceil(users / size);
      const draw = pick();
      if (draw < 0.6) return 1 + Math.floor(pick() * 3);
      if (draw < 0.8) return last - Math.floor(pick() * 3);
      return 1 + Math.floor(pick() * last);
    };
    const kinds: CallKind[] = [
      {
        name: 'list',
        path: '/api/user/list',
        headers: () => {
          const size = sizes[Math.floor(pick() * sizes.length)];
          return { pages: `${randomPage(size)},${size}`, filterBy: '3' };
        },
      },
      {
        name: 'search',
        path: '/api/user/list',
        headers: () => ({
          customerSearch: encodeURIComponent(terms[Math.floor(pick() * terms.length)]),
          pages: `${1 + Math.floor(pick() * 3)},10`,
          filterBy: String(1 + Math.floor(pick() * 4)),
        }),
      },
      {
        name: 'sort',
        path: '/api/user/list',
        headers: () => {
          const size = sizes[Math.floor(pick() * sizes.length)];
          return { pages: `${randomPage(size)},${size}`, filterBy: ['1', '2', '4'][Math.floor(pick() * 3)] };
        },
      },
    ];
    process.stdout.write('\n');
    // the floor of an authenticated call on this machine now: token check, routing, a tiny query
    const floor = await measureCallsWithCpu(
      api,
      token,
      { name: 'floor', path: '/api/user/GetTypeUser', headers: () => ({}) },
      connections,
      Math.max(3, seconds / 2),
    );
    line(
      'floor p50 / p95 / p99 (ms)',
      `${fmt(floor.p50)} / ${fmt(floor.p95)} / ${fmt(floor.p99)}`,
      `GET /api/user/GetTypeUser, same concurrency: what any call costs here now; ${cpuNote(floor.cpuPerCallUs)}`,
    );
    const result: SizeResult = { users, floorP95: floor.p95, p95: {} };
    for (const kind of kinds) {
      const r = await measureCallsWithCpu(api, token, kind, connections, seconds);
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${kind.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      result.p95[kind.name] = r.p95;
      line(
        `${kind.name} p50 / p95 / p99 (ms)`,
        `${fmt(r.p50)} / ${fmt(r.p95)} / ${fmt(r.p99)}`,
        `${fmt(r.perSecond, 0)} calls/s, ${r.count} answered; ${cpuNote(r.cpuPerCallUs)}`,
      );
    }
    return result;
  } finally {
    await api.stop();
  }
}

/** Seeds the database up to `users`, then measures every kind at that size. */
async function seedAndMeasure(db: BenchDatabase, users: number, connections: number, seconds: number): Promise<SizeResult> {
  const seedSeconds = await seedDatabase(db, users);
  process.stdout.write(
    `\nbench:users — ${db.kind}, ${os.cpus().length} cores, ${users} users (seeded up to it in ${fmt(seedSeconds)} s), ` +
      `${connections} connections, ${seconds} s per kind\n`,
  );
  return measureSize(db, users, connections, seconds);
}

// the goals are PostgreSQL's: an embedded database is reported only
runOnBackends('bench:users', (backend, _users, connections, seconds) =>
  runScaleBench(backend, benchSizes(backend), (db, users) => seedAndMeasure(db, users, connections, seconds)),
);
