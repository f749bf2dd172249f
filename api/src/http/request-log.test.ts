import { encryptPayload } from '@suite/shared/crypto';
import pino from 'pino';
import { LOG_REDACT_PATHS, loggerOptions } from '../app';
import { ADMIN_PASSWORD, BACKENDS, json, startTestServer, testConfig, type TestServer } from '../../test/harness';

/** A pino destination that keeps every line. */
function capture(): { lines: string[]; stream: { write(line: string): void } } {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

function expectNowhere(lines: string[], secrets: string[]): void {
  expect(lines.length).toBeGreaterThan(0);
  for (const secret of secrets) {
    const leaked = lines.filter((line) => line.includes(secret) || line.includes(encodeURIComponent(secret)));
    expect({ secret, leaked }).toEqual({ secret, leaked: [] });
  }
}

describe.each(BACKENDS)('the request log holds no link payloads, tokens or passwords [%s]', (backend) => {
  const log = capture();
  let server: TestServer & { dispose(): Promise<void> };

  beforeAll(async () => {
    // the production logger options, at the most talkative level
    const options = loggerOptions(testConfig({ logLevel: 'trace' })) as object;
    server = await startTestServer(backend, {}, { logger: { ...options, stream: log.stream } });
  }, 60_000);
  afterAll(() => server?.dispose(), 30_000);

  it('link routes are logged without their query string', async () => {
    const { app } = server;
    const payload = encodeURIComponent(
      encryptPayload(JSON.stringify({ user: 'admin', token: 'LINKTOKEN-0123456789', isUserActivation: false }), app.ctx.payloadKey),
    );
    const urls = [
      `/changepassword?${payload}`,
      '/changepassword?SECRET-CHANGEPASSWORD-QUERY',
      '/resetotp?SECRET-RESETOTP-QUERY',
      '/signin-credential/callback?code=SECRET-CALLBACK-CODE&state=SECRET-STATE',
      '/api/login/TokenValidation?token=SECRET-QUERY-TOKEN',
      '/api/connections/session/negotiate?access_token=SECRET-HUB-TOKEN',
    ];
    for (const url of urls) await app.inject({ method: url.includes('negotiate') ? 'POST' : 'GET', url });
    expect(log.lines.some((line) => line.includes('"url":"/changepassword?[redacted]"'))).toBe(true);
    expectNowhere(log.lines, [
      payload,
      'LINKTOKEN',
      'SECRET-CHANGEPASSWORD-QUERY',
      'SECRET-RESETOTP-QUERY',
      'SECRET-CALLBACK-CODE',
      'SECRET-STATE',
      'SECRET-QUERY-TOKEN',
      'SECRET-HUB-TOKEN',
    ]);
  });

  it('sign-in, refresh, validation and password calls leave no token or password in the log', async () => {
    const { app } = server;
    const key = app.ctx.payloadKey;
    const cipher = encryptPayload(ADMIN_PASSWORD, key);
    const signedIn = json(
      await app.inject({ method: 'POST', url: '/api/Login', payload: { user: 'admin', password: cipher, appname: 'ibuhoo' } }),
    );
    expect(signedIn.statusCode).toBe(200);
    const { token, refreshToken } = signedIn.result as { token: string; refreshToken: string };
    const refreshed = json(
      await app.inject({
        method: 'POST',
        url: '/api/Login/RefreshToken',
        payload: { RefreshToken: refreshToken, UserName: 'admin', Appname: 'ibuhoo' },
      }),
    );
    expect(refreshed.statusCode).toBe(200);
    const validated = await app.inject({
      method: 'GET',
      url: '/api/login/TokenValidation',
      headers: { token: `Bearer ${refreshed.result.token}`, user: 'admin' },
    });
    expect(validated.statusCode).toBe(200);
    await app.inject({
      method: 'GET',
      url: '/api/user/list',
      headers: { authorization: `Bearer ${refreshed.result.token}`, cookie: 'session=SECRET-COOKIE' },
    });
    const newCipher = encryptPayload('Brand.New-Pass1', key);
    await app.inject({
      method: 'POST',
      url: '/api/login/ChangePassword',
      payload: { user: 'admin', password: cipher, newpassword: newCipher, appname: 'ibuhoo' },
    });
    await app.inject({ method: 'POST', url: '/api/login/GenerateTokens', payload: { code: 'SECRET-EXCHANGE-CODE', appName: 'firmaya' } });
    // refused input is logged too (the 4xx path of the error handler): still no secret
    await app.inject({
      method: 'POST',
      url: '/api/Login',
      headers: { 'content-type': 'application/json' },
      payload: `{"password":"${cipher}"`,
    });
    expectNowhere(log.lines, [
      token,
      refreshToken,
      refreshed.result.token,
      refreshed.result.refreshToken,
      cipher,
      newCipher,
      ADMIN_PASSWORD,
      'SECRET-COOKIE',
      'SECRET-EXCHANGE-CODE',
    ]);
  });
});

describe('loggerOptions redact', () => {
  it('censors token-bearing headers and body fields wherever a request is logged whole', () => {
    const log = capture();
    const logger = pino({ ...(loggerOptions(testConfig({ logLevel: 'info' })) as pino.LoggerOptions), serializers: {} }, log.stream);
    const headers = { authorization: 'Bearer S1', cookie: 'S2', 'set-cookie': 'S3', token: 'S4', refreshtoken: 'S5', accept: 'text/html' };
    const body = { user: 'admin', password: 'S6', newpassword: 'S7', token: 'S8', refreshToken: 'S9', RefreshToken: 'S10', code: 'S11' };
    logger.info({ req: { headers, body, query: { token: 'S12', access_token: 'S13' } } }, 'request');
    logger.info({ headers, body }, 'request parts');
    expectNowhere(log.lines, ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10', 'S11', 'S12', 'S13']);
    expect(log.lines.join('')).toContain('text/html');
    expect(log.lines.join('')).toContain('"user":"admin"');
    expect(LOG_REDACT_PATHS).toContain('req.body.password');
  });
});
