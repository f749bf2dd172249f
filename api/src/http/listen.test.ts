import net from 'node:net';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { BACKENDS, startTestServer } from '../../test/harness';

/** Whether this machine has the IPv6 loopback address. */
const HAS_IPV6_LOOPBACK = Object.values(os.networkInterfaces()).some((list) => (list ?? []).some((i) => i.address === '::1'));

/** A non-loopback IPv4 address of this machine, if it has one. */
function externalIPv4(): string | undefined {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const item of list ?? []) if (item.family === 'IPv4' && !item.internal) return item.address;
  }
  return undefined;
}

const EXTERNAL = externalIPv4();

/** What the server answers to headers over Node's size limit. */
function headerOverflowReply(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (text += d));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(text));
    socket.write(`GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
  });
}

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
        // the ::1 server answers parser errors in the envelope like the main one
        expect(await headerOverflowReply('::1', port)).toMatch(/^HTTP\/1\.1 431[^]*"informationCode":"R431"/);
      }
      if (EXTERNAL) await expect(fetch(`http://${EXTERNAL}:${port}/healthz`)).rejects.toThrow();
    } finally {
      await server.dispose();
    }
  }, 60_000);

  (EXTERNAL ? it : it.skip)(
    'listening on every interface, serves the mailbox to loopback clients only',
    async () => {
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
    },
    60_000,
  );
});
