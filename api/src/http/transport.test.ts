import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { BACKENDS, json, startTestServer, type TestServer } from '../../test/harness';
import { drainAndClose } from './drain';

const REQUEST_TIMEOUT_MS = 1000;

interface RawExchange {
  /** Everything the server sent before closing. */
  text: string;
  /** Milliseconds from the first byte sent to the socket closing. */
  ms: number;
}

/**
 * Opens a raw TCP connection, sends `chunks` (a string waits `gapMs` before the next one) and
 * resolves with what came back once the server closes the connection (or after `limitMs`).
 */
function rawExchange(port: number, chunks: string[], gapMs = 0, limitMs = 10_000): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    const limit = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection for ${limitMs} ms; got ${JSON.stringify(text.slice(0, 200))}`));
    }, limitMs);
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (text += d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(limit);
      clearTimeout(timer);
      resolve({ text, ms: Date.now() - started });
    });
    const queue = [...chunks];
    const next = () => {
      const chunk = queue.shift();
      if (chunk === undefined || socket.destroyed) return;
      socket.write(chunk);
      if (queue.length) timer = setTimeout(next, gapMs);
    };
    socket.once('connect', next);
  });
}

/** Status and parsed JSON body of the first HTTP response in `text`. */
function firstResponse(text: string): { status: number; headers: string; body: unknown } {
  const end = text.indexOf('\r\n\r\n');
  const head = text.slice(0, end);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? NaN);
  const rest = text.slice(end + 4);
  const body = Number.isFinite(length) ? rest.slice(0, length) : rest;
  return { status, headers: head, body: body ? JSON.parse(body) : undefined };
}

const ENVELOPE = (statusCode: number, informationCode: string) => ({
  statusCode,
  result: { information: expect.any(String), informationCode },
});

describe.each(BACKENDS)('transport limits and replies [%s]', (backend) => {
  let server: TestServer & { dispose(): Promise<void> };
  let port: number;
  let slowStarted: () => void = () => undefined;
  let releaseSlow: () => void = () => undefined;

  beforeAll(async () => {
    server = await startTestServer(backend, { requestTimeoutMs: REQUEST_TIMEOUT_MS });
    // a reply that takes as long as the test wants: keeps a connection busy through a shutdown
    server.app.get('/test/slow', async () => {
      await new Promise<void>((resolve) => {
        releaseSlow = resolve;
        slowStarted();
      });
      return { statusCode: 200, result: { slow: true } };
    });
    await server.listen(0, '127.0.0.1');
    port = (server.app.server.address() as AddressInfo).port;
  }, 60_000);

  afterAll(async () => {
    releaseSlow();
    await server.dispose().catch(() => undefined);
  }, 30_000);

  it('answers a body trickled byte by byte with 408 in the envelope within the request timeout', async () => {
    const head = 'POST /api/Login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';
    const trickle = Array.from({ length: 40 }, () => ' ');
    const { text, ms } = await rawExchange(port, [head, ...trickle], 200);
    // the request timeout plus one check of Node's connection sweep (a quarter of it), and slack
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS * 2);
    const reply = firstResponse(text);
    expect(reply.status).toBe(408);
    expect(reply.body).toEqual(ENVELOPE(408, 'R408'));
  });

  it('answers headers trickled byte by byte with 408 too', async () => {
    const line = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ';
    const { text, ms } = await rawExchange(port, [line, ...Array.from({ length: 40 }, () => 'a')], 200);
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS * 2);
    expect(firstResponse(text)).toMatchObject({ status: 408, body: ENVELOPE(408, 'R408') });
  });

  it('lets a large request sent at a normal pace through, and a reply that takes longer than the timeout', async () => {
    const big = await fetch(`http://127.0.0.1:${port}/api/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'nobody', password: 'x', appname: 'ibuhoo', page: 'p'.repeat(900_000) }),
    });
    expect(big.status).not.toBe(408);
    expect(await big.json()).toMatchObject({ statusCode: big.status, result: { informationCode: expect.any(String) } });

    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const slow = fetch(`http://127.0.0.1:${port}/test/slow`);
    await started;
    await new Promise((r) => setTimeout(r, REQUEST_TIMEOUT_MS * 1.5));
    releaseSlow();
    expect((await slow).status).toBe(200);
  });

  it('keeps a hub WebSocket open well past the request timeout', async () => {
    const connection = new HubConnectionBuilder()
      .withUrl(`http://127.0.0.1:${port}/api/connections/session`, { transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    await connection.start();
    try {
      await new Promise((r) => setTimeout(r, REQUEST_TIMEOUT_MS * 2.5));
      expect(await connection.invoke<string>('GetConnectionId')).toBe(connection.connectionId);
    } finally {
      await connection.stop();
    }
  });

  it('answers headers over the size limit with 431 in the envelope', async () => {
    const request = `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    const { text } = await rawExchange(port, [request]);
    const reply = firstResponse(text);
    expect(reply.status).toBe(431);
    expect(reply.headers).toMatch(/content-type: application\/json/i);
    expect(reply.body).toEqual(ENVELOPE(431, 'R431'));
  });

  it('answers an unparsable request line with 400 in the envelope', async () => {
    const { text } = await rawExchange(port, ['NOT HTTP AT ALL\r\n\r\n']);
    expect(firstResponse(text)).toMatchObject({ status: 400, body: ENVELOPE(400, 'R400') });
  });

  it.each(['/brand/%ZZ', '/api/%ZZ', '/api/users/%E0%A4%A', '/%ZZ', '/%00', '/api/Notifications/TemplateImage/%00'])(
    'answers the malformed URL %s with 400 in the envelope, with the security headers',
    async (url) => {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual(ENVELOPE(400, 'R400'));
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
      });
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      const { text } = await rawExchange(port, [`GET ${url} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`]);
      expect(firstResponse(text)).toMatchObject({ status: 400, body: ENVELOPE(400, 'R400') });
    },
  );

  // last: it shuts the server down
  it('serves a request arriving on an open keep-alive connection while the instance drains, and closes that connection after its reply', async () => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    let text = '';
    socket.on('data', (d: string) => (text += d));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((r) => setTimeout(r, 200));
    const leaving = drainAndClose(server.app, server.app.ctx.drain, 1000);
    await new Promise((r) => setTimeout(r, 100));
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await closed;
    await leaving;

    const first = firstResponse(text);
    expect(first.status).toBe(200);
    expect(first.headers).not.toMatch(/connection: close/i);
    const second = firstResponse(text.slice(text.indexOf('HTTP/1.1', 1)));
    expect(second.status).toBe(200);
    expect(second.headers).toMatch(/connection: close/i);
    expect(second.body).toMatchObject({ statusCode: 200, result: { status: 'ok' } });
  }, 30_000);
});

describe('shutdown with a keep-alive connection busy', () => {
  it('closes the connection once its reply has gone, without waiting for the keep-alive timeout', async () => {
    const server = await startTestServer(BACKENDS[0]);
    let started: () => void = () => undefined;
    let release: () => void = () => undefined;
    const startedSlow = new Promise<void>((resolve) => (started = resolve));
    server.app.get('/test/slow', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
        started();
      });
      return { statusCode: 200, result: { slow: true } };
    });
    try {
      await server.listen(0, '127.0.0.1');
      const { port } = server.app.server.address() as AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      socket.setEncoding('utf8');
      let text = '';
      socket.on('data', (d: string) => (text += d));
      socket.on('error', () => undefined);
      const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write('GET /test/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await startedSlow;

      const stopping = server.app.close();
      await new Promise((r) => setTimeout(r, 100));
      const released = Date.now();
      release();
      const closedAt = await closed;
      await stopping;

      // the reply arrives whole, saying the connection closes, and the server lets go of it right
      // after (the keep-alive timeout is 72 s)
      const reply = firstResponse(text);
      expect(reply.status).toBe(200);
      expect(reply.headers).toMatch(/connection: close/i);
      expect(reply.body).toEqual({ statusCode: 200, result: { slow: true } });
      expect(closedAt - released).toBeLessThan(5000);
    } finally {
      release();
      await server.dispose().catch(() => undefined);
    }
  }, 30_000);
});
