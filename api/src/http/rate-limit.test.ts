import { MESSAGES } from '@suite/shared/contracts';
import { ADMIN_PASSWORD, describeEachBackend, json, login, startTestServer } from '../../test/harness';

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
      const validate = () => app.inject({ method: 'GET', url: '/api/login/TokenValidation', remoteAddress: '10.0.0.8', headers: { user: 'a', token: 'b' } });
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
        expect((await app.inject({ method: 'GET', url: '/api/application/getVersionApp', remoteAddress: '10.0.0.8', headers: { appName: 'ibuhoo' } })).statusCode).toBe(200);
      }
    });
  },
  { rateLimit: { enabled: true, loginPerMinute: 3, tokenPerMinute: 5, resetPerMinute: 1000, resetPerAddressPerHour: 1000 } },
);

describe('RATE_LIMIT=off', () => {
  it('lets every call through', async () => {
    const server = await startTestServer('pglite', { rateLimit: { enabled: false, loginPerMinute: 1, tokenPerMinute: 1, resetPerMinute: 1, resetPerAddressPerHour: 1 } });
    try {
      for (let i = 0; i < 3; i++) expect((await login(server.app, 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    } finally {
      await server.dispose();
    }
  });
});
