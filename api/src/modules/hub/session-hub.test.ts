import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { WebSocket } from 'ws';
import { hubPlugin } from './hub-plugin';
import { RECORD_SEPARATOR } from './hub-protocol';
import { PgSessionBus } from './session-bus';
import { SessionHub, type SessionHubOptions } from './session-hub';
import { waitFor } from '../../../test/harness';

interface RunningHub {
  app: FastifyInstance;
  hub: SessionHub;
  base: string;
  hubUrl: string;
}

/** A bare Fastify app serving only the hub, listening on an ephemeral port. */
async function startHub(options: SessionHubOptions = {}, fastifyOptions: FastifyServerOptions = {}): Promise<RunningHub> {
  const hub = new SessionHub(options);
  const app = Fastify({ logger: false, ...fastifyOptions });
  await app.register(hubPlugin, { hub });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return { app, hub, base, hubUrl: `${base}/api/connections/session` };
}

/** The official client, WebSockets transport. */
function client(url: string, skipNegotiation = false): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(url, { transport: HttpTransportType.WebSockets, skipNegotiation })
    .configureLogging(LogLevel.None)
    .build();
}

/** Resolves with the first value passed to the returned callback, or rejects after `ms`. */
function nextValue<T>(ms = 3000): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`nothing received within ${ms} ms`)), ms);
    timer.unref();
    resolve = (value: T) => {
      clearTimeout(timer);
      res(value);
    };
  });
  promise.catch(() => undefined); // an unused waiter must not become an unhandled rejection
  return { promise, resolve };
}

const RS = RECORD_SEPARATOR;

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Synchronous probe so the PostgreSQL suite can be skipped (with a reason) when there is no server. */
function pgReachable(url: string): boolean {
  const probe =
    "const { Client } = require('pg'); const c = new Client(process.argv[1]);" +
    'c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));';
  return spawnSync(process.execPath, ['-e', probe, url], { timeout: 10_000, cwd: __dirname }).status === 0;
}

describe('SessionHub with the official @microsoft/signalr client', () => {
  let running: RunningHub;
  const connections: HubConnection[] = [];
  const connect = async (url = running.hubUrl, skipNegotiation = false): Promise<HubConnection> => {
    const c = client(url, skipNegotiation);
    connections.push(c);
    await c.start();
    return c;
  };

  beforeEach(async () => {
    running = await startHub();
  });

  afterEach(async () => {
    await Promise.all(connections.splice(0).map((c) => c.stop()));
    await running.app.close();
  });

  it('negotiates, answers GetConnectionId and pushes ReceiveSessionStatus to a bound connection', async () => {
    const { hub } = running;
    const c = await connect();
    expect(c.state).toBe(HubConnectionState.Connected);

    const id = await c.invoke<string>('GetConnectionId');
    expect(id).toBe(c.connectionId);
    expect(hub.hasConnection(id)).toBe(true);

    const received = nextValue<string>();
    c.on('ReceiveSessionStatus', (message: string) => received.resolve(message));

    expect(hub.bindConnection(id, { sessionId: 'S1', userId: 'U1' })).toBe(true);
    expect(hub.connectionsOf('S1')).toEqual([id]);
    expect(hub.bindingOf(id)).toEqual({ sessionId: 'S1', userId: 'U1' });
    expect(hub.notifySession('S1', 'Your session was closed.')).toBe(1);
    expect(await received.promise).toBe('Your session was closed.');
    expect(hub.notifySession('nobody', 'x')).toBe(0);
  });

  it('refuses a client that skips negotiation, and matches the WebSocket path case-insensitively', async () => {
    const skipping = client(running.hubUrl, true);
    await expect(skipping.start()).rejects.toThrow();
    expect(skipping.state).toBe(HubConnectionState.Disconnected);
    expect(running.hub.usage()).toEqual({ open: 0, pending: 0 });

    const negotiated = (await (await fetch(`${running.hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST' })).json()) as {
      connectionToken: string;
    };
    const mixedCase = running.hubUrl.replace('/api/connections/session', '/API/Connections/Session').replace(/^http/, 'ws');
    const ws = new WebSocket(`${mixedCase}?id=${negotiated.connectionToken}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.close();
  });

  it('negotiates on a mixed-case URL when the app routes case-insensitively', async () => {
    await running.app.close();
    running = await startHub({}, { routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });
    const c = await connect(running.hubUrl.replace('/api/connections/session', '/API/Connections/Session'));
    expect(await c.invoke<string>('GetConnectionId')).toBe(c.connectionId);
  });

  it('delivers revokeSessions through the bus (in-process by default)', async () => {
    const { hub } = running;
    const a = await connect();
    const b = await connect();
    const other = await connect();
    const idA = await a.invoke<string>('GetConnectionId');
    const idB = await b.invoke<string>('GetConnectionId');
    const idOther = await other.invoke<string>('GetConnectionId');
    hub.bindConnection(idA, { sessionId: 'S', userId: 'U' });
    hub.bindConnection(idB, { sessionId: 'S', userId: 'U' });
    hub.bindConnection(idOther, { sessionId: 'T', userId: 'U' });
    const gotA = nextValue<string>();
    const gotB = nextValue<string>();
    const otherMessages: string[] = [];
    a.on('ReceiveSessionStatus', gotA.resolve);
    b.on('ReceiveSessionStatus', gotB.resolve);
    other.on('ReceiveSessionStatus', (m: string) => otherMessages.push(m));

    await hub.revokeSessions(['S'], 'revoked');
    expect(await gotA.promise).toBe('revoked');
    expect(await gotB.promise).toBe('revoked');
    expect(otherMessages).toEqual([]);
  });

  it('answers an unknown method with an error completion and keeps the connection', async () => {
    const c = await connect();
    await expect(c.invoke('DoesNotExist', 1)).rejects.toThrow(/DoesNotExist.*Method does not exist/);
    await c.send('AlsoMissing'); // no invocation id: no reply, no harm
    expect(c.state).toBe(HubConnectionState.Connected);
    expect(await c.invoke<string>('GetConnectionId')).toBe(c.connectionId);
  });

  it('reports hub method failures without details', async () => {
    running.hub.registerMethod('Explode', () => {
      throw new Error('secret detail');
    });
    running.hub.registerMethod('Echo', async (_ctx, args) => args[0]);
    const c = await connect();
    const failure = c.invoke('Explode');
    await expect(failure).rejects.toThrow("Failed to invoke 'Explode' due to an error on the server.");
    await expect(failure).rejects.not.toThrow(/secret/);
    expect(await c.invoke('Echo', { a: 1 })).toEqual({ a: 1 });
  });

  it('unbinds and runs close hooks when the client disconnects', async () => {
    const { hub } = running;
    const closed = nextValue<[string, unknown]>();
    hub.onClose((id, binding) => closed.resolve([id, binding]));
    const c = await connect();
    const id = await c.invoke<string>('GetConnectionId');
    hub.bindConnection(id, { sessionId: 'S', userId: 'U' });
    await c.stop();
    expect(await closed.promise).toEqual([id, { sessionId: 'S', userId: 'U' }]);
    expect(hub.connectionsOf('S')).toEqual([]);
    expect(hub.hasConnection(id)).toBe(false);
    expect(hub.bindConnection(id, { sessionId: 'S', userId: 'U' })).toBe(false);
  });

  it("fires the client's onclose cleanly when the server stops", async () => {
    const c = await connect();
    const closed = nextValue<Error | undefined>();
    c.onclose((error) => closed.resolve(error));
    const started = Date.now();
    await running.app.close();
    expect(await closed.promise).toBeUndefined();
    expect(c.state).toBe(HubConnectionState.Disconnected);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

/** Raw WebSocket helpers for protocol-level checks. */
function openRaw(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function collect(ws: WebSocket): { text: () => string; closed: Promise<number> } {
  let text = '';
  ws.on('message', (d) => (text += d.toString()));
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  return { text: () => text, closed };
}

function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => reject(new Error('upgrade unexpectedly accepted')));
    ws.once('error', () => undefined);
  });
}

describe('SessionHub protocol edge cases', () => {
  let running: RunningHub;
  let wsUrl: string;

  beforeEach(async () => {
    running = await startHub({
      keepAliveIntervalMs: 100,
      clientTimeoutMs: 400,
      handshakeTimeoutMs: 300,
      negotiateTimeoutMs: 300,
      maxMessageBytes: 1024,
    });
    wsUrl = running.hubUrl.replace(/^http/, 'ws');
  });

  afterEach(async () => {
    await running.app.close();
  });

  async function negotiate(query = '?negotiateVersion=1', init: RequestInit = {}): Promise<Response> {
    return fetch(`${running.hubUrl}/negotiate${query}`, { method: 'POST', ...init });
  }

  /** A WebSocket on a freshly negotiated token. */
  async function openNegotiated(): Promise<WebSocket> {
    const { connectionToken } = (await (await negotiate()).json()) as { connectionToken: string };
    return openRaw(`${wsUrl}?id=${connectionToken}`);
  }

  it('negotiates version 1 and the legacy version 0', async () => {
    const v1 = await negotiate();
    expect(v1.status).toBe(200);
    const body1 = (await v1.json()) as Record<string, unknown>;
    expect(body1).toEqual({
      negotiateVersion: 1,
      connectionId: expect.any(String),
      connectionToken: expect.any(String),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
    });
    expect(body1.connectionToken).not.toBe(body1.connectionId);

    const v0 = (await (await negotiate('')).json()) as Record<string, unknown>;
    expect(v0.negotiateVersion).toBe(0);
    expect(v0.connectionToken).toBeUndefined();
    // In version 0 the id is what goes in ?id=
    const ws = await openRaw(`${wsUrl}?id=${v0.connectionId as string}`);
    ws.close();

    // Bodies the client might send are ignored.
    expect((await negotiate('?negotiateVersion=1', { headers: { 'content-type': 'application/json' }, body: '' })).status).toBe(200);
    expect((await negotiate('?negotiateVersion=1', { headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: 'x' })).status).toBe(
      200,
    );
  });

  it('rejects missing, unknown, reused and expired connection tokens and other paths', async () => {
    expect(await upgradeStatus(wsUrl)).toBe(400);
    expect(await upgradeStatus(`${wsUrl}?id=`)).toBe(400);
    expect(await upgradeStatus(`${wsUrl}?id=unknown`)).toBe(404);
    expect(await upgradeStatus(wsUrl.replace('/api/connections/session', '/api/elsewhere'))).toBe(404);

    const { connectionToken } = (await (await negotiate()).json()) as { connectionToken: string };
    const first = await openRaw(`${wsUrl}?id=${connectionToken}`);
    expect(await upgradeStatus(`${wsUrl}?id=${connectionToken}`)).toBe(409);
    first.close();

    const late = (await (await negotiate()).json()) as { connectionToken: string };
    expect(running.hub.usage().pending).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await upgradeStatus(`${wsUrl}?id=${late.connectionToken}`)).toBe(404);
    // an expired token no longer counts
    expect(running.hub.usage().pending).toBe(0);
  });

  it('refuses a garbage handshake with an error response and closes', async () => {
    const ws = await openNegotiated();
    const seen = collect(ws);
    ws.send(`this is not json${RS}`);
    await seen.closed;
    // eslint-disable-next-line no-control-regex -- \x1e ends every SignalR message
    expect(seen.text()).toMatch(/^\{"error":"Handshake request is not valid JSON\."\}\x1e$/);
  });

  it('refuses an unsupported protocol', async () => {
    const ws = await openNegotiated();
    const seen = collect(ws);
    ws.send(`{"protocol":"messagepack","version":1}${RS}`);
    await seen.closed;
    expect(JSON.parse(seen.text().split(RS)[0])).toEqual({ error: "Requested protocol 'messagepack' is not available." });
  });

  it('closes connections whose handshake never completes or grows too large', async () => {
    const silent = await openNegotiated();
    const seenSilent = collect(silent);
    silent.send('{"protocol":'); // never terminated
    await seenSilent.closed;
    expect(seenSilent.text()).toContain('Handshake was canceled.');

    const big = await openNegotiated();
    const seenBig = collect(big);
    big.send('x'.repeat(1000));
    big.send('x'.repeat(1000));
    await seenBig.closed;
    expect(seenBig.text()).toContain('too large');

    const huge = await openNegotiated();
    huge.on('error', () => undefined);
    const seenHuge = collect(huge);
    huge.send('x'.repeat(5000)); // one frame over maxMessageBytes
    expect(await seenHuge.closed).toBe(1009);
  });

  it('answers the handshake, pings, handles messages arriving with it, and closes on bad JSON', async () => {
    const ws = await openNegotiated();
    const seen = collect(ws);
    // Handshake and an invocation in a single frame, then the invocation split over frames.
    ws.send(
      `{"protocol":"json","version":1}${RS}{"type":1,"invocationId":"1","target":"GetConnectionId","arguments":[]}${RS}{"type":1,"invo`,
    );
    ws.send(`cationId":"2","target":"Nope","arguments":[]}${RS}`);
    await waitFor(() => seen.text().includes('"type":6'));
    const records = seen
      .text()
      .split(RS)
      .filter(Boolean)
      .map((r) => JSON.parse(r) as Record<string, unknown>);
    expect(records[0]).toEqual({});
    expect(records[1]).toEqual({ type: 3, invocationId: '1', result: expect.any(String) });
    expect(records[2]).toMatchObject({ type: 3, invocationId: '2', error: expect.stringContaining('Method does not exist') });
    expect(records).toContainEqual({ type: 6 });

    ws.send(`{not json${RS}`);
    await seen.closed;
    const last = JSON.parse(seen.text().split(RS).filter(Boolean).pop() as string) as Record<string, unknown>;
    expect(last).toEqual({ type: 7, error: 'Connection closed with an error. Message is not valid JSON.', allowReconnect: false });
  });

  it('drops a client that stops talking and then keeps serving others', async () => {
    const ws = await openNegotiated();
    const seen = collect(ws);
    ws.send(`{"protocol":"json","version":1}${RS}`);
    await seen.closed; // no pings from this client: closed after clientTimeoutMs
    expect(seen.text()).toContain('Client timeout elapsed');
    expect(running.hub.connectionCount).toBe(0);

    const c = client(running.hubUrl);
    await c.start();
    expect(await c.invoke<string>('GetConnectionId')).toBe(c.connectionId);
    await c.stop();
  });
});

describe('SessionHub limits on negotiated tokens', () => {
  it('bounds the tokens waiting for their WebSocket, all clients together, until they expire', async () => {
    const running = await startHub({ maxPendingNegotiations: 3, negotiateTimeoutMs: 200 });
    try {
      const negotiate = () => fetch(`${running.hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST' });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await negotiate()).status);
      expect(statuses).toEqual([200, 200, 200, 503]);
      expect(running.hub.usage()).toEqual({ open: 0, pending: 3 });
      await waitFor(() => running.hub.usage().pending === 0);
      expect((await negotiate()).status).toBe(200);
    } finally {
      await running.app.close();
    }
  });
});

const PG_AVAILABLE = pgReachable(DATABASE_URL);
if (!PG_AVAILABLE) {
  console.warn(`Skipping the cross-instance hub tests: PostgreSQL is unreachable at ${DATABASE_URL}`);
}

(PG_AVAILABLE ? describe : describe.skip)('two hub instances on one PostgreSQL (LISTEN/NOTIFY)', () => {
  let a: RunningHub;
  let b: RunningHub;
  const connections: HubConnection[] = [];

  beforeEach(async () => {
    a = await startHub({ bus: new PgSessionBus(DATABASE_URL, { applicationName: 'hub-test-a' }) });
    b = await startHub({ bus: new PgSessionBus(DATABASE_URL, { applicationName: 'hub-test-b' }) });
  });

  afterEach(async () => {
    await Promise.all(connections.splice(0).map((c) => c.stop()));
    await Promise.all([a.app.close(), b.app.close()]);
  });

  it('a revocation published on instance B reaches the client connected to instance A', async () => {
    const onA = client(a.hubUrl);
    const onB = client(b.hubUrl);
    connections.push(onA, onB);
    await Promise.all([onA.start(), onB.start()]);
    const idA = await onA.invoke<string>('GetConnectionId');
    const idB = await onB.invoke<string>('GetConnectionId');

    const session = `S-${Date.now()}-${Math.random()}`;
    expect(a.hub.bindConnection(idA, { sessionId: session, userId: 'U' })).toBe(true);
    expect(b.hub.bindConnection(idA, { sessionId: session, userId: 'U' })).toBe(false); // not B's connection
    b.hub.bindConnection(idB, { sessionId: `${session}-other`, userId: 'U' });

    const received = nextValue<string>(5000);
    const wrongOnes: string[] = [];
    onA.on('ReceiveSessionStatus', received.resolve);
    onB.on('ReceiveSessionStatus', (m: string) => wrongOnes.push(m));

    await b.hub.revokeSessions([session], 'Se ha iniciado sesión en otro dispositivo.');
    expect(await received.promise).toBe('Se ha iniciado sesión en otro dispositivo.');
    await new Promise((r) => setTimeout(r, 100));
    expect(wrongOnes).toEqual([]);
  }, 15_000);
});
