/**
 * pnpm bench:cluster — the suite as an organization runs it, on one machine: nginx (Debian's
 * package, installed when missing and running as root) with the production guide's proxy rules
 * (docs/operations/suite-proxy.conf) in front of three API instances on one PostgreSQL database
 * (DATABASE_URL), under a mixed load for BENCH_CLUSTER_SECONDS (default 180):
 *   - sessions: 40 people signed in, each refreshing its tokens and validating its token now and
 *     then, 20 of them holding a session hub connection (the official SignalR client, automatic
 *     reconnection, bound to the session as the page binds it);
 *   - sign-ins of other people, the users list read and privileges created by the administrator;
 *   - a scheduled notification to BENCH_CLUSTER_RECIPIENTS (default 2,000) falling due early on,
 *     sent through a local SMTP sink.
 * Meanwhile one instance is killed with SIGKILL and started again, then the three are restarted
 * one at a time with SIGTERM. The client retries an idempotent call once, as the suite's own
 * client does. Prints requests by outcome and phase, failures by kind, hub reconnection times,
 * mails per recipient and sessions lost, against the goals: no failed request during the rolling
 * restart; during the kill, no more failures than requests in flight when it came; hub clients
 * reconnected within 5 s (p95); every recipient mailed exactly once; no session lost.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { encryptPayload } from '@suite/shared/crypto';
import { openDatabase } from '../src/db';
import { notificationToRecipients } from './recipients';
import { startSink } from './sink';
import { ADMIN_PASSWORD, API_DIR, BENCH_PASSWORD, PAYLOAD_KEY, envInt, fmt, freePort, line, percentiles, prepareDatabase } from './common';

const SECONDS = envInt('BENCH_CLUSTER_SECONDS', 180);
const RECIPIENTS = envInt('BENCH_CLUSTER_RECIPIENTS', 2000);
const SESSIONS = 40;
const HUB_CLIENTS = 20;
const SIGN_IN_USERS = 10;
const HUB_P95_GOAL_MS = 5000;
const ROOT = path.resolve(API_DIR, '..');

type Phase = 'steady' | 'kill' | 'rolling';
let phase: Phase = 'steady';
let inFlight = 0;
const outcomes = new Map<string, number>();
const failures = new Map<string, number>();
const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
/** Hub bindings (validatesession): answered 200, or refused. */
const bindings = { bound: 0, refused: 0 };

/** nginx from Debian's package: installed when missing and running as root, as the test command installs Chromium. */
function ensureNginx(): string {
  const found = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
  if (found) return found;
  if (process.getuid?.() === 0) {
    process.stdout.write('installing nginx (apt-get install -y nginx-light)…\n');
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx-light'], { stdio: 'inherit' });
  }
  const installed = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
  if (!installed) throw new Error('bench:cluster needs nginx (Debian: apt-get install nginx-light)');
  return installed;
}

/** nginx in the foreground with the guide's proxy rules, in a scratch directory of its own. */
function startNginx(binary: string, port: number, upstreams: number[]): { stop(): Promise<void> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'suite-nginx-'));
  const conf = `
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream suite_api {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 64;
    keepalive_timeout 60s;
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  server {
    listen 127.0.0.1:${port};
    include ${path.join(ROOT, 'docs/operations/suite-proxy.conf')};
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn(binary, ['-c', path.join(dir, 'nginx.conf'), '-p', dir, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One API instance: a process started on its port, ready when its /readyz answers. */
class Instance {
  child: ChildProcess | null = null;
  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  async start(): Promise<void> {
    this.child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      try {
        if ((await fetch(`http://127.0.0.1:${this.port}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${this.name} did not become ready`);
  }

  /** Sends `signal` and waits for the process to end. */
  async stop(signal: NodeJS.Signals): Promise<number> {
    const child = this.child;
    if (!child || child.exitCode !== null) return 0;
    const started = Date.now();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
    return Date.now() - started;
  }
}

/** A call through the balancer, counted by phase and outcome; an idempotent one is retried once. */
async function call(base: string, kind: string, init: RequestInit & { idempotent?: boolean }, url: string): Promise<Response | null> {
  const attempts = init.idempotent ? 2 : 1;
  const at = phase;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    inFlight++;
    try {
      const res = await fetch(base + url, { ...init, signal: AbortSignal.timeout(15_000) });
      if (res.status >= 500 && attempt < attempts) {
        await res.arrayBuffer();
        continue;
      }
      count(outcomes, `${at} ${res.status < 500 ? 'answered' : 'failed'}`);
      if (res.status >= 500) count(failures, `${at} ${kind} ${res.status}`);
      return res;
    } catch (error) {
      if (attempt < attempts) continue;
      count(outcomes, `${at} failed`);
      count(
        failures,
        `${at} ${kind} ${(error as Error).cause ? String(((error as Error).cause as { code?: string }).code ?? 'network') : (error as Error).name}`,
      );
      return null;
    } finally {
      inFlight--;
    }
  }
  return null;
}

const json = { 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Session {
  user: string;
  token: string;
  refreshToken: string;
  lost: boolean;
}

async function signIn(base: string, user: string, password: string): Promise<Session | null> {
  const res = await call(
    base,
    'sign-in',
    {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ user, password: encryptPayload(password, PAYLOAD_KEY), appname: 'ibuhoo', TypeDeviceId: 2 }),
    },
    '/api/Login',
  );
  if (!res?.ok) return null;
  const { result } = (await res.json()) as { result: { token: string; refreshToken: string } };
  return { user, token: result.token, refreshToken: result.refreshToken, lost: false };
}

/** One person's session: refreshes and validates until the end; a refresh refused for the session itself is a session lost. */
async function holdSession(base: string, session: Session, until: number): Promise<void> {
  while (Date.now() < until && !session.lost) {
    await sleep(500 + Math.random() * 1000);
    const validated = await call(
      base,
      'token validation',
      { method: 'GET', headers: { user: session.user, token: session.token }, idempotent: true },
      '/api/login/TokenValidation',
    );
    await validated?.arrayBuffer();
    const res = await call(
      base,
      'refresh',
      {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ RefreshToken: session.refreshToken, UserName: session.user, Appname: 'ibuhoo' }),
      },
      '/api/Login/RefreshToken',
    );
    if (!res) continue; // no answer: the next refresh presents the same token (the reuse grace covers a lost answer)
    const body = (await res.json().catch(() => ({}))) as { result?: { token?: string; refreshToken?: string } };
    if (res.ok && body.result?.token && body.result.refreshToken) {
      session.token = body.result.token;
      session.refreshToken = body.result.refreshToken;
    } else if (res.status < 500) session.lost = true;
  }
}

/** A hub client bound to `session`, as the page binds it; its reconnection times are collected. */
async function connectHub(base: string, session: Session, reconnects: number[], gaveUp: { n: number }): Promise<HubConnection> {
  const connection = new HubConnectionBuilder()
    .withUrl(`${base}/api/connections/session`, { transport: HttpTransportType.WebSockets })
    .withAutomaticReconnect([0, 250, 500, 1000, 2000, 4000, 8000, 8000])
    .configureLogging(LogLevel.None)
    .build();
  const bind = async () => {
    const id = await connection.invoke<string>('GetConnectionId');
    const res = await call(
      base,
      'hub binding',
      { method: 'POST', headers: { authorization: `Bearer ${session.token}`, connectionId: id } },
      '/api/user/validatesession',
    );
    await res?.arrayBuffer();
    // bound whichever instance holds the WebSocket (docs/security/sessions-and-tokens.md)
    if (res?.ok) bindings.bound++;
    else bindings.refused++;
  };
  let lostAt = 0;
  connection.onreconnecting(() => {
    lostAt = Date.now();
  });
  connection.onreconnected(() => {
    reconnects.push(Date.now() - lostAt);
    void bind().catch(() => undefined);
  });
  connection.onclose(() => {
    if (lostAt) gaveUp.n++;
  });
  await connection.start();
  await bind();
  return connection;
}

/** The administrator's console work: list pages and a privilege created now and then. */
async function consoleWork(base: string, token: string, until: number): Promise<void> {
  let n = 0;
  while (Date.now() < until) {
    const list = await call(
      base,
      'users list',
      { method: 'GET', headers: { authorization: `Bearer ${token}`, pages: `${1 + (n % 5)},25`, filterBy: '3' }, idempotent: true },
      '/api/user/list',
    );
    await list?.arrayBuffer();
    if (n++ % 5 === 0) {
      const write = await call(
        base,
        'console write',
        {
          method: 'POST',
          headers: { ...json, authorization: `Bearer ${token}` },
          body: JSON.stringify({ name: `BENCH_${process.pid}_${n}`, description: 'Cluster bench', application: ['ibuhoo'] }),
        },
        '/api/privilege/create',
      );
      await write?.arrayBuffer();
    }
    await sleep(20);
  }
}

/** The notification to RECIPIENTS people, falling due in `dueInSeconds` whatever the day's send time. */
async function scheduleNotification(databaseUrl: string, dueInSeconds: number): Promise<number> {
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 2 });
  try {
    const { id } = await notificationToRecipients(database.db, { application: 'benchcluster', count: RECIPIENTS, reason: 'Cluster bench' });
    await database.db
      .updateTable('notifications')
      .set({ send_at: new Date(Date.now() + dueInSeconds * 1000) })
      .where('id', '=', id)
      .execute();
    return id;
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('bench:cluster runs on PostgreSQL: set DATABASE_URL');
  const nginx = ensureNginx();
  const db = await prepareDatabase(SESSIONS + SIGN_IN_USERS);
  const sink = await startSink();
  const [balancerPort, ...ports] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const base = `http://127.0.0.1:${balancerPort}`;
  const env = {
    ...db.env,
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    PUBLIC_URL: base,
    LOG_LEVEL: 'error',
    RATE_LIMIT: 'off',
    PAYLOAD_KEY,
    SUITE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    STATIC_ROOT: ROOT,
    TRUST_PROXY: '127.0.0.1',
    SMTP_URL: sink.url,
    NOTIFY_POLL_MS: '2000',
    SHUTDOWN_DRAIN_MS: '2000',
  };
  const instances = ports.map((port, i) => new Instance(`instance ${i + 1}`, port, env));
  const balancer = startNginx(nginx, balancerPort, ports);
  const hubs: HubConnection[] = [];
  try {
    await Promise.all(instances.map((instance) => instance.start()));
    const notification = await scheduleNotification(db.env.DATABASE_URL, 20);
    process.stdout.write(
      `bench:cluster — nginx on :${balancerPort} → 3 instances (${ports.join(', ')}) on one PostgreSQL, ${os.cpus().length} cores, ` +
        `${SECONDS} s of load: ${SESSIONS} sessions (${HUB_CLIENTS} on the hub), sign-ins, console reads and writes, ` +
        `a notification to ${RECIPIENTS} recipients\n`,
    );
    const started = Date.now();
    const until = started + SECONDS * 1000;
    const sessions: Session[] = [];
    for (let i = 1; i <= SESSIONS; i++) {
      const s = await signIn(base, `bench.user${i}`, BENCH_PASSWORD);
      if (!s) throw new Error(`bench.user${i} could not sign in`);
      sessions.push(s);
    }
    const admin = await signIn(base, 'admin', ADMIN_PASSWORD);
    if (!admin) throw new Error('admin could not sign in');
    const reconnects: number[] = [];
    const gaveUp = { n: 0 };
    for (const session of sessions.slice(0, HUB_CLIENTS)) hubs.push(await connectHub(base, session, reconnects, gaveUp));

    const load = [
      ...sessions.map((s) => holdSession(base, s, until)),
      ...Array.from({ length: 4 }, () => consoleWork(base, admin.token, until)),
      ...Array.from({ length: 2 }, async (_, worker) => {
        for (let i = worker; Date.now() < until; i += 2) {
          await signIn(base, `bench.user${SESSIONS + 1 + (i % SIGN_IN_USERS)}`, BENCH_PASSWORD);
          await sleep(50);
        }
      }),
    ];

    // the faults, on a schedule relative to the run's length
    const at = (fraction: number) => sleep(Math.max(0, started + SECONDS * 1000 * fraction - Date.now()));
    const events: string[] = [];
    const faults = (async () => {
      await at(0.2);
      phase = 'kill';
      const flying = inFlight;
      await instances[1].stop('SIGKILL');
      events.push(`SIGKILL of ${instances[1].name} with ${flying} requests in flight through the balancer`);
      await instances[1].start();
      await sleep(5000);
      phase = 'steady';
      await at(0.5);
      phase = 'rolling';
      for (const instance of instances) {
        const ms = await instance.stop('SIGTERM');
        events.push(`SIGTERM of ${instance.name}: exited after ${fmt(ms / 1000, 1)} s`);
        await instance.start();
      }
      await sleep(5000);
      phase = 'steady';
      return flying;
    })();
    const [flyingAtKill] = await Promise.all([faults, ...load]);

    // the notification: wait for its deliveries to settle
    let mailed = await sink.count();
    for (let i = 0; i < 60 && mailed.count < RECIPIENTS; i++) {
      await sleep(1000);
      mailed = await sink.count();
    }
    await sleep(3000);
    mailed = await sink.count();

    // report
    process.stdout.write('\n');
    for (const e of events) line('fault', e);
    for (const p of ['steady', 'kill', 'rolling'] as Phase[]) {
      line(`requests, ${p}`, `${outcomes.get(`${p} answered`) ?? 0} answered`, `${outcomes.get(`${p} failed`) ?? 0} failed`);
    }
    for (const [kind, n] of [...failures.entries()].sort()) line('  failed', `${n}`, kind);
    const rollingFailed = outcomes.get('rolling failed') ?? 0;
    const killFailed = outcomes.get('kill failed') ?? 0;
    const hub = percentiles(reconnects.length ? reconnects : [0]);
    const lost = sessions.filter((s) => s.lost).length;
    line('hub reconnections', `${reconnects.length}`, `p50 ${fmt(hub.p50, 0)} ms, p95 ${fmt(hub.p95, 0)} ms, ${gaveUp.n} gave up`);
    line('hub bindings', `${bindings.bound} bound`, `${bindings.refused} refused`);
    line('mails', `${mailed.count} for ${mailed.recipients} recipients`, `notification ${notification} to ${RECIPIENTS}`);
    line('sessions lost', `${lost} of ${sessions.length}`);
    const goals: [string, boolean][] = [
      ['no failed request during the rolling restart', rollingFailed === 0],
      [`during the kill, failures (${killFailed}) ≤ requests in flight when it came (${flyingAtKill})`, killFailed <= flyingAtKill],
      [`hub clients reconnected within ${HUB_P95_GOAL_MS / 1000} s (p95), none gave up`, hub.p95 <= HUB_P95_GOAL_MS && gaveUp.n === 0],
      ['every hub connection bound to its session, whichever instance holds it', bindings.refused === 0 && bindings.bound > 0],
      ['every recipient mailed exactly once', mailed.count === RECIPIENTS && mailed.recipients === RECIPIENTS],
      ['no session lost', lost === 0],
    ];
    process.stdout.write('\n');
    for (const [goal, met] of goals) line(met ? 'met' : 'MISSED', goal);
    if (goals.some(([, met]) => !met)) process.exitCode = 1;
  } finally {
    for (const h of hubs) await h.stop().catch(() => undefined);
    for (const instance of instances) await instance.stop('SIGTERM').catch(() => undefined);
    await balancer.stop();
    await sink.stop();
    await db.cleanup();
  }
}

main().catch((error) => {
  process.stderr.write(`bench:cluster failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
