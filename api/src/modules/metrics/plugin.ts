import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { INFORMATION_CODES, fail, passwordsApi, sessionsApi } from '@suite/shared/contracts';
import { es } from '@suite/shared/phrases';

/** The calls whose outcomes are counted by their reply code: sign-ins by way, token calls by call. */
const COUNTED: Record<string, { metric: 'signIns' | 'tokens'; label: string }> = {
  [sessionsApi.login.path.toLowerCase()]: { metric: 'signIns', label: 'password' },
  [passwordsApi.certificateSignIn.path.toLowerCase()]: { metric: 'signIns', label: 'certificate' },
  [passwordsApi.oidcExchange.path.toLowerCase()]: { metric: 'signIns', label: 'external' },
  [sessionsApi.refreshToken.path.toLowerCase()]: { metric: 'tokens', label: 'refresh' },
  [sessionsApi.revokeToken.path.toLowerCase()]: { metric: 'tokens', label: 'revoke' },
  [sessionsApi.generateTokens.path.toLowerCase()]: { metric: 'tokens', label: 'code_exchange' },
};

/** What a scrape reads besides the process: the hub's open connections, PostgreSQL's pool, the notifications. */
export interface MetricsSources {
  hubConnections(): number;
  pool?: { inUse(): number; waiting(): number };
  /** Deliveries waiting to be sent, every instance's (the database's count). */
  notificationBacklog(): Promise<number>;
  /** Each run of this instance's scheduler. */
  onNotificationRun(listener: (result: { sent: number; retried: number; failed: number }) => void): void;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Who may scrape: the bearer of a token on the API's port, and/or anyone on a loopback port. */
export interface MetricsAccess {
  token?: string;
  /** Port on 127.0.0.1 (0: any free one, for the tests). */
  loopbackPort?: number;
}

/**
 * `GET /metrics` in Prometheus' text format (prom-client), answered on the API's port only to a
 * bearer of METRICS_TOKEN (without it the route does not exist), and to anyone on METRICS_PORT,
 * a port of the loopback interface only: the process and its event loop, HTTP
 * request durations by route and status, sign-in outcomes by way and reply code, token calls by
 * call and reply code, rate-limit refusals by route, the hub's open connections and PostgreSQL's
 * pool. One registry per server, so that instances in one process (the tests) keep
 * their own counts.
 */
export function installMetrics(app: FastifyInstance, access: MetricsAccess, sources: MetricsSources): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const signIns = new Counter({
    name: 'suite_sign_ins_total',
    help: 'Sign-in answers by way (password, certificate, external) and reply code (A10 success, R11 wrong credentials, R13 locked, …)',
    labelNames: ['way', 'code'] as const,
    registers: [registry],
  });
  const tokens = new Counter({
    name: 'suite_token_requests_total',
    help: 'Token calls by call (refresh, revoke, code_exchange) and reply code',
    labelNames: ['call', 'code'] as const,
    registers: [registry],
  });
  const limited = new Counter({
    name: 'suite_rate_limited_total',
    help: 'Requests refused by a rate limit (429), by route',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'suite_notification_deliveries_total',
    help: "Notification e-mails this instance's scheduler handled, by outcome (sent, retried, failed)",
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  sources.onNotificationRun(({ sent, retried, failed }) => {
    if (sent) deliveries.inc({ outcome: 'sent' }, sent);
    if (retried) deliveries.inc({ outcome: 'retried' }, retried);
    if (failed) deliveries.inc({ outcome: 'failed' }, failed);
  });
  new Gauge({
    name: 'suite_notification_backlog',
    help: 'Notification e-mails waiting to be sent (pending or being sent), on every instance',
    registers: [registry],
    async collect() {
      this.set(await sources.notificationBacklog());
    },
  });
  const { pool } = sources;
  if (pool) {
    new Gauge({
      name: 'suite_db_pool_in_use',
      help: 'PostgreSQL connections of the pool running a query',
      registers: [registry],
      collect() {
        this.set(pool.inUse());
      },
    });
    new Gauge({
      name: 'suite_db_pool_waiting',
      help: 'Queries waiting for a connection of the pool',
      registers: [registry],
      collect() {
        this.set(pool.waiting());
      },
    });
  }
  new Gauge({
    name: 'suite_hub_connections',
    help: "Open connections of this instance's session hub",
    registers: [registry],
    collect() {
      this.set(sources.hubConnections());
    },
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const counted = COUNTED[(request.routeOptions.url ?? '').toLowerCase()];
    if (counted && typeof payload === 'string') {
      let code = 'unknown';
      try {
        code = String((JSON.parse(payload) as { result?: { informationCode?: unknown } }).result?.informationCode ?? 'unknown');
      } catch {
        // not the envelope: counted as unknown
      }
      if (counted.metric === 'signIns') signIns.inc({ way: counted.label, code });
      else tokens.inc({ call: counted.label, code });
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    // unrouted requests share one label: a scanner's paths must not grow the series without bound
    const route = request.routeOptions.url ?? 'unrouted';
    if (reply.statusCode === 429) limited.inc({ route });
    duration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const { token, loopbackPort } = access;
  if (token) {
    app.get('/metrics', async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      reply.header('cache-control', 'no-store');
      if (!sameSecret(given, token)) return reply.code(401).send(fail(401, es.messages.unauthorized, INFORMATION_CODES.unauthorized));
      reply.type(registry.contentType);
      return registry.metrics();
    });
  }
  if (loopbackPort !== undefined) serveOnLoopback(app, loopbackPort, registry);
}

/**
 * The scrape on its own server bound to 127.0.0.1: reachable from the host only, so it needs no
 * token. It opens with the app and closes with it; `app.metricsAddress` tells where it listens.
 */
function serveOnLoopback(app: FastifyInstance, port: number, registry: Registry): void {
  let server: Server | undefined;
  app.decorate('metricsAddress', null as AddressInfo | null);
  app.addHook('onReady', async () => {
    server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
        (err: unknown) => {
          app.log.warn({ err }, 'metrics scrape failed');
          response.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server?.once('error', reject);
      server?.listen(port, '127.0.0.1', () => resolve());
    });
    app.metricsAddress = server.address() as AddressInfo;
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the loopback metrics server listens (METRICS_PORT), once the app is ready. */
    metricsAddress: AddressInfo | null;
  }
}
