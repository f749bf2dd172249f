/**
 * pnpm bench:login — real sign-ins (POST /api/Login) against the API running as its own process,
 * compared with the raw argon2id verifies per second this machine does with the same parameters
 * and the same concurrency, measured in the same run (before and after the sign-ins; the mean is
 * the bound). Goal: logins ÷ verifies ≥ 0.85.
 *
 *   DATABASE_URL unset → PGlite in a temporary directory; set → a fresh PostgreSQL database.
 *   BENCH_CONNECTIONS (default max(4, 2 × cores)), BENCH_DURATION seconds (default 10),
 *   BENCH_USERS bench accounts signing in round-robin (default 16).
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { verify } from '@node-rs/argon2';
import { payloadCipher } from '@suite/shared/contracts';
import { hashPassword, PASSWORD_PARAMS } from '../src/security/passwords';
import { BENCH_PASSWORD, PAYLOAD_KEY, defaultConnections, envInt, fmt, line, percentiles, prepareDatabase, startApi } from './common';

const GOAL = 0.85;

/** Raw argon2id verifies per second at `concurrency`, for `seconds`. */
async function argon2Rate(concurrency: number, seconds: number): Promise<number> {
  const hash = await hashPassword(BENCH_PASSWORD);
  let done = 0;
  const started = process.hrtime.bigint();
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        if (!(await verify(hash, BENCH_PASSWORD))) throw new Error('argon2 verify failed');
        done++;
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return done / elapsed;
}

async function main(): Promise<void> {
  const connections = defaultConnections();
  const duration = envInt('BENCH_DURATION', 10);
  const users = envInt('BENCH_USERS', 16);
  const db = await prepareDatabase(users);
  process.stdout.write(
    `bench:login — ${db.kind}, ${os.cpus().length} cores, ${connections} connections, ${duration} s, ` +
      `argon2id m=${PASSWORD_PARAMS.memoryCost} t=${PASSWORD_PARAMS.timeCost} p=${PASSWORD_PARAMS.parallelism}\n`,
  );
  const api = await startApi(db.env);
  try {
    const bodies = Array.from({ length: users }, (_, i) =>
      JSON.stringify({
        user: `bench.user${i + 1}`,
        password: payloadCipher.encryptPayload(BENCH_PASSWORD, PAYLOAD_KEY),
        appname: 'ibuhoo',
        TypeDeviceId: 2,
        Browser: 'autocannon',
      }),
    );
    // warm-up: JIT, pools, the decoy hash
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${api.base}/api/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bodies[i % users] });
      if (res.status !== 200) throw new Error(`warm-up sign-in failed: ${res.status} ${await res.text()}`);
    }

    const before = await argon2Rate(connections, Math.max(3, Math.round(duration / 2)));

    let next = 0;
    const latencies: number[] = [];
    const instance = autocannon({
      url: api.base,
      connections,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/api/Login',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
        },
      ],
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) latencies.push(responseTime);
    });
    const result = await instance;

    const after = await argon2Rate(connections, Math.max(3, Math.round(duration / 2)));
    const verifies = (before + after) / 2;
    const ok = result['2xx'];
    const loginsPerSecond = ok / result.duration;
    const p = percentiles(latencies);
    const ratio = loginsPerSecond / verifies;

    process.stdout.write('\n');
    line('sign-ins (200)', String(ok), `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`);
    line('logins/s', fmt(loginsPerSecond));
    line('latency p50 / p95 / p99 (ms)', `${fmt(p.p50, 0)} / ${fmt(p.p95, 0)} / ${fmt(p.p99, 0)}`);
    line('raw argon2 verifies/s', fmt(verifies), `before ${fmt(before)}, after ${fmt(after)}; same parameters, concurrency ${connections}`);
    line('logins ÷ verifies', fmt(ratio, 3), `goal ≥ ${GOAL} → ${ratio >= GOAL ? 'met' : 'MISSED'}`);
    if (result.non2xx > 0 || result.errors > 0) process.exitCode = 1;
  } finally {
    await api.stop();
    await db.cleanup();
  }
}

main().catch((error) => {
  process.stderr.write(`bench:login failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
