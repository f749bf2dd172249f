/**
 * pnpm bench:timing — does the answer's timing tell whether an account exists? Wrong passwords
 * for an existing account and for unknown names, sent to POST /api/Login and to
 * POST /api/login/ChangePassword of the API running as its own process, one request at a time
 * and interleaved (known, unknown, known, …) so both see the same machine. Every name is used
 * once (fresh names, fresh accounts), so the lockout never answers instead of the password check.
 * Then the mail calls: POST /api/login/ResetPassword with an e-mail and
 * POST /api/user/SendUserActivationEmail with a user name, for an existing account (a mail is
 * queued) and for none (nothing is), interleaved the same way.
 * Bound: for each call, p50(unknown) ÷ p50(known) within [0.8, 1.25].
 *
 *   DATABASE_URL unset → PGlite in a temporary directory; set → a fresh PostgreSQL database.
 *   BENCH_SAMPLES per kind and call (default 60; the number of bench accounts).
 */
import { encryptPayload } from '@suite/shared/crypto';
import { BENCH_PASSWORD, PAYLOAD_KEY, envInt, fmt, line, percentiles, prepareDatabase, startApi } from './common';

/** Pause after each answer: the work it queued (an e-mail) is done before the next request. */
const SETTLE_MS = 25;
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
    type Call = (user: string, i: number) => { path: string; body: object; status: number };
    const calls: Record<string, { call: Call; known: (i: number) => string; unknown: (name: string, i: number) => string }> = {
      Login: {
        call: (user) => ({ path: '/api/Login', body: { user, password: wrong, appname: 'ibuhoo', TypeDeviceId: 2 }, status: 401 }),
        known: (i) => `bench.user${i + 1}`,
        unknown: (name, i) => `nobody.${name.toLowerCase()}${i}`,
      },
      ChangePassword: {
        call: (user) => ({
          path: '/api/login/ChangePassword',
          body: { user, password: wrong, newpassword: next, appname: 'ibuhoo' },
          status: 401,
        }),
        known: (i) => `bench.user${i + 1}`,
        unknown: (name, i) => `nobody.${name.toLowerCase()}${i}`,
      },
      // a mail queued for the account, none for the unknown address: the same answer, the same time
      ResetPassword: {
        call: (user) => ({ path: '/api/login/ResetPassword', body: { user, appname: 'ibuhoo' }, status: 200 }),
        known: (i) => `bench.user${i + 1}@bench.localhost`,
        unknown: (_name, i) => `nobody.reset${i}@bench.localhost`,
      },
      SendUserActivationEmail: {
        call: (user) => ({ path: '/api/user/SendUserActivationEmail', body: { user, appname: 'ibuhoo' }, status: 200 }),
        known: (i) => `bench.user${i + 1}`,
        unknown: (_name, i) => `nobody.activation${i}`,
      },
    };
    for (const [name, { call, known: knownName, unknown: unknownName }] of Object.entries(calls)) {
      const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
      for (let i = 0; i < samples; i++) {
        for (const kind of ['known', 'unknown'] as const) {
          const user = kind === 'known' ? knownName(i) : unknownName(name, i);
          const { path, body, status } = call(user, i);
          const started = process.hrtime.bigint();
          const response = await fetch(`${api.base}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          await response.text();
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          if (response.status !== status) throw new Error(`${name} ${kind}: expected ${status}, got ${response.status}`);
          if (i > 0) times[kind].push(ms); // the first of each warms the path up
          // the outbox sends after the answer: let it finish, so each answer is timed on its own
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
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
