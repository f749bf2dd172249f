import { sql } from 'kysely';
import { MESSAGES } from '@suite/shared/contracts';
import { ADMIN_PASSWORD, describeEachBackend, json, login, startTestServer } from '../../test/harness';
import { SharedLimiter, purgeEndedRateWindows, rateWindowKey } from './rate-limit';

describeEachBackend(
  'rate limits of the sign-in and token endpoints',
  (server) => {
    it('answers 429 in the envelope with Retry-After once an IP exceeds LOGIN_RATE_LIMIT', async () => {
      const { app } = server();
      for (let i = 0; i < 3; i++) expect((await login(app, 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
      const limited = await login(app, 'admin', ADMIN_PASSWORD);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(json(limited)).toEqual({
        statusCode: 429,
        result: { information: MESSAGES.tooManyRequests, informationCode: 'R429', retryAfterSeconds: expect.any(Number) },
      });
      // another client address has its own budget, and so has each endpoint
      const other = await app.inject({
        method: 'POST',
        url: '/api/Login',
        remoteAddress: '10.0.0.7',
        payload: { user: 'admin', password: 'x', appname: 'ibuhoo' },
      });
      expect(other.statusCode).toBe(400);
      const exchange = () => app.inject({ method: 'POST', url: '/api/login/GenerateTokens', payload: { code: 'c', appName: 'firmaya' } });
      for (let i = 0; i < 3; i++) expect((await exchange()).statusCode).toBe(401);
      expect((await exchange()).statusCode).toBe(429);
    });

    it('limits the token endpoints with TOKEN_RATE_LIMIT and leaves other endpoints alone', async () => {
      const { app } = server();
      const validate = () =>
        app.inject({ method: 'GET', url: '/api/login/TokenValidation', remoteAddress: '10.0.0.8', headers: { user: 'a', token: 'b' } });
      for (let i = 0; i < 5; i++) expect((await validate()).statusCode).toBe(401);
      expect((await validate()).statusCode).toBe(429);
      const refresh = () =>
        app.inject({
          method: 'POST',
          url: '/api/Login/RefreshToken',
          remoteAddress: '10.0.0.8',
          payload: { RefreshToken: 'x', UserName: 'a', Appname: 'ibuhoo' },
        });
      for (let i = 0; i < 5; i++) expect((await refresh()).statusCode).toBe(401);
      expect((await refresh()).statusCode).toBe(429);
      for (let i = 0; i < 10; i++) {
        expect(
          (
            await app.inject({
              method: 'GET',
              url: '/api/application/getVersionApp',
              remoteAddress: '10.0.0.8',
              headers: { appName: 'ibuhoo' },
            })
          ).statusCode,
        ).toBe(200);
      }
    });
  },
  { rateLimit: { enabled: true, loginPerMinute: 3, tokenPerMinute: 5, resetPerMinute: 1000, resetPerAddressPerHour: 1000 } },
);

describe('RATE_LIMIT=off', () => {
  it('lets every call through', async () => {
    const server = await startTestServer('pglite', {
      rateLimit: { enabled: false, loginPerMinute: 1, tokenPerMinute: 1, resetPerMinute: 1, resetPerAddressPerHour: 1 },
    });
    try {
      for (let i = 0; i < 3; i++) expect((await login(server.app, 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    } finally {
      await server.dispose();
    }
  });
});

describeEachBackend('shared per-key limits (rate_windows)', (server) => {
  const HOUR = 3_600_000;

  it('counts each key in its window and says how long to wait once it is over the budget', async () => {
    const { db } = server();
    const limiter = new SharedLimiter(db, 'test-budget', 2, HOUR);
    expect(await limiter.hit('someone@example.com')).toBe(0);
    // the key is the same however it is spelt
    expect(await limiter.hit(' SomeOne@Example.com ')).toBe(0);
    const wait = await limiter.hit('someone@example.com');
    expect(wait).toBeGreaterThan(3590);
    expect(wait).toBeLessThanOrEqual(3600);
    // another key, and the same key in another scope, have budgets of their own
    expect(await limiter.hit('other@example.com')).toBe(0);
    expect(await new SharedLimiter(db, 'test-other-flow', 2, HOUR).hit('someone@example.com')).toBe(0);
  });

  it('stores only a hash of scope and key', async () => {
    const { db } = server();
    await new SharedLimiter(db, 'test-hash', 5, HOUR).hit('private.name@example.com');
    const rows = await db.selectFrom('rate_windows').select('key_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const { key_hash } of rows) {
      expect(key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(key_hash).not.toContain('private');
    }
  });

  it('starts a new window once the last one ended, and the purge drops ended windows only', async () => {
    const { db } = server();
    const limiter = new SharedLimiter(db, 'test-window', 1, HOUR);
    expect(await limiter.hit('ended')).toBe(0);
    expect(await limiter.hit('ended')).toBeGreaterThan(0);
    expect(await limiter.hit('running')).toBe(0);
    const before = await db.selectFrom('rate_windows').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    // the 'ended' window's hour has passed
    await sql`update rate_windows set resets_at = now() - interval '1 second' where key_hash = ${rateWindowKey('test-window', 'ended')}`.execute(
      db,
    );
    await purgeEndedRateWindows(db);
    const after = await db.selectFrom('rate_windows').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n - 1);
    expect(await limiter.hit('ended')).toBe(0);
    expect(await limiter.hit('running')).toBeGreaterThan(0);
  });

  it('lets exactly the budget through when requests for one key arrive at once', async () => {
    const { db } = server();
    const limiter = new SharedLimiter(db, 'test-race', 5, HOUR);
    const waits = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('raced')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it('counts nothing and writes nothing when limits are off', async () => {
    const { db } = server();
    const before = await db.selectFrom('rate_windows').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const limiter = new SharedLimiter(db, 'test-off', 1, HOUR, false);
    for (let i = 0; i < 3; i++) expect(await limiter.hit('anyone')).toBe(0);
    const after = await db.selectFrom('rate_windows').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
