/**
 * pnpm bench:refresh — refresh-token rotation (POST /api/Login/RefreshToken) and access-token
 * validation (GET /api/login/TokenValidation) against the API running as its own process.
 * Each connection holds its own session and sends, every time, the refresh token the previous
 * reply returned (a spent token would revoke the family: any break in the chain shows as non-2xx).
 * Goals: ≥ 720 rotations/s (3 × Keycloak's 120 per vCPU, 2 cores) and ≥ 4000 validations/s.
 *
 * Validation is measured twice: one token presented over and over (what a per-instance cache of
 * verified tokens and live sessions answers), and BENCH_SESSIONS distinct sessions' tokens in
 * turn, as real traffic has them — each request a token not seen for a while. The first time each
 * token comes, its signature is checked and its session read from the database (in batches); later
 * rounds find both cached, as an instance does for the sessions it serves until a change of them is
 * announced; both rates are printed besides the phase's. Those sessions are recorded before the API starts
 * through the sign-in's own SQL function and signed with the API's own key and claims, so the
 * setup does not cost one argon2 verify each.
 *
 *   DATABASE_URL unset → PGlite in a temporary directory; set → a fresh PostgreSQL database.
 *   BENCH_CONNECTIONS (default 4), BENCH_DURATION seconds per phase (default 10),
 *   BENCH_SESSIONS distinct sessions for the second validation phase (default 10,000).
 */
import { encryptPayload } from '@suite/shared/crypto';
import os from 'node:os';
import autocannon from 'autocannon';

import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../src/db';
import { accessTokenInput, issueAccessToken } from '../src/modules/auth/issue';
import { recordSignIn } from '../src/modules/auth/queries';
import { KeyStore } from '../src/security/keys';
import { hashRefreshToken } from '../src/security/tokens';
import { BENCH_PASSWORD, PAYLOAD_KEY, envInt, fmt, line, percentiles, prepareDatabase, startApi, type BenchDatabase } from './common';

const REFRESH_GOAL = 720;
const VALIDATION_GOAL = 4000;

interface Session {
  user: string;
  token: string;
  refreshToken: string;
}

async function signIn(base: string, user: string): Promise<Session> {
  const res = await fetch(`${base}/api/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, password: encryptPayload(BENCH_PASSWORD, PAYLOAD_KEY), appname: 'ibuhoo' }),
  });
  const body = (await res.json()) as { result: { token: string; refreshToken: string } };
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return { user, token: body.result.token, refreshToken: body.result.refreshToken };
}

const refreshBody = (s: Session) => JSON.stringify({ RefreshToken: s.refreshToken, UserName: s.user, Appname: 'ibuhoo' });

function report(label: string, result: autocannon.Result, latencies: number[], goal: number, unit: string): void {
  const perSecond = result['2xx'] / result.duration;
  const p = percentiles(latencies);
  line(`${label} (200)`, String(result['2xx']), `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`);
  line(`${unit}/s`, fmt(perSecond), `goal ≥ ${goal} → ${perSecond >= goal ? 'met' : 'MISSED'}`);
  line('latency p50 / p95 / p99 (ms)', `${fmt(p.p50, 1)} / ${fmt(p.p95, 1)} / ${fmt(p.p99, 1)}`);
  if (result.non2xx > 0 || result.errors > 0) process.exitCode = 1;
}

interface Presented {
  user: string;
  token: string;
}

/**
 * `count` live sessions of the bench users in ibuhoo, recorded as a sign-in records them
 * (suite_sign_in_success) and their access tokens signed as a sign-in signs them. Runs before
 * the API starts: PGlite's data directory has one process at a time.
 */
async function recordSessions(db: BenchDatabase, users: number, count: number): Promise<Presented[]> {
  const database = await openDatabase({ databaseUrl: db.env.DATABASE_URL, dataDir: db.env.DATA_DIR ?? 'memory://', poolSize: 4 });
  try {
    const keys = await KeyStore.open(database.db);
    const app = await database.db
      .selectFrom('applications')
      .select(['id', 'name', 'amount_time', 'time_unit'])
      .where('name', '=', 'ibuhoo')
      .executeTakeFirstOrThrow();
    const accounts = await database.db
      .selectFrom('users')
      .select(['id', 'user_name', 'names', 'surnames'])
      .where(sql<boolean>`user_name like 'bench.user%'`)
      .limit(users)
      .execute();
    const presented: Presented[] = [];
    for (let i = 0; i < count; i++) {
      const account = accounts[i % accounts.length];
      const record = await recordSignIn(database.db, {
        userId: account.id,
        applicationId: app.id,
        subject: account.user_name,
        refreshTokenHash: hashRefreshToken(randomBytes(32).toString('base64url')),
        refreshSeconds: 86_400,
        codeSeconds: 60,
        audit: { userName: account.user_name, action: 'user.sign_in', after: { application: app.name, way: 'password' } },
      });
      const token = await issueAccessToken(
        { keys, config: { tokenIssuer: process.env.TOKEN_ISSUER || 'suite-identity' } as never },
        accessTokenInput({ application: app, user: account, record }),
      );
      presented.push({ user: account.user_name, token });
    }
    return presented;
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const connections = envInt('BENCH_CONNECTIONS', 4);
  const duration = envInt('BENCH_DURATION', 10);
  const sessionCount = envInt('BENCH_SESSIONS', 10_000);
  const db = await prepareDatabase(connections);
  process.stdout.write(
    `bench:refresh — ${db.kind}, ${os.cpus().length} cores, ${connections} connections, ${duration} s per phase, ${sessionCount} sessions for the second validation phase\n`,
  );
  const recordingStarted = Date.now();
  const many = await recordSessions(db, connections, sessionCount);
  process.stdout.write(`recorded ${many.length} sessions in ${fmt((Date.now() - recordingStarted) / 1000, 1)} s\n`);
  const api = await startApi(db.env);
  try {
    const sessions: Session[] = [];
    for (let i = 0; i < connections; i++) sessions.push(await signIn(api.base, `bench.user${i + 1}`));

    // warm-up on a session of its own
    const warm = await signIn(api.base, 'bench.user1');
    for (let i = 0; i < 200; i++) {
      const res = await fetch(`${api.base}/api/Login/RefreshToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: refreshBody(warm),
      });
      const body = (await res.json()) as { result: { refreshToken: string } };
      if (res.status !== 200) throw new Error(`warm-up refresh failed: ${res.status} ${JSON.stringify(body)}`);
      warm.refreshToken = body.result.refreshToken;
    }

    // 1. rotation: each connection chains its own session's refresh tokens
    let assigned = 0;
    const refreshLatencies: number[] = [];
    const rotation = autocannon({
      url: api.base,
      connections,
      duration,
      setupClient: (client: autocannon.Client) => {
        const session = sessions[assigned++ % sessions.length];
        const request = {
          method: 'POST' as const,
          path: '/api/Login/RefreshToken',
          headers: { 'content-type': 'application/json' },
          body: refreshBody(session),
          onResponse: (status: number, body: string) => {
            if (status !== 200) return;
            session.refreshToken = (JSON.parse(body) as { result: { refreshToken: string } }).result.refreshToken;
            // the next request of this connection carries the token just returned
            client.setBody(refreshBody(session));
          },
        };
        client.setRequests([request]);
      },
    });
    rotation.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) refreshLatencies.push(responseTime);
    });
    const rotated = await rotation;

    // 2. validation of a live session's access token
    const session = await signIn(api.base, 'bench.user1');
    const validationLatencies: number[] = [];
    const validation = autocannon({
      url: api.base,
      connections,
      duration,
      requests: [
        {
          method: 'GET',
          path: '/api/login/TokenValidation',
          headers: { user: session.user, token: `Bearer ${session.token}`, option: '1', currentApp: 'ibuhoo' },
        },
      ],
    });
    validation.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) validationLatencies.push(responseTime);
    });
    const validated = await validation;

    // 3. validation of many sessions' tokens in turn: each connection walks its own share
    const manyLatencies: number[] = [];
    // when the last of the tokens was answered the first time (cold: signature and database read)
    let answered = 0;
    let firstRoundMs = 0;
    const spreadStarted = Date.now();
    let next = 0;
    const spread = autocannon({
      url: api.base,
      connections,
      duration,
      requests: [
        {
          method: 'GET',
          path: '/api/login/TokenValidation',
          setupRequest: (request: autocannon.Request) => {
            const { user, token } = many[next++ % many.length];
            return { ...request, headers: { user, token: `Bearer ${token}`, option: '1', currentApp: 'ibuhoo' } };
          },
        },
      ],
    });
    spread.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) manyLatencies.push(responseTime);
      if (++answered === many.length) firstRoundMs = Date.now() - spreadStarted;
    });
    const spreadValidated = await spread;

    process.stdout.write('\n');
    report('refresh rotations', rotated, refreshLatencies, REFRESH_GOAL, 'rotations');
    report('token validations, one token', validated, validationLatencies, VALIDATION_GOAL, 'validations');
    report(`token validations, ${many.length} sessions in turn`, spreadValidated, manyLatencies, VALIDATION_GOAL, 'validations');
    line(
      'tokens presented in the phase',
      String(Math.min(next, many.length)),
      `of ${many.length} (each seen again only after the other ${many.length - 1})`,
    );
    if (firstRoundMs > 0) {
      const later = spreadValidated['2xx'] - many.length;
      const laterSeconds = spreadValidated.duration - firstRoundMs / 1000;
      line(
        '  first round (each token new) /s',
        fmt(many.length / (firstRoundMs / 1000)),
        `${many.length} in ${fmt(firstRoundMs / 1000, 2)} s`,
      );
      if (laterSeconds > 0) line('  later rounds /s', fmt(later / laterSeconds), `${later} in ${fmt(laterSeconds, 2)} s`);
    } else {
      line('  first round (each token new)', 'unfinished', `${answered} of ${many.length} answered`);
    }
  } finally {
    await api.stop();
    await db.cleanup();
  }
}

main().catch((error) => {
  process.stderr.write(`bench:refresh failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
