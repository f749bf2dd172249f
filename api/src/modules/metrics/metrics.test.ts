import { ADMIN_PASSWORD, BACKENDS, describeEachBackend, login, startTestServer } from '../../../test/harness';

const TOKEN = 'scrape-token-0123456789';

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
      await login(app, 'admin', ADMIN_PASSWORD);
      await login(app, 'admin', 'not-the-password');
      await login(app, 'admin', 'not-the-password');
      await app.inject({ method: 'GET', url: '/healthz' });
      const after = (await scrape()).body;

      const moved = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
      expect(moved('suite_sign_ins_total', { way: 'password', code: 'A10' })).toBe(1);
      expect(moved('suite_sign_ins_total', { way: 'password', code: 'R11' })).toBe(2);
      expect(moved('http_request_duration_seconds_count', { route: '/healthz', status_code: '200' })).toBe(1);
      expect(moved('http_request_duration_seconds_count', { route: '/api/Login', status_code: '200' })).toBe(1);
      expect(sample(after, 'suite_hub_connections')).toBe(0);
    });
  },
  { metricsToken: TOKEN },
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
