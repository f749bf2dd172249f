import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { FALLBACK_APP } from '@suite/shared/contracts';
import { ADMIN_PASSWORD, BACKENDS, describeEachBackend, json, login, startTestServer } from '../../../test/harness';
import { installMetrics } from './plugin';

const TOKEN = 'scrape-token-0123456789';
/** The sign-ins an address may make in a minute here: the tests before the last stay under it. */
const LOGINS_PER_MINUTE = 8;

/** The value of a sample line of a scrape (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split('\n')
    .find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `) ? wanted.every((w) => l.includes(w)) : false));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describeEachBackend(
  'metrics',
  (server) => {
    const scrape = async (authorization = `Bearer ${TOKEN}`) =>
      server().app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });

    it('answers only the bearer of METRICS_TOKEN', async () => {
      expect((await scrape('')).statusCode).toBe(401);
      expect((await scrape('Bearer wrong-token-0123456789')).statusCode).toBe(401);
      const ok = await scrape();
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^text\/plain/);
      expect(ok.body).toContain('process_cpu_user_seconds_total');
      expect(ok.body).toContain('nodejs_eventloop_lag_seconds');
    });

    it('counts requests by route and status, and sign-ins by way and outcome, as traffic comes', async () => {
      const { app } = server();
      const before = (await scrape()).body;
      const signedIn = json(await login(app, 'admin', ADMIN_PASSWORD)).result as { refreshToken: string };
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/Login/RefreshToken',
        payload: { RefreshToken: signedIn.refreshToken, UserName: 'admin', Appname: FALLBACK_APP },
      });
      const refreshCode = String(json(refreshed).result.informationCode);
      await login(app, 'admin', 'not-the-password');
      await login(app, 'admin', 'not-the-password');
      await app.inject({ method: 'GET', url: '/healthz' });
      const after = (await scrape()).body;

      const moved = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
      expect(moved('suite_sign_ins_total', { way: 'password', code: 'A10' })).toBe(1);
      expect(moved('suite_sign_ins_total', { way: 'password', code: 'R11' })).toBe(2);
      expect(moved('http_request_duration_seconds_count', { route: '/healthz', status_code: '200' })).toBe(1);
      expect(moved('http_request_duration_seconds_count', { route: '/api/Login', status_code: '200' })).toBe(1);
      expect(moved('suite_token_requests_total', { call: 'refresh', code: refreshCode })).toBe(1);
      expect(sample(after, 'suite_hub_connections')).toBe(0);
      expect(after).toMatch(/^suite_notification_backlog 0$/m);
      // PostgreSQL's pool is read at the scrape; PGlite has none
      if (server().backend === 'postgres') expect(after).toMatch(/^suite_db_pool_in_use \d+$/m);
      else expect(after).not.toContain('suite_db_pool_in_use');
    });

    it('exports every metric the Grafana dashboard beside the guide charts', async () => {
      const dashboard = JSON.parse(
        fs.readFileSync(path.resolve(__dirname, '../../../../docs/operations/grafana-dashboard.json'), 'utf8'),
      ) as {
        panels: { targets: { expr: string }[] }[];
      };
      const charted = new Set(
        dashboard.panels.flatMap((p) => p.targets.flatMap((t) => t.expr.match(/\b(suite|http|process|nodejs)_[a-z0-9_]+/g) ?? [])),
      );
      const families = new Set([...(await scrape()).body.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]));
      const exported = (name: string) => [name, name.replace(/_(bucket|count|sum)$/, '')].some((n) => families.has(n));
      // PGlite has no pool to chart
      const missing = [...charted].filter(
        (name) => !exported(name) && !(server().backend === 'pglite' && name.startsWith('suite_db_pool')),
      );
      expect(charted.size).toBeGreaterThan(8);
      expect(missing).toEqual([]);
    });

    // last: it spends the sign-in budget of the address
    it('counts the requests a rate limit refuses, by route', async () => {
      const { app } = server();
      const before = (await scrape()).body;
      let refused = 0;
      for (let i = 0; i < LOGINS_PER_MINUTE + 1 && refused === 0; i++) {
        if ((await login(app, 'admin', 'not-the-password')).statusCode === 429) refused++;
      }
      expect(refused).toBe(1);
      const after = (await scrape()).body;
      expect(
        sample(after, 'suite_rate_limited_total', { route: '/api/Login' }) -
          sample(before, 'suite_rate_limited_total', { route: '/api/Login' }),
      ).toBe(1);
    });
  },
  {
    metricsToken: TOKEN,
    rateLimit: {
      enabled: true,
      loginPerMinute: LOGINS_PER_MINUTE,
      tokenPerMinute: 10_000,
      resetPerMinute: 1000,
      resetPerAddressPerHour: 1000,
    },
  },
);

describe('without METRICS_TOKEN', () => {
  it('has no metrics route', async () => {
    const server = await startTestServer(BACKENDS[0]);
    try {
      expect((await server.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(
        404,
      );
    } finally {
      await server.dispose();
    }
  });
});

describe('METRICS_PORT', () => {
  it('answers the scrape without a token on the loopback interface only, and not on the API port', async () => {
    const server = await startTestServer(BACKENDS[0], { metricsPort: 0 });
    try {
      await server.app.ready();
      const address = server.app.metricsAddress;
      expect(address?.address).toBe('127.0.0.1');
      await login(server.app, 'admin', 'not-the-password');
      const scraped = await fetch(`http://127.0.0.1:${address?.port}/metrics`);
      expect(scraped.status).toBe(200);
      const text = await scraped.text();
      expect(sample(text, 'suite_sign_ins_total', { way: 'password', code: 'R11' })).toBe(1);
      expect((await fetch(`http://127.0.0.1:${address?.port}/`)).status).toBe(404);
      expect((await server.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await server.dispose();
    }
    // closed with the app
    await expect(fetch(`http://127.0.0.1:${server.app.metricsAddress?.port}/metrics`)).rejects.toThrow();
  });
});

describe("the scheduler's figures", () => {
  it('counts each run of the scheduler by outcome and reads the backlog at the scrape', async () => {
    const app = Fastify();
    let listener: ((result: { sent: number; retried: number; failed: number }) => void) | undefined;
    let backlog = 7;
    installMetrics(
      app,
      { token: TOKEN },
      {
        hubConnections: () => 3,
        notificationBacklog: async () => backlog,
        onNotificationRun: (l) => (listener = l),
      },
    );
    try {
      listener?.({ sent: 5, retried: 2, failed: 0 });
      listener?.({ sent: 1, retried: 0, failed: 2 });
      backlog = 4;
      const text = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      expect(sample(text, 'suite_notification_deliveries_total', { outcome: 'sent' })).toBe(6);
      expect(sample(text, 'suite_notification_deliveries_total', { outcome: 'retried' })).toBe(2);
      expect(sample(text, 'suite_notification_deliveries_total', { outcome: 'failed' })).toBe(2);
      expect(sample(text, 'suite_notification_backlog')).toBe(4);
      expect(sample(text, 'suite_hub_connections')).toBe(3);
    } finally {
      await app.close();
    }
  });
});
