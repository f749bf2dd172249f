import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { BACKENDS, describeEachBackend, json, startTestServer } from '../../../test/harness';

const MAILBOX_URLS = ['/dev/mail', '/dev/mail.json', '/dev/mail/1', '/dev/mail/1.json'];

/** Whether this machine has the IPv6 loopback address. */
const HAS_IPV6_LOOPBACK = Object.values(os.networkInterfaces()).some((list) => (list ?? []).some((i) => i.address === '::1'));

/** A non-loopback IPv4 address of this machine, if it has one. */
function externalIPv4(): string | undefined {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const item of list ?? []) if (item.family === 'IPv4' && !item.internal) return item.address;
  }
  return undefined;
}

describeEachBackend('development mailbox: loopback clients only', (server) => {
  beforeAll(async () => {
    await server().db
      .insertInto('mailbox')
      .values({ to_address: 'someone@test.localhost', subject: 'Reset', text_body: 'link', html_body: '<a href="http://x/reset?t=1">x</a>' })
      .execute();
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('serves the mailbox to %s', async (remoteAddress) => {
    const { app } = server();
    const list = await app.inject({ method: 'GET', url: '/dev/mail.json', remoteAddress });
    expect(list.statusCode).toBe(200);
    const [first] = json<{ id: number }[]>(list);
    expect((await app.inject({ method: 'GET', url: `/dev/mail/${first.id}`, remoteAddress })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/dev/mail', remoteAddress })).statusCode).toBe(200);
  });

  it.each(['203.0.113.9', '::ffff:203.0.113.9', '2001:db8::1', '10.0.0.1'])(
    'answers %s with the same 404 envelope as an unknown path',
    async (remoteAddress) => {
      const { app } = server();
      const unknown = await app.inject({ method: 'GET', url: '/no/such/path', remoteAddress });
      for (const url of MAILBOX_URLS) {
        const response = await app.inject({ method: 'GET', url, remoteAddress });
        expect(response.statusCode).toBe(404);
        expect(json(response)).toEqual(json(unknown));
        expect(response.body).not.toContain('someone@test.localhost');
      }
    },
  );

  it('does not believe X-Forwarded-For: the socket address decides', async () => {
    const { app } = server();
    const response = await app.inject({
      method: 'GET',
      url: '/dev/mail.json',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
    });
    expect(response.statusCode).toBe(404);
  });
});

const EXTERNAL = externalIPv4();

describe.each(BACKENDS)('listening addresses [%s]', (backend) => {
  it('listens on loopback only by default, on 127.0.0.1 and ::1', async () => {
    const server = await startTestServer(backend);
    try {
      const addresses = await server.listen(0, 'localhost');
      const { port } = server.app.server.address() as AddressInfo;
      expect(addresses[0]).toBe(`http://127.0.0.1:${port}`);
      expect((await fetch(`http://127.0.0.1:${port}/dev/mail.json`)).status).toBe(200);
      if (HAS_IPV6_LOOPBACK) {
        expect(addresses).toEqual([`http://127.0.0.1:${port}`, `http://[::1]:${port}`]);
        expect((await fetch(`http://[::1]:${port}/dev/mail.json`)).status).toBe(200);
      }
      if (EXTERNAL) await expect(fetch(`http://${EXTERNAL}:${port}/healthz`)).rejects.toThrow();
    } finally {
      await server.dispose();
    }
  }, 60_000);

  (EXTERNAL ? it : it.skip)('listening on every interface, serves the mailbox to loopback clients only', async () => {
    const server = await startTestServer(backend);
    try {
      await server.listen(0, '0.0.0.0');
      const { port } = server.app.server.address() as AddressInfo;
      const remote = await fetch(`http://${EXTERNAL}:${port}/dev/mail.json`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(remote.status).toBe(404);
      expect(await remote.json()).toMatchObject({ statusCode: 404, result: { informationCode: 'R404' } });
      expect((await fetch(`http://${EXTERNAL}:${port}/healthz`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/dev/mail.json`)).status).toBe(200);
    } finally {
      await server.dispose();
    }
  }, 60_000);
});
