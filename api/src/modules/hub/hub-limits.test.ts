import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { WebSocket } from 'ws';
import { ADMIN_PASSWORD, describeEachBackend, json, login, waitFor } from '../../../test/harness';

const PER_CLIENT = 5;
const TOTAL = 8;
const HUB_PATH = '/api/connections/session';

interface Reply {
  status: number;
  body: any;
}

/** POST negotiate from a given local (loopback) address: each address is another client. */
function negotiateFrom(port: number, localAddress: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, localAddress, method: 'POST', path: `${HUB_PATH}/negotiate?negotiateVersion=1`, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Opens a WebSocket on `token` from `localAddress`: the open socket, or the refusal's status and body. */
function upgradeFrom(port: number, localAddress: string, token?: string): Promise<{ ws?: WebSocket; refusal?: Reply }> {
  return new Promise((resolve, reject) => {
    const query = token === undefined ? '' : `?id=${encodeURIComponent(token)}`;
    const ws = new WebSocket(`ws://127.0.0.1:${port}${HUB_PATH}${query}`, { localAddress });
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        resolve({ refusal: { status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined } });
        ws.terminate();
      });
    });
    ws.once('error', (error) => reject(error));
  });
}

const envelope = (statusCode: number, informationCode: string) => ({
  statusCode,
  result: { information: expect.any(String), informationCode },
});

describeEachBackend(
  'hub connection limits',
  (server) => {
    let port: number;
    const clients: HubConnection[] = [];
    const sockets: WebSocket[] = [];

    const official = () => {
      const c = new HubConnectionBuilder()
        .withUrl(`http://127.0.0.1:${port}${HUB_PATH}`, { transport: HttpTransportType.WebSockets })
        .configureLogging(LogLevel.None)
        .build();
      clients.push(c);
      return c;
    };

    beforeAll(async () => {
      await server().listen(0, '127.0.0.1');
      port = (server().app.server.address() as AddressInfo).port;
    });

    afterAll(async () => {
      for (const ws of sockets) ws.terminate();
      await Promise.all(clients.map((c) => c.stop()));
    });

    it('refuses a WebSocket that did not negotiate first, in the envelope', async () => {
      const { ws, refusal } = await upgradeFrom(port, '127.0.0.1');
      ws?.terminate();
      expect(refusal).toEqual({ status: 400, body: envelope(400, 'R400') });
      expect(server().app.ctx.hub.usage()).toEqual({ open: 0, pending: 0 });
    });

    it('caps WebSockets per client and in total before accepting them; /healthz and sign-in keep answering; a closed one frees its place', async () => {
      const { hub } = server().app.ctx;
      const first = official();

      // client A (127.0.0.1): four with the official client, then two tokens for raw sockets
      for (let i = 0; i < PER_CLIENT - 1; i++) {
        const c = i === 0 ? first : official();
        await c.start();
        expect(c.state).toBe(HubConnectionState.Connected);
      }
      const tokensA = [await negotiateFrom(port, '127.0.0.1'), await negotiateFrom(port, '127.0.0.1')];
      expect(tokensA.map((r) => r.status)).toEqual([200, 200]);
      const fifth = await upgradeFrom(port, '127.0.0.1', tokensA[0].body.connectionToken);
      expect(fifth.ws).toBeDefined();
      sockets.push(fifth.ws as WebSocket);
      // the sixth is refused on the upgrade request itself, before any WebSocket exists
      const sixth = await upgradeFrom(port, '127.0.0.1', tokensA[1].body.connectionToken);
      expect(sixth.refusal).toEqual({ status: 429, body: envelope(429, 'R429') });
      expect(hub.usage('127.0.0.1')).toEqual({ open: PER_CLIENT, pending: 0 });
      // and a client at its cap is refused at negotiate
      const refusedNegotiate = await negotiateFrom(port, '127.0.0.1');
      expect(refusedNegotiate).toEqual({ status: 429, body: envelope(429, 'R429') });
      const seventh = official();
      await expect(seventh.start()).rejects.toThrow();

      // client B (127.0.0.2) fills the instance; client C (127.0.0.3) holds a token meanwhile
      const tokensB = await Promise.all(Array.from({ length: TOTAL - PER_CLIENT }, () => negotiateFrom(port, '127.0.0.2')));
      const tokenC = await negotiateFrom(port, '127.0.0.3');
      expect([...tokensB, tokenC].every((r) => r.status === 200)).toBe(true);
      for (const token of tokensB) {
        const opened = await upgradeFrom(port, '127.0.0.2', token.body.connectionToken);
        expect(opened.ws).toBeDefined();
        sockets.push(opened.ws as WebSocket);
      }
      expect(hub.usage()).toEqual({ open: TOTAL, pending: 1 });
      const overTotal = await upgradeFrom(port, '127.0.0.3', tokenC.body.connectionToken);
      expect(overTotal.refusal).toEqual({ status: 503, body: envelope(503, 'R503') });
      expect(await negotiateFrom(port, '127.0.0.3')).toEqual({ status: 503, body: envelope(503, 'R503') });
      expect(hub.usage()).toEqual({ open: TOTAL, pending: 0 });

      // HTTP keeps answering at the cap
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      const signIn = await login(server().app, 'admin', ADMIN_PASSWORD);
      expect(signIn.statusCode).toBe(200);
      expect(json(signIn).result.token).toEqual(expect.any(String));
      const overHttp = await fetch(`http://127.0.0.1:${port}/api/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'admin', password: 'not-encrypted', appname: 'ibuhoo' }),
      });
      expect(overHttp.status).toBe(400); // answered, not hung

      // a closed connection frees its place, for its client and in total
      await first.stop();
      await waitFor(() => hub.usage('127.0.0.1').open === PER_CLIENT - 1);
      const again = official();
      await again.start();
      expect(await again.invoke<string>('GetConnectionId')).toBe(again.connectionId);
      expect(hub.usage()).toEqual({ open: TOTAL, pending: 0 });
    }, 30_000);

    it('bounds the tokens a client may hold unused', async () => {
      const { hub } = server().app.ctx;
      for (const ws of sockets.splice(0)) ws.terminate();
      await Promise.all(clients.splice(0).map((c) => c.stop()));
      await waitFor(() => hub.usage().open === 0);
      // as many unused tokens as its cap, no more (they expire after negotiateTimeoutMs)
      const replies = [];
      for (let i = 0; i < PER_CLIENT + 1; i++) replies.push((await negotiateFrom(port, '127.0.0.4')).status);
      expect(replies).toEqual([...Array(PER_CLIENT).fill(200), 429]);
      expect(hub.usage('127.0.0.4')).toEqual({ open: 0, pending: PER_CLIENT });
    });
  },
  { hub: { maxConnections: TOTAL, maxConnectionsPerClient: PER_CLIENT } },
);
