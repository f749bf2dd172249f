/**
 * pnpm bench:timing — does the answer's timing tell whether an account exists? Wrong passwords
 * for an existing account and for unknown names, sent to POST /api/Login and to
 * POST /api/login/ChangePassword of the API running as its own process, one request at a time
 * and interleaved (known, unknown, known, …) so both see the same machine. Every name is used
 * once (fresh names, fresh accounts), so the lockout never answers instead of the password check.
 * Bound: for each call, p50(unknown) ÷ p50(known) within [0.8, 1.25].
 *
 *   DATABASE_URL unset → PGlite in a temporary directory; set → a fresh PostgreSQL database.
 *   BENCH_SAMPLES per kind and call (default 60; the number of bench accounts).
 */
import { encryptPayload } from '@suite/shared/crypto';
import { BENCH_PASSWORD, PAYLOAD_KEY, envInt, fmt, line, percentiles, prepareDatabase, startApi } from './common';

const LOW = 0.8;
const HIGH = 1.25;

async function main(): Promise<void> {
  const samples = envInt('BENCH_SAMPLES', 60);
  // each known account takes one wrong password per call: two calls, so one account is enough for both
  const db = await prepareDatabase(samples);
  process.stdout.write(`bench:timing — ${db.kind}, ${samples} wrong passwords per kind and call, interleaved\n`);
  const api = await startApi(db.env);
  let failed = false;
  try {
    const wrong = encryptPayload('Wrong.Pass-2025', PAYLOAD_KEY);
    const next = encryptPayload(`${BENCH_PASSWORD}x`, PAYLOAD_KEY);
    const calls = {
      Login: (user: string) => ({ path: '/api/Login', body: { user, password: wrong, appname: 'ibuhoo', TypeDeviceId: 2 } }),
      ChangePassword: (user: string) => ({ path: '/api/login/ChangePassword', body: { user, password: wrong, newpassword: next, appname: 'ibuhoo' } }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
      for (let i = 0; i < samples; i++) {
        for (const kind of ['known', 'unknown'] as const) {
          const user = kind === 'known' ? `bench.user${i + 1}` : `nobody.${name.toLowerCase()}${i}`;
          const { path, body } = call(user);
          const started = process.hrtime.bigint();
          const response = await fetch(`${api.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
          await response.text();
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          if (response.status !== 401) throw new Error(`${name} ${kind}: expected 401, got ${response.status}`);
          if (i > 0) times[kind].push(ms); // the first of each warms the path up
        }
      }
      const known = percentiles(times.known);
      const unknown = percentiles(times.unknown);
      const ratio = unknown.p50 / known.p50;
      const ok = ratio >= LOW && ratio <= HIGH;
      failed ||= !ok;
      line(`${name} known p50 / p95`, `${fmt(known.p50)} / ${fmt(known.p95)} ms`);
      line(`${name} unknown p50 / p95`, `${fmt(unknown.p50)} / ${fmt(unknown.p95)} ms`);
      line(`${name} unknown ÷ known (p50)`, fmt(ratio, 2), `bound [${LOW}, ${HIGH}] → ${ok ? 'met' : 'NOT met'}`);
    }
  } finally {
    await api.stop();
    await db.cleanup();
  }
  if (failed) process.exitCode = 1;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
