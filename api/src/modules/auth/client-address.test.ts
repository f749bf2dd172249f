import { encryptPayload } from '@suite/shared/crypto';
import type { FastifyInstance } from 'fastify';
import { ADMIN_PASSWORD, describeEachBackend, json, type TestServer } from '../../../test/harness';

function signIn(app: FastifyInstance, extra: Record<string, unknown>, remoteAddress: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/Login',
    remoteAddress,
    headers,
    payload: { user: 'admin', password: encryptPayload(ADMIN_PASSWORD, app.ctx.payloadKey), appname: 'ibuhoo', TypeDeviceId: 2, ...extra },
  });
}

async function sessionIps(server: TestServer): Promise<string[]> {
  const rows = await server.db.selectFrom('sessions').select(['ip']).orderBy('created_at', 'desc').execute();
  return rows.map((r) => r.ip ?? '');
}

async function latestIp(server: TestServer): Promise<string | null> {
  const row = await server.db.selectFrom('sessions').select('ip').orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  return row?.ip ?? null;
}

describeEachBackend('sign-in: the client address', (server) => {
  it.each([
    ['a 900,000-character value', 'x'.repeat(900_000)],
    ['46 characters', '1'.repeat(46)],
    ['text that is no address', 'not-an-ip'],
    ['an address with a port', '203.0.113.5:8080'],
  ])('refuses an ip of %s with a 400 naming the field, and stores nothing', async (_what, ip) => {
    const before = await sessionIps(server());
    const response = await signIn(server().app, { ip }, '198.51.100.7');
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({
      statusCode: 400,
      result: { informationCode: 'R400', information: expect.stringContaining('body.ip') },
    });
    expect(await sessionIps(server())).toEqual(before);
  });

  it.each([
    ['none', {}],
    ['empty (what the portal sends)', { ip: '' }],
    ['a well-formed IPv4 claim', { ip: '203.0.113.5' }],
    ['a well-formed IPv6 claim', { ip: '2001:db8::5' }],
  ])('stores the address the server sees, with an ip of %s', async (_what, extra) => {
    const response = await signIn(server().app, extra, '198.51.100.7');
    expect(response.statusCode).toBe(200);
    expect(await latestIp(server())).toBe('198.51.100.7');
  });

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const response = await signIn(server().app, {}, '198.51.100.7', { 'x-forwarded-for': '192.0.2.99' });
    expect(response.statusCode).toBe(200);
    expect(await latestIp(server())).toBe('198.51.100.7');
  });
});

describeEachBackend(
  'sign-in: the client address behind a trusted proxy',
  (server) => {
    it('stores the X-Forwarded-For address when the request comes from a trusted proxy', async () => {
      const response = await signIn(server().app, { ip: '' }, '10.1.2.3', { 'x-forwarded-for': '192.0.2.99' });
      expect(response.statusCode).toBe(200);
      expect(await latestIp(server())).toBe('192.0.2.99');
    });

    it('keeps the socket address when the request does not come from a trusted proxy', async () => {
      const response = await signIn(server().app, {}, '203.0.113.1', { 'x-forwarded-for': '192.0.2.99' });
      expect(response.statusCode).toBe(200);
      expect(await latestIp(server())).toBe('203.0.113.1');
    });
  },
  { trustProxy: ['10.0.0.0/8'] },
);

describeEachBackend(
  'sign-in: the client address with TRUST_PROXY as a hop count',
  (server) => {
    it('believes as many X-Forwarded-For hops as configured, no more', async () => {
      const response = await signIn(server().app, {}, '10.1.2.3', { 'x-forwarded-for': '198.51.100.66, 192.0.2.50' });
      expect(response.statusCode).toBe(200);
      expect(await latestIp(server())).toBe('192.0.2.50');
    });
  },
  { trustProxy: 1 },
);
