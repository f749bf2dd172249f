/**
 * pnpm bench:hub — opens BENCH_HUB_CONNECTIONS (default 3000) idle SignalR connections from one
 * client (negotiate, WebSocket, JSON handshake) against the API started as its own process with
 * the default limits, then checks that /healthz and POST /api/Login still answer. Prints how
 * many connections the server accepted next to the bound it is compared with: the per-client
 * cap (HUB_MAX_CONNECTIONS_PER_CLIENT, default 50).
 * Then, for sizing (docs/operations.md), the same connections against an instance whose
 * per-client cap lets them all in: its resident memory (read from its own /metrics on
 * METRICS_PORT) before and with them open, as MB per 1,000 connections.
 *
 *   BENCH_HUB_CONNECTIONS connections to try (default 3000), BENCH_HUB_CONCURRENCY attempts in
 *   flight at once (default 100). DATABASE_URL unset → PGlite in a temporary directory.
 */
import { encryptPayload } from '@suite/shared/crypto';
import { WebSocket } from 'ws';
import { ADMIN_PASSWORD, PAYLOAD_KEY, envInt, fmt, freePort, line, prepareDatabase, startApi, type RunningApi } from './common';

const RS = '\x1e';
/** The server's default per-client cap (api/src/config.ts), unless the environment sets one. */
const PER_CLIENT_BOUND = envInt('HUB_MAX_CONNECTIONS_PER_CLIENT', 50);

type Outcome = { ok: true; ws: WebSocket } | { ok: false; why: string };

/** negotiate → WebSocket with ?id= → handshake answered: one idle hub connection. */
async function openOne(base: string): Promise<Outcome> {
  const hub = `${base}/api/connections/session`;
  let token: string;
  try {
    const res = await fetch(`${hub}/negotiate?negotiateVersion=1`, { method: 'POST', signal: AbortSignal.timeout(10_000) });
    if (res.status !== 200) {
      await res.arrayBuffer();
      return { ok: false, why: `negotiate ${res.status}` };
    }
    token = ((await res.json()) as { connectionToken: string }).connectionToken;
  } catch (error) {
    return { ok: false, why: `negotiate ${(error as Error).name}` };
  }
  return new Promise<Outcome>((resolve) => {
    const ws = new WebSocket(`${hub.replace(/^http/, 'ws')}?id=${encodeURIComponent(token)}`);
    const timer = setTimeout(() => {
      ws.terminate();
      resolve({ ok: false, why: 'timeout' });
    }, 10_000);
    const done = (outcome: Outcome) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    ws.once('unexpected-response', (_req, res) => {
      done({ ok: false, why: `upgrade ${res.statusCode}` });
      ws.terminate();
    });
    ws.once('error', (error) => done({ ok: false, why: `upgrade ${(error as NodeJS.ErrnoException).code ?? error.message}` }));
    ws.once('open', () => ws.send(`{"protocol":"json","version":1}${RS}`));
    ws.once('message', (data) => {
      if (String(data) === `{}${RS}`) done({ ok: true, ws });
      else {
        done({ ok: false, why: 'handshake refused' });
        ws.terminate();
      }
    });
  });
}

async function timed(request: () => Promise<Response>): Promise<string> {
  const started = performance.now();
  try {
    const res = await request();
    await res.arrayBuffer();
    return `${res.status} in ${fmt(performance.now() - started, 0)} ms`;
  } catch (error) {
    return `no answer (${(error as Error).name}) after ${fmt(performance.now() - started, 0)} ms`;
  }
}

/** The instance's resident memory in MB, from its loopback scrape, once the garbage has settled. */
async function residentMb(metricsPort: number): Promise<number> {
  await new Promise((r) => setTimeout(r, 2000));
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const value = /^process_resident_memory_bytes (\S+)$/m.exec(text)?.[1];
  return Number(value) / 1024 / 1024;
}

/** Opens `total` connections, `concurrency` at a time; returns the open ones and the refusals by reason. */
async function openMany(api: RunningApi, total: number, concurrency: number) {
  const open: WebSocket[] = [];
  const refused = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const outcome = await openOne(api.base);
        if (outcome.ok) open.push(outcome.ws);
        else refused.set(outcome.why, (refused.get(outcome.why) ?? 0) + 1);
      }
    }),
  );
  return { open, refused };
}

/** Memory per 1,000 idle hub connections of one instance (sizing). */
async function memoryPerThousand(dbEnv: Record<string, string>, total: number, concurrency: number): Promise<void> {
  const metricsPort = await freePort();
  const api = await startApi({ ...dbEnv, HUB_MAX_CONNECTIONS_PER_CLIENT: String(total + 10), METRICS_PORT: String(metricsPort) });
  let open: WebSocket[] = [];
  try {
    const before = await residentMb(metricsPort);
    ({ open } = await openMany(api, total, concurrency));
    const after = await residentMb(metricsPort);
    const held = open.filter((ws) => ws.readyState === WebSocket.OPEN).length;
    line(
      'memory per 1,000 connections',
      `${fmt(((after - before) / held) * 1000, 1)} MB`,
      `resident ${fmt(before, 0)} MB idle → ${fmt(after, 0)} MB with ${held} open (sizing, docs/operations.md)`,
    );
  } finally {
    for (const ws of open) ws.terminate();
    await api.stop();
  }
}

async function main(): Promise<void> {
  const total = envInt('BENCH_HUB_CONNECTIONS', 3000);
  const concurrency = envInt('BENCH_HUB_CONCURRENCY', 100);
  const db = await prepareDatabase(1); // the common set-up wants at least one bench user
  process.stdout.write(
    `bench:hub — ${db.kind}, ${total} idle hub connections from one client, ${concurrency} at a time, server limits at their defaults\n`,
  );
  const api = await startApi(db.env);
  let open: WebSocket[] = [];
  const started = performance.now();
  try {
    const opened = await openMany(api, total, concurrency);
    open = opened.open;
    const { refused } = opened;
    const seconds = (performance.now() - started) / 1000;
    const health = await timed(() => fetch(`${api.base}/healthz`, { signal: AbortSignal.timeout(5000) }));
    const login = await timed(() =>
      fetch(`${api.base}/api/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'admin', password: encryptPayload(ADMIN_PASSWORD, PAYLOAD_KEY), appname: 'ibuhoo', TypeDeviceId: 2 }),
        signal: AbortSignal.timeout(5000),
      }),
    );
    const stillOpen = open.filter((ws) => ws.readyState === WebSocket.OPEN).length;
    line('connections tried', String(total), `in ${fmt(seconds, 1)} s`);
    line('accepted (open at the end)', String(stillOpen), `bound: per-client cap ${PER_CLIENT_BOUND}`);
    line('refused', String(total - open.length), [...refused].map(([why, n]) => `${why} × ${n}`).join(', '));
    line('GET /healthz at the end', health);
    line('POST /api/Login at the end', login);
    const verdict = stillOpen <= PER_CLIENT_BOUND ? 'within the bound' : 'OVER the bound';
    process.stdout.write(`\n${stillOpen} accepted vs per-client cap ${PER_CLIENT_BOUND}: ${verdict}\n`);
    for (const ws of open) ws.terminate();
    open = [];
    await api.stop();
    await memoryPerThousand(db.env, total, concurrency);
  } finally {
    for (const ws of open) ws.terminate();
    await api.stop();
    await db.cleanup();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
