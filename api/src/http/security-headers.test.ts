import Fastify, { type FastifyInstance } from 'fastify';
import type { SecurityConfig } from '../config';
import { MAILBOX_CSP, PERMISSIONS_POLICY, cspNonce, installSecurityHeaders, parseCsp, registryOrigins } from './security-headers';

const DEFAULTS: SecurityConfig = { frameAncestors: [], corsOrigins: [], appOrigins: [], hsts: true, hstsMaxAge: 31_536_000 };

async function appWith(
  config: Partial<SecurityConfig> = {},
  options: { trustProxy?: boolean; remoteOrigins?: string[] } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ trustProxy: options.trustProxy ?? false });
  await installSecurityHeaders(app, {
    config: { ...DEFAULTS, ...config },
    remoteOrigins: options.remoteOrigins ? async () => options.remoteOrigins as string[] : undefined,
  });
  app.get('/login', async (_request, reply) => reply.type('text/html').send(`<html><head></head><body>${cspNonce(reply)}</body></html>`));
  app.get('/main.0123abcd.js', async (_request, reply) => reply.type('text/javascript').send('1'));
  app.get('/api/thing', async () => ({ ok: true }));
  app.post('/api/thing', async () => ({ ok: true }));
  app.get('/dev/mail', async (_request, reply) =>
    reply.type('text/html').header('content-security-policy', MAILBOX_CSP).send('<html></html>'),
  );
  await app.ready();
  return app;
}

const page = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html', ...headers } });

describe('security headers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith();
  });
  afterAll(() => app.close());

  it('sets a Content-Security-Policy without inline script, with a fresh style nonce per reply', async () => {
    const first = await page(app);
    const csp = parseCsp(first.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['style-src']).toEqual(["'self'", `'nonce-${first.body.replace(/<[^>]+>/g, '')}'`]);
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(String(first.headers['content-security-policy'])).not.toContain('unsafe');

    const second = await page(app);
    const nonces = [first, second].map((r) => parseCsp(r.headers['content-security-policy'])['style-src'][1]);
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(nonces[0]).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==?'$/);
  });

  it('sets the other headers on pages, assets and API replies alike', async () => {
    for (const url of ['/login', '/main.0123abcd.js', '/api/thing', '/api/missing']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBeDefined();
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(response.headers['permissions-policy']).toContain('camera=()');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('lets a route replace the policy (the development mailbox)', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/mail', headers: { accept: 'text/html' } });
    expect(response.headers['content-security-policy']).toBe(MAILBOX_CSP);
    const csp = parseCsp(MAILBOX_CSP);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toBeUndefined();
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it('sends no CORS header to any origin by default', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/thing', headers: { origin: 'https://app.example.com' } });
    expect(api.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/thing',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('security headers: configuration', () => {
  it('allows the FRAME_ANCESTORS origins to frame pages, and drops X-Frame-Options then', async () => {
    const app = await appWith({ frameAncestors: ['https://sign.example.com', 'http://localhost:3000'] });
    const response = await page(app);
    expect(parseCsp(response.headers['content-security-policy'])['frame-ancestors']).toEqual([
      'https://sign.example.com',
      'http://localhost:3000',
    ]);
    expect(response.headers['x-frame-options']).toBeUndefined();
    await app.close();
  });

  it('lets the console frame its own sign-in screen as the appearance preview, and nothing else', async () => {
    const app = await appWith();
    const preview = await app.inject({ method: 'GET', url: '/login?appearancePreview=dark', headers: { accept: 'text/html' } });
    expect(parseCsp(preview.headers['content-security-policy'])['frame-ancestors']).toEqual(["'self'"]);
    expect(preview.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/login', '/login?x=1', '/users?appearancePreview=dark', '/login/appearancePreview=dark']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(parseCsp(response.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
    await app.close();
  });

  it('adds the origins of remotes placed elsewhere to the page policy', async () => {
    const app = await appWith({}, { remoteOrigins: ['https://cdn.example.com'] });
    const csp = parseCsp((await page(app)).headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://cdn.example.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://cdn.example.com']);
    expect(csp['style-src']).toContain('https://cdn.example.com');
    await app.close();
  });

  it('sends HSTS only on HTTPS requests (behind a trusted proxy: X-Forwarded-Proto), and not when switched off', async () => {
    const app = await appWith({ hstsMaxAge: 600 }, { trustProxy: true });
    expect((await page(app, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe('max-age=600');
    expect((await page(app, { 'x-forwarded-proto': 'http' })).headers['strict-transport-security']).toBeUndefined();
    expect((await page(app)).headers['strict-transport-security']).toBeUndefined();
    await app.close();

    const untrusted = await appWith({}, { trustProxy: false });
    expect((await page(untrusted, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBeUndefined();
    await untrusted.close();

    const off = await appWith({ hsts: false }, { trustProxy: true });
    expect((await page(off, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBeUndefined();
    await off.close();
  });

  it('answers CORS for /api only, and only for CORS_ORIGINS', async () => {
    const app = await appWith({ corsOrigins: ['https://app.example.com'] });
    const allowed = await app.inject({ method: 'GET', url: '/api/thing', headers: { origin: 'https://app.example.com' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    expect(allowed.headers.vary).toMatch(/origin/i);

    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/thing',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toBe('authorization,content-type');

    const other = await app.inject({ method: 'GET', url: '/api/thing', headers: { origin: 'https://evil.example.com' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const otherPreflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/thing',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(otherPreflight.headers['access-control-allow-origin']).toBeUndefined();

    for (const url of ['/login', '/main.0123abcd.js']) {
      const notApi = await app.inject({ method: 'GET', url, headers: { origin: 'https://app.example.com' } });
      expect(notApi.headers['access-control-allow-origin']).toBeUndefined();
    }
    await app.close();
  });
});

describe('registryOrigins', () => {
  it('lists the origins of absolute manifest URLs only', () => {
    expect(
      registryOrigins({
        a: '/mfe/a/mf-manifest.json',
        b: 'https://cdn.example.com/b/mf-manifest.json',
        c: 'https://cdn.example.com/c/mf-manifest.json',
        d: 'http://localhost:3002/mf-manifest.json',
        e: 'javascript:alert(1)',
      }),
    ).toEqual(['https://cdn.example.com', 'http://localhost:3002']);
  });
});
