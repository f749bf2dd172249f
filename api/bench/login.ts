/**
 * pnpm bench:login — real sign-ins (POST /api/Login) against the API running as its own process,
 * compared with the raw argon2id verifies per second this machine does with the same parameters,
 * as many at once as the API runs them (ARGON2_CONCURRENCY: the cores, within libuv's pool),
 * measured in the same run. The two alternate in short slices (sign-ins, then raw verifies,
 * several rounds) so that both see the same machine: on a shared machine the load of other
 * processes moves both figures together and the ratio stays meaningful.
 * Goals: logins ÷ verifies ≥ 0.85, and the API process's CPU per sign-in beyond the hash (its CPU
 * time ÷ sign-ins − the raw verify's CPU per verify) ≤ 1.8 ms. BENCH_CPU_PROF=<dir> writes a
 * .cpuprofile of the API process there (startApi).
 *
 *   DATABASE_URL unset → PGlite in a temporary directory; set → a fresh PostgreSQL database.
 *   BENCH_CONNECTIONS (default max(4, 2 × cores)), BENCH_DURATION seconds of sign-ins (default 10),
 *   BENCH_ROUNDS (default 5), BENCH_USERS bench accounts signing in round-robin (default 16),
 *   BENCH_WARMUP seconds of sign-ins before the measured ones, not counted (default 20; 0: none).
 */
import { encryptPayload } from '@suite/shared/crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import { verify } from '@node-rs/argon2';

import { ARGON2_CONCURRENCY, hashPassword, PASSWORD_PARAMS } from '../src/security/passwords';
import {
  BENCH_PASSWORD,
  PAYLOAD_KEY,
  defaultConnections,
  envInt,
  fmt,
  line,
  percentiles,
  postgresCpuMs,
  prepareDatabase,
  startApi,
} from './common';

const GOAL = 0.85;
/** CPU ms per sign-in beyond the argon2 verify. */
const BEYOND_HASH_GOAL_MS = 1.8;

/** Raw argon2id verifies at `concurrency` for `seconds`: count, elapsed seconds, CPU ms used. */
async function argon2Slice(hash: string, concurrency: number, seconds: number) {
  let done = 0;
  const cpu = process.cpuUsage();
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
  const used = process.cpuUsage(cpu);
  return { done, seconds: Number(process.hrtime.bigint() - started) / 1e9, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * CPU ms a Node thread spends per wake-up from idle on this machine (a timer that does nothing):
 * the floor of what each event of a sign-in costs the API's main thread when the load is too
 * light to batch them (tens of microseconds on bare metal; far more in some virtual machines).
 */
async function wakeUpCpuMs(seconds: number): Promise<number> {
  let wakes = 0;
  const cpu = process.cpuUsage();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => wakes++, 10);
    setTimeout(() => {
      clearInterval(timer);
      resolve();
    }, seconds * 1000);
  });
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000 / Math.max(1, wakes);
}

async function main(): Promise<void> {
  const connections = defaultConnections();
  const duration = envInt('BENCH_DURATION', 10);
  const rounds = envInt('BENCH_ROUNDS', 5);
  const users = envInt('BENCH_USERS', 16);
  const warmup = process.env.BENCH_WARMUP === '0' ? 0 : envInt('BENCH_WARMUP', 20);
  const slice = Math.max(1, duration / rounds);
  // the API never runs more hashes at once than this: neither does the baseline
  const hashing = Math.min(connections, ARGON2_CONCURRENCY);
  const db = await prepareDatabase(users);
  process.stdout.write(
    `bench:login — ${db.kind}, ${os.cpus().length} cores, ${connections} connections, ${rounds} × ${fmt(slice, 1)} s of sign-ins ` +
      `alternating with ${rounds} × ${fmt(slice, 1)} s of raw verifies (${hashing} at once), argon2id m=${PASSWORD_PARAMS.memoryCost} ` +
      `t=${PASSWORD_PARAMS.timeCost} p=${PASSWORD_PARAMS.parallelism}\n`,
  );
  const api = await startApi(db.env);
  try {
    const bodies = Array.from({ length: users }, (_, i) =>
      JSON.stringify({
        user: `bench.user${i + 1}`,
        password: encryptPayload(BENCH_PASSWORD, PAYLOAD_KEY),
        appname: 'ibuhoo',
        TypeDeviceId: 2,
        Browser: 'autocannon',
      }),
    );
    // warm-up: JIT, pools, plans
    for (let i = 0; i < 2 * users; i++) {
      const res = await fetch(`${api.base}/api/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: bodies[i % users],
      });
      if (res.status !== 200) throw new Error(`warm-up sign-in failed: ${res.status} ${await res.text()}`);
    }
    const hash = await hashPassword(BENCH_PASSWORD);
    await argon2Slice(hash, hashing, 1);

    let next = 0;
    /** Sign-ins at `connections` for `seconds`: autocannon's result, 200 latencies, CPU used (ms). */
    const signInSlice = async (seconds: number, latencies?: number[]) => {
      const apiCpuBefore = api.cpuMs();
      const threadsBefore = api.threadCpuMs();
      const postgresBefore = postgresCpuMs();
      const clientCpu = process.cpuUsage();
      const instance = autocannon({
        url: api.base,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: '/api/Login',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
          },
        ],
      });
      if (latencies) {
        instance.on('response', (_client, statusCode, _bytes, responseTime) => {
          if (statusCode === 200) latencies.push(responseTime);
        });
      }
      const result = await instance;
      const clientUsed = process.cpuUsage(clientCpu);
      const threads = api.threadCpuMs();
      return {
        result,
        apiCpuMs: api.cpuMs() - apiCpuBefore,
        mainCpuMs: threads.main - threadsBefore.main,
        otherThreadsCpuMs: threads.others - threadsBefore.others,
        postgresCpuMs: postgresCpuMs() - postgresBefore,
        clientCpuMs: (clientUsed.user + clientUsed.system) / 1000,
      };
    };

    // a server signs people in for days: the figures are those of an API whose sign-in path V8
    // has optimised, not of one still interpreting it (the first seconds cost far more)
    if (warmup > 0) {
      const w = await signInSlice(warmup);
      if (w.result.non2xx > 0 || w.result.errors > 0)
        throw new Error(`warm-up sign-ins failed: non-2xx ${w.result.non2xx}, errors ${w.result.errors}`);
      line(
        'warm-up (not counted)',
        `${w.result['2xx']} sign-ins`,
        `${fmt(w.result.duration, 0)} s; main thread ${fmt(w.mainCpuMs / Math.max(1, w.result['2xx']), 2)} ms per sign-in while V8 optimises`,
      );
    }

    const latencies: number[] = [];
    const totals = {
      ok: 0,
      non2xx: 0,
      errors: 0,
      timeouts: 0,
      seconds: 0,
      apiCpuMs: 0,
      mainCpuMs: 0,
      otherThreadsCpuMs: 0,
      postgresCpuMs: 0,
      clientCpuMs: 0,
    };
    const raw = { done: 0, seconds: 0, cpuMs: 0 };
    for (let round = 0; round < rounds; round++) {
      const { result, ...cpu } = await signInSlice(slice, latencies);
      totals.ok += result['2xx'];
      totals.non2xx += result.non2xx;
      totals.errors += result.errors;
      totals.timeouts += result.timeouts;
      totals.seconds += result.duration;
      for (const key of Object.keys(cpu) as (keyof typeof cpu)[]) totals[key] += cpu[key];

      const r = await argon2Slice(hash, hashing, slice);
      raw.done += r.done;
      raw.seconds += r.seconds;
      raw.cpuMs += r.cpuMs;
    }

    const loginsPerSecond = totals.ok / totals.seconds;
    const verifies = raw.done / raw.seconds;
    const p = percentiles(latencies);
    const ratio = loginsPerSecond / verifies;
    const perLogin = (ms: number) => fmt(ms / Math.max(1, totals.ok), 2);
    const rawPerVerify = raw.cpuMs / Math.max(1, raw.done);
    const beyondHash = totals.apiCpuMs / Math.max(1, totals.ok) - rawPerVerify;

    process.stdout.write('\n');
    line('sign-ins (200)', String(totals.ok), `non-2xx ${totals.non2xx}, errors ${totals.errors}, timeouts ${totals.timeouts}`);
    line('logins/s', fmt(loginsPerSecond));
    line('latency p50 / p95 / p99 (ms)', `${fmt(p.p50, 0)} / ${fmt(p.p95, 0)} / ${fmt(p.p99, 0)}`);
    line('raw argon2 verifies/s', fmt(verifies), `same parameters, ${hashing} at once as in the API, ${raw.done} verifies`);
    line(
      'CPU ms per sign-in (API process)',
      perLogin(totals.apiCpuMs),
      `raw verify ${fmt(rawPerVerify, 2)}; load client ${perLogin(totals.clientCpuMs)}`,
    );
    line(
      '  by thread: main / others',
      `${perLogin(totals.mainCpuMs)} / ${perLogin(totals.otherThreadsCpuMs)}`,
      'JavaScript on the main thread; argon2, the collector and the compiler on the others',
    );
    line(
      '  a thread wake-up on this machine',
      fmt(await wakeUpCpuMs(2), 3),
      'CPU ms of a timer that does nothing; the main thread wakes for each event of a sign-in (request, two statements, hash)',
    );
    if (!Number.isNaN(totals.postgresCpuMs))
      line('PostgreSQL CPU ms per sign-in', perLogin(totals.postgresCpuMs), 'every postgres process of this machine');
    line(
      'CPU ms per sign-in beyond the hash',
      fmt(beyondHash, 2),
      `goal ≤ ${BEYOND_HASH_GOAL_MS} → ${beyondHash <= BEYOND_HASH_GOAL_MS ? 'met' : 'MISSED'}`,
    );
    line('logins ÷ verifies', fmt(ratio, 3), `goal ≥ ${GOAL} → ${ratio >= GOAL ? 'met' : 'MISSED'}`);
    if (totals.non2xx > 0 || totals.errors > 0) process.exitCode = 1;
  } finally {
    await api.stop();
    await db.cleanup();
  }
}

main().catch((error) => {
  process.stderr.write(`bench:login failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
