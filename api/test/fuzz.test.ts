/**
 * Fuzz test of the whole route table (docs/architecture.md §6: bad input gets a 4xx, never a 500, and never
 * changes data). Every route Fastify registers — found with the onRoute hook, so a new route is
 * covered without editing this file — is called unauthenticated and as the admin with generated
 * bad input (test/fuzz/cases.ts). A case fails on a 5xx, on a refusal (non-2xx) after which a
 * table's rows changed, on prototype pollution, on a file outside the static roots served, and
 * on a request slower than SLOW_MS.
 *
 * Repeatable: the cases come from a seeded PRNG (FUZZ_SEED overrides the seed; the seed is
 * printed with any failure) and a fixed budget per route (FUZZ_EXTRA random cases on top of the
 * required ones). FUZZ_SKIP_NUL=1 leaves out requests carrying a NUL character (local checks only);
 * FUZZ_VERBOSE=1 prints timings and every accepted invalid write.
 *
 * Not fuzzed: the SignalR WebSocket upgrade on /api/connections/session — it is an 'upgrade'
 * listener on the HTTP server, not a Fastify route (its negotiate POST is a route and is fuzzed);
 * hub-protocol.test.ts covers its frames.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { encryptPayload } from '@suite/shared/crypto';
import { FALLBACK_APP } from '@suite/shared/contracts';
import type { DB } from '../src/db/schema';
import { mailSent, ADMIN_PASSWORD, BACKENDS, createUser, startTestServer, tokenFor, type TestServer } from './harness';
import { BEFORE_AUTH, carriesNul, casesFor, pickCases, type FuzzCase, type HeaderValue, type RouteInfo } from './fuzz/cases';
import { hash32, mulberry32 } from './fuzz/prng';
import { seedOf, seeds, type Fixtures } from './fuzz/seeds';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 0x5eed;
/** Random cases per route and pass, on top of the required ones. */
const EXTRA = Number(process.env.FUZZ_EXTRA ?? 16);
/** HEAD routes run their GET's handler: a few cases are enough to see the HEAD path itself answer. */
const HEAD_CASES = 6;
const SKIP_NUL = process.env.FUZZ_SKIP_NUL === '1';
/** FUZZ_VERBOSE=1: time per route and pass, and every accepted invalid write, in the summary. */
const VERBOSE = process.env.FUZZ_VERBOSE === '1';
/** A single request slower than this is a failure (a regular expression or a loop gone wrong). */
const SLOW_MS = 5000;
const PASSWORD = 'Fuzz.Test-Pass1';
/** A stand-in for the built host and one remote (their real builds are not needed). */
const STATIC_FILES: Record<string, string> = {
  'host-shell/dist/index.html': '<!doctype html><title>fuzz</title>',
  'host-shell/dist/main.0123abcd.js': 'void 0;',
  'mfe-auth/dist/remoteEntry.js': 'void 0;',
  'mfe-auth/dist/mf-manifest.json': '{}',
};

/**
 * Tables whose rows may change on a refusal, each for a reason:
 * - sign_in_lockouts: a wrong password (Login, ChangePassword) counts toward the lockout, also
 *   for names without an account (they answer exactly like accounts) — that is the refusal's job.
 * Watched although they were considered: sessions and refresh_tokens (a spent refresh token or
 * exchange code presented again revokes its family with a 401, but generated input cannot name
 * a spent one), audit_log and mailbox (written only with a change that succeeded).
 */
const MAY_CHANGE_ON_REFUSAL = new Set(['sign_in_lockouts']);

type Snapshot = Map<string, string>;

/** Row count and a hash of the rows of each table. */
async function snapshot(db: Kysely<DB>, tables: string[]): Promise<Snapshot> {
  if (!tables.length) return new Map();
  const parts = tables.map(
    (t) =>
      sql`select ${t}::text as t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as h from ${sql.table(t)} x`,
  );
  const { rows } = await sql<{ t: string; h: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return new Map(rows.map((r) => [r.t, r.h]));
}

const WRITE_LOG = 'fuzz_write_log';

/**
 * Row triggers on every watched table count writes per table in WRITE_LOG (in the writing
 * transaction: a rolled-back write leaves no count). After each case only the tables with new
 * writes are hashed again — hashing every table after every case would cost most of the run.
 * The test database is thrown away afterwards.
 */
async function watchWrites(db: Kysely<DB>, tables: string[]): Promise<void> {
  await sql.raw(`create table ${WRITE_LOG} (tbl text primary key, n bigint not null)`).execute(db);
  await sql
    .raw(
      `create function ${WRITE_LOG}_note() returns trigger language plpgsql as $$
       begin
         insert into ${WRITE_LOG} values (tg_table_name, 1) on conflict (tbl) do update set n = ${WRITE_LOG}.n + 1;
         return null;
       end $$`,
    )
    .execute(db);
  for (const t of tables) {
    await sql
      .raw(`create trigger ${WRITE_LOG} after insert or update or delete on "${t}" for each row execute function ${WRITE_LOG}_note()`)
      .execute(db);
  }
}

async function writeCounts(db: Kysely<DB>): Promise<Map<string, string>> {
  const { rows } = await sql<{ tbl: string; n: string }>`select tbl, n::text as n from ${sql.table(WRITE_LOG)}`.execute(db);
  return new Map(rows.map((r) => [r.tbl, r.n]));
}

function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((t) => before.get(t) !== after.get(t)).sort();
}

interface Answer {
  statusCode: number;
  body: string;
}

/** A request over a real socket: the path goes out exactly as written (`..` included). */
function overHttp(port: number, c: FuzzCase, headers: Record<string, string | string[]>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: c.method, path: c.path, headers, agent: false, timeout: 10_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(c.payload);
  });
}

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD';
const excerpt = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}…` : text).replace(/\s+/g, ' ');

for (const backend of BACKENDS) {
  describe(`fuzz of every route [${backend}]`, () => {
    let server: (TestServer & { dispose(): Promise<void> }) | undefined;
    const routes: RouteInfo[] = [];
    let fixtures: Fixtures;
    let port = 0;
    let staticRoot: string | undefined;

    beforeAll(async () => {
      // built files to serve, so the static routes answer with files (and the document headers) too
      staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'suite-fuzz-static-'));
      for (const [file, text] of Object.entries(STATIC_FILES)) {
        fs.mkdirSync(path.dirname(path.join(staticRoot, file)), { recursive: true });
        fs.writeFileSync(path.join(staticRoot, file), text);
      }
      server = await startTestServer(
        backend,
        {
          staticRoot,
          // limits far above the run's request count: a 429 would hide the route behind it
          rateLimit: { enabled: true, loginPerMinute: 1e6, tokenPerMinute: 1e6, resetPerMinute: 1e6, resetPerAddressPerHour: 1e6 },
        },
        {
          onRoute: (route) => {
            for (const method of [route.method].flat()) routes.push({ method, url: route.url });
          },
        },
      );
      const { app, db } = server;
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;

      const application = await db
        .selectFrom('applications')
        .select('id')
        .where(sql<string>`lower(name)`, '=', FALLBACK_APP)
        .executeTakeFirstOrThrow();
      const company = await db.insertInto('customers').values({ name: 'Fuzz Company' }).returning('id').executeTakeFirstOrThrow();
      const role = await db.insertInto('roles').values({ name: 'Fuzz Role' }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('role_applications').values({ role_id: role.id, application_id: application.id }).execute();
      const targetId = await createUser(db, { userName: 'fuzz.target' });
      await db
        .insertInto('user_customers')
        .values({ user_id: targetId, customer_id: company.id, principal: true, assigned: false })
        .execute();
      await db.insertInto('user_roles').values({ user_id: targetId, role_id: role.id, application_id: application.id }).execute();
      await createUser(db, { userName: 'fuzz.login', password: PASSWORD });
      await createUser(db, { userName: 'fuzz.changer', password: PASSWORD });
      await createUser(db, { userName: 'fuzz.reset', email: 'fuzz.reset@fuzz.test' });
      await createUser(db, { userName: 'fuzz.pending', idstate: 3 });
      const encrypted = encryptPayload(PASSWORD, app.ctx.payloadKey);
      fixtures = {
        adminToken: await tokenFor(app, 'admin', ADMIN_PASSWORD),
        companyId: company.id,
        roleName: 'Fuzz Role',
        targetId,
        loginUser: 'fuzz.login',
        loginPassword: encrypted,
        changerUser: 'fuzz.changer',
        changerPassword: encrypted,
        resetUser: 'fuzz.reset',
        resetEmail: 'fuzz.reset@fuzz.test',
        pendingUser: 'fuzz.pending',
      };
    }, 60_000);

    afterAll(async () => {
      await server?.dispose();
      if (staticRoot) fs.rmSync(staticRoot, { recursive: true, force: true });
    }, 30_000);

    test(
      'bad input to any route is refused with a 4xx and changes nothing',
      async () => {
        if (!server) throw new Error('test server did not start');
        const { app, db } = server;
        const started = Date.now();
        expect(routes.length).toBeGreaterThan(30);

        // every table of the schema, so a new table is watched without editing this file
        const tables = (
          await sql<{ t: string }>`select tablename as t from pg_tables where schemaname = current_schema() order by 1`.execute(db)
        ).rows
          .map((r) => r.t)
          .filter((t) => !MAY_CHANGE_ON_REFUSAL.has(t));
        await watchWrites(db, tables);
        let counts = await writeCounts(db);
        const state = await snapshot(db, tables);
        /** After a case: the tables whose rows it changed. */
        const changes = async (): Promise<string[]> => {
          await mailSent(app); // what a case queued is sent before its writes are counted
          const now = await writeCounts(db);
          const written = [...now].filter(([t, n]) => counts.get(t) !== n).map(([t]) => t);
          counts = now;
          if (!written.length) return [];
          const next = await snapshot(db, written);
          const changed = changedTables(new Map(written.map((t) => [t, state.get(t) ?? ''])), next);
          for (const [t, h] of next) state.set(t, h);
          return changed;
        };

        const allSeeds = seeds(fixtures);
        const failures: string[] = [];
        const accepted = new Map<string, number>();
        const log: string[] = [];
        let adminToken = fixtures.adminToken;
        let counter = 0;
        let run = 0;
        let skippedNul = 0;
        let slowest = { ms: 0, what: '' };

        /** True when the valid example is a 401 without a token and something else with the admin's: the route needs a token. */
        const guarded = async (c: FuzzCase) => {
          const send = (headers: Record<string, HeaderValue>) =>
            app.inject({
              method: c.method as InjectOptions['method'],
              url: c.path,
              headers,
              ...(c.payload !== undefined ? { payload: c.payload } : {}),
            });
          const anonymous = await send(c.headers);
          const admin = anonymous.statusCode === 401 ? await send({ ...c.headers, authorization: `Bearer ${adminToken}` }) : anonymous;
          await changes(); // the probe's own writes (a valid example may be accepted)
          return anonymous.statusCode === 401 && admin.statusCode !== 401;
        };

        for (const route of routes) {
          for (const pass of ['anonymous', 'admin'] as const) {
            const what = `[${pass}] ${route.method} ${route.url}`;
            const rng = mulberry32(SEED ^ hash32(`${pass} ${route.method} ${route.url}`));
            const seed = seedOf(allSeeds, route.method, route.url) ?? {};
            const list = casesFor({ route, seed, next: () => ++counter, adminToken: pass === 'admin' ? adminToken : undefined });
            let cases: FuzzCase[];
            if (route.method === 'HEAD') {
              cases = pickCases({ valid: list.valid, required: [], optional: [...list.required, ...list.optional] }, HEAD_CASES, rng);
            } else if (pass === 'anonymous' && (await guarded(list.valid))) {
              // fields and headers are read after the privilege check: unauthenticated, only the
              // parsing in front of it is worth the time
              const before = (c: FuzzCase) => BEFORE_AUTH.has(c.family);
              cases = pickCases(
                { valid: list.valid, required: list.required.filter(before), optional: list.optional.filter(before) },
                Math.ceil(EXTRA / 4),
                rng,
              );
            } else {
              cases = pickCases(list, Math.min(EXTRA, seed.extra ?? EXTRA), rng);
            }
            if (SKIP_NUL) {
              const kept = cases.filter((c) => !carriesNul(c));
              skippedNul += cases.length - kept.length;
              cases = kept;
            }

            const groupStarted = Date.now();
            for (const c of cases) {
              const headers = { ...(pass === 'admin' ? { authorization: `Bearer ${adminToken}` } : {}), ...c.headers };
              const label = `${what} — ${c.family}: ${c.name}`;
              const t0 = Date.now();
              let answer: Answer;
              try {
                answer =
                  c.transport === 'http'
                    ? await overHttp(port, c, headers)
                    : await app.inject({
                        method: c.method as InjectOptions['method'],
                        url: c.path,
                        headers,
                        ...(c.payload !== undefined ? { payload: c.payload } : {}),
                      });
              } catch (error) {
                failures.push(`${label} → request failed: ${(error as Error).message}`);
                continue;
              }
              run++;
              const ms = Date.now() - t0;
              if (ms > slowest.ms) slowest = { ms, what: label };
              if (ms > SLOW_MS) failures.push(`${label} → took ${ms} ms`);
              const changed = await changes();
              const ok = answer.statusCode >= 200 && answer.statusCode < 300;
              if (answer.statusCode >= 500) {
                failures.push(
                  `${label} → ${answer.statusCode} ${excerpt(answer.body)}${changed.length ? ` (changed: ${changed.join(', ')})` : ''}`,
                );
              } else if (!ok && changed.length) {
                failures.push(`${label} → ${answer.statusCode} but rows changed in ${changed.join(', ')}`);
              }
              // only a route with a body contract (a seed) can be said to accept what breaks it
              if (ok && c.invalid && seed.body && isWrite(route.method)) {
                accepted.set(`${what} — ${c.family}`, (accepted.get(`${what} — ${c.family}`) ?? 0) + 1);
                if (VERBOSE) log.push(`accepted: ${label} → ${answer.statusCode} ${excerpt(answer.body)}`);
              }
              if (ok && /root:.*:0:0:/.test(answer.body)) failures.push(`${label} → served a file outside the static roots`);
              if (({} as Record<string, unknown>).polluted !== undefined) {
                failures.push(`${label} → Object.prototype polluted`);
                delete (Object.prototype as Record<string, unknown>).polluted;
              }
            }

            if (VERBOSE) log.push(`${what}: ${cases.length} cases in ${Date.now() - groupStarted} ms`);
            if (pass === 'admin') {
              // a case must not end the admin's session: the following routes would all be 401
              const probe = await app.inject({
                method: 'GET',
                url: '/api/user/GetTypeUser',
                headers: { authorization: `Bearer ${adminToken}` },
              });
              if (probe.statusCode !== 200) {
                failures.push(`${what} → the admin's session no longer works (${probe.statusCode})`);
                adminToken = await tokenFor(app, 'admin', ADMIN_PASSWORD);
                await changes(); // the new session is the test's own write
              }
            }
          }
        }

        // the row triggers are trusted above: one full comparison at the end checks them
        const drift = changedTables(state, await snapshot(db, tables));
        if (drift.length) failures.push(`rows changed in ${drift.join(', ')} without their write being seen`);

        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const unseeded = [
          ...new Set(routes.filter((r) => r.method !== 'HEAD' && !seedOf(allSeeds, r.method, r.url)).map((r) => `${r.method} ${r.url}`)),
        ];
        const summary = [
          `fuzz [${backend}] seed ${SEED}: ${routes.length} routes, ${run} requests in ${seconds} s${SKIP_NUL ? `, ${skippedNul} NUL cases skipped` : ''}; slowest ${slowest.ms} ms (${slowest.what})`,
          `routes without a seed (generic cases only): ${unseeded.join(', ') || 'none'}`,
          ...log,
          ...(accepted.size
            ? [
                '2xx to invalid input on write routes (check they are meant to accept it):',
                ...[...accepted].map(([k, n]) => `  ${k} ×${n}`),
              ]
            : []),
        ];
        console.log(summary.join('\n'));
        if (failures.length) {
          throw new Error(`${failures.length} fuzz failure(s) on ${backend} (reproduce with FUZZ_SEED=${SEED}):\n${failures.join('\n')}`);
        }
      },
      EXTRA > 100 ? 60 * 60_000 : 240_000,
    ); // a large FUZZ_EXTRA runs (nearly) every case: minutes
  });
}
