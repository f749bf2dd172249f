/**
 * pnpm bench:refresh — refresh-token rotation (POST /api/Login/RefreshToken) and access-token
 * validation (GET /api/login/TokenValidation) against the API running as its own process.
 * Each connection holds its own session and sends, every time, the refresh token the previous
 * reply returned (a spent token would revoke the family: any break in the chain shows as non-2xx).
 * Goals: ≥ 720 rotations/s (3 × Keycloak's 120 per vCPU, 2 cores) and ≥ 4000 validations/s.
 *
 *   DATABASE_URL unset → PGlite in a temporary directory; set → a fresh PostgreSQL database.
 *   BENCH_CONNECTIONS (default 4), BENCH_DURATION seconds per phase (default 10).
 */
import { encryptPayload } from '@suite/shared/crypto';
import os from 'node:os';
import autocannon from 'autocannon';

import { BENCH_PASSWORD, PAYLOAD_KEY, envInt, fmt, line, percentiles, prepareDatabase, startApi } from './common';

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

async function main(): Promise<void> {
  const connections = envInt('BENCH_CONNECTIONS', 4);
  const duration = envInt('BENCH_DURATION', 10);
  const db = await prepareDatabase(connections);
  process.stdout.write(`bench:refresh — ${db.kind}, ${os.cpus().length} cores, ${connections} connections, ${duration} s per phase\n`);
  const api = await startApi(db.env);
  try {
    const sessions: Session[] = [];
    for (let i = 0; i < connections; i++) sessions.push(await signIn(api.base, `bench.user${i + 1}`));

    // warm-up on a session of its own
    const warm = await signIn(api.base, 'bench.user1');
    for (let i = 0; i < 200; i++) {
      const res = await fetch(`${api.base}/api/Login/RefreshToken`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: refreshBody(warm) });
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

    process.stdout.write('\n');
    report('refresh rotations', rotated, refreshLatencies, REFRESH_GOAL, 'rotations');
    report('token validations', validated, validationLatencies, VALIDATION_GOAL, 'validations');
  } finally {
    await api.stop();
    await db.cleanup();
  }
}

main().catch((error) => {
  process.stderr.write(`bench:refresh failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
