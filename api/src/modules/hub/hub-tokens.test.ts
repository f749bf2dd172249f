import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { hubPlugin } from './hub-plugin';
import { RECORD_SEPARATOR } from './hub-protocol';
import { signToken, verifyToken } from './hub-tokens';
import { SessionHub, type SessionHubOptions } from './session-hub';

const KEY = 'shared-hub-key-0123456789abcdef';

async function startHub(options: SessionHubOptions): Promise<{ app: FastifyInstance; base: string; hub: SessionHub }> {
  const hub = new SessionHub(options);
  const app = Fastify({ logger: false });
  await app.register(hubPlugin, { hub });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, hub, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/connections/session` };
}

async function negotiate(hubUrl: string): Promise<{ connectionId: string; connectionToken: string }> {
  const res = await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST' });
  expect(res.status).toBe(200);
  return (await res.json()) as { connectionId: string; connectionToken: string };
}

/** Opens the WebSocket of `token` at `hubUrl` and completes the handshake: 'open', or the refusal's status. */
function open(hubUrl: string, token: string): Promise<{ ws?: WebSocket; status?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${hubUrl.replace(/^http/, 'ws')}?id=${encodeURIComponent(token)}`);
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode });
      ws.terminate();
    });
    ws.once('open', () => ws.send(`{"protocol":"json","version":1}${RECORD_SEPARATOR}`));
    ws.once('message', (data) => resolve(String(data) === `{}${RECORD_SEPARATOR}` ? { ws } : { status: -1 }));
    ws.once('error', () => resolve({ status: 0 }));
  });
}

describe('signed hub connection tokens', () => {
  it('carry the connection, its expiry and the client, and hold only under their key and before they expire', () => {
    const token = signToken(KEY, { id: 'abc', expiresAt: Date.now() + 10_000, client: '10.1.2.3' });
    expect(verifyToken(KEY, token)).toEqual({ id: 'abc', expiresAt: expect.any(Number), client: '10.1.2.3' });
    expect(verifyToken('another-key', token)).toBeUndefined();
    expect(verifyToken(KEY, token, Date.now() + 20_000)).toBeUndefined();
    const [id, expires, client, signature] = token.split('.');
    // any part changed breaks the signature
    expect(verifyToken(KEY, [`${id}x`, expires, client, signature].join('.'))).toBeUndefined();
    expect(verifyToken(KEY, [id, (Number.parseInt(expires, 36) + 1).toString(36), client, signature].join('.'))).toBeUndefined();
    expect(verifyToken(KEY, [id, expires, Buffer.from('10.9.9.9').toString('base64url'), signature].join('.'))).toBeUndefined();
    expect(verifyToken(KEY, 'not-a-token')).toBeUndefined();
  });

  describe('across instances behind one load balancer', () => {
    const hubs: { app: FastifyInstance; base: string }[] = [];
    const sockets: WebSocket[] = [];
    afterEach(async () => {
      for (const ws of sockets.splice(0)) ws.terminate();
      for (const h of hubs.splice(0)) await h.app.close();
    });

    it('opens on one instance the WebSocket another instance negotiated, once', async () => {
      const a = await startHub({ tokenKey: KEY });
      const b = await startHub({ tokenKey: KEY });
      hubs.push(a, b);
      const { connectionId, connectionToken } = await negotiate(a.base);
      const opened = await open(b.base, connectionToken);
      expect(opened.ws).toBeDefined();
      if (opened.ws) sockets.push(opened.ws);
      // the connection is b's now, under the id a gave it
      expect(b.hub.bindConnection(connectionId, { sessionId: 's1', userId: 'u1' } as never)).toBe(true);
      // the same token does not open a second WebSocket there
      expect((await open(b.base, connectionToken)).status).toBe(409);
    });

    it('refuses a token signed with another key, or expired, as unknown', async () => {
      const a = await startHub({ tokenKey: 'another-key-0123456789abcdef', negotiateTimeoutMs: 200 });
      const b = await startHub({ tokenKey: KEY });
      hubs.push(a, b);
      const foreign = await negotiate(a.base);
      expect((await open(b.base, foreign.connectionToken)).status).toBe(404);
      const c = await startHub({ tokenKey: KEY, negotiateTimeoutMs: 200 });
      hubs.push(c);
      const late = await negotiate(c.base);
      await new Promise((r) => setTimeout(r, 400));
      expect((await open(b.base, late.connectionToken)).status).toBe(404);
    });

    it('keeps tokens to their own instance without a shared key', async () => {
      const a = await startHub({});
      const b = await startHub({});
      hubs.push(a, b);
      const { connectionToken } = await negotiate(a.base);
      expect((await open(b.base, connectionToken)).status).toBe(404);
      const here = await open(a.base, connectionToken);
      expect(here.ws).toBeDefined();
      if (here.ws) sockets.push(here.ws);
    });
  });
});
