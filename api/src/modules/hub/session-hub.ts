import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { INFORMATION_CODES, MESSAGES, fail } from '@suite/shared/contracts';
import {
  HubProtocolError,
  MessageType,
  PING_RECORD,
  closeRecord,
  completionErrorRecord,
  completionResultRecord,
  failedInvocationError,
  handshakeResponse,
  invocationRecord,
  parseHandshakeRequest,
  parseHubMessage,
  splitRecords,
  unknownMethodError,
  type HubMessage,
} from './hub-protocol';
import { LocalSessionBus, type SessionBus } from './session-bus';

export const DEFAULT_HUB_PATH = '/api/connections/session';
/** Client method that receives session status pushes. */
export const SESSION_STATUS_TARGET = 'ReceiveSessionStatus';

export interface SessionBinding {
  sessionId: string;
  userId: string;
}

/** Pino-compatible subset (Fastify's `app.log` fits). */
export interface HubLogger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface HubCallContext {
  connectionId: string;
  binding: SessionBinding | undefined;
}

/** A hub method the client can invoke; the return value becomes the completion's result. */
export type HubMethod = (context: HubCallContext, args: unknown[]) => unknown;

export type CloseHook = (connectionId: string, binding: SessionBinding | undefined) => void;

export interface SessionHubOptions {
  /** Bus that carries revocations between instances; defaults to an in-process bus. The hub owns it and closes it. */
  bus?: SessionBus;
  /** Hub endpoint (matched case-insensitively). */
  path?: string;
  /** Server → client ping when nothing else was sent for this long (client default timeout is 30 s). */
  keepAliveIntervalMs?: number;
  /** Close a connection when the client sent nothing for this long (client pings every 15 s). */
  clientTimeoutMs?: number;
  /** Time allowed between the WebSocket opening and a complete handshake request. */
  handshakeTimeoutMs?: number;
  /** Time a negotiated connection token waits for its WebSocket before it is dropped. */
  negotiateTimeoutMs?: number;
  /** Largest accepted WebSocket message / unterminated record, in bytes. */
  maxMessageBytes?: number;
  /**
   * WebSockets open on this instance (default 10000). Beyond it upgrades and negotiations get
   * 503: each WebSocket holds a file descriptor, and the process needs some left for HTTP.
   */
  maxConnections?: number;
  /**
   * WebSockets open from one client address (default 50); also the number of negotiated tokens
   * a client may hold unused. Beyond it: 429.
   */
  maxConnectionsPerClient?: number;
  /** Negotiated tokens waiting for their WebSocket, all clients together (default maxConnections). */
  maxPendingNegotiations?: number;
  logger?: HubLogger;
}

/** A negotiate or upgrade refused because of the connection limits. */
export class HubLimitError extends Error {
  constructor(readonly statusCode: 429 | 503) {
    super(statusCode === 429 ? 'Too many hub connections from this client.' : 'The hub is at its connection limit.');
    this.name = 'HubLimitError';
  }
}

export interface NegotiateResponse {
  negotiateVersion?: number;
  connectionId: string;
  connectionToken?: string;
  availableTransports: { transport: 'WebSockets'; transferFormats: ('Text' | 'Binary')[] }[];
}

type ConnectionState = 'negotiated' | 'handshaking' | 'connected' | 'closed';

interface Connection {
  readonly id: string;
  readonly token: string;
  /** Address of the client that negotiated it (the app's request.ip: TRUST_PROXY applies). */
  readonly client: string;
  /** What it counts against: a waiting token, an open WebSocket, or nothing any more. */
  slot: 'pending' | 'open' | null;
  state: ConnectionState;
  ws: WebSocket | null;
  buffer: string;
  binding: SessionBinding | undefined;
  createdAt: number;
  lastReceived: number;
  lastSent: number;
  killTimer: NodeJS.Timeout | null;
}

const noopLogger: HubLogger = { debug() {}, info() {}, warn() {}, error() {} };

function newId(): string {
  return randomBytes(16).toString('base64url');
}

function rawToString(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/** Body of a refused upgrade: the API's envelope, like every other error answer. */
function upgradeRefusal(status: number): string {
  switch (status) {
    case 400:
      return JSON.stringify(fail(400, MESSAGES.badHttpRequest, INFORMATION_CODES.badRequest));
    case 404:
    case 409:
      return JSON.stringify(fail(status, MESSAGES.connectionUnknown, status === 404 ? INFORMATION_CODES.notFound : INFORMATION_CODES.badRequest));
    case 429:
      return JSON.stringify(fail(429, MESSAGES.tooManyRequests, INFORMATION_CODES.tooManyRequests));
    case 503:
      return JSON.stringify(fail(503, MESSAGES.serviceUnavailable, INFORMATION_CODES.unavailable));
    default:
      return JSON.stringify(fail(500, MESSAGES.serverError, INFORMATION_CODES.serverError));
  }
}

/** Answers an upgrade request with an HTTP error before any WebSocket exists, and drops the socket. */
function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.on('error', () => undefined);
  if (socket.writable) {
    const body = upgradeRefusal(status);
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Server side of the SignalR hub at /api/connections/session (JSON protocol, WebSockets).
 * Owns the live connections on this instance, binds them to sessions and pushes
 * `ReceiveSessionStatus` to the connections of revoked sessions — on every instance, via the bus.
 */
export class SessionHub {
  readonly path: string;
  private readonly bus: SessionBus;
  private readonly logger: HubLogger;
  private readonly keepAliveIntervalMs: number;
  private readonly clientTimeoutMs: number;
  private readonly handshakeTimeoutMs: number;
  private readonly negotiateTimeoutMs: number;
  private readonly maxMessageBytes: number;
  private readonly maxConnections: number;
  private readonly maxPerClient: number;
  private readonly maxPending: number;

  /** Open WebSockets and waiting tokens, per client address and in all. */
  private readonly perClient = new Map<string, { open: number; pending: number }>();
  private openCount = 0;
  private pendingCount = 0;

  private readonly byId = new Map<string, Connection>();
  private readonly byToken = new Map<string, Connection>();
  private readonly bySession = new Map<string, Set<string>>();
  private readonly methods = new Map<string, { name: string; fn: HubMethod }>();
  private readonly closeHooks = new Set<CloseHook>();
  private readonly wss: WebSocketServer;
  private readonly attached = new Map<Server, (req: IncomingMessage, socket: Duplex, head: Buffer) => void>();
  private ticker: NodeJS.Timeout | null = null;
  private started: Promise<void> | null = null;
  private closing: Promise<void> | null = null;

  constructor(options: SessionHubOptions = {}) {
    this.path = (options.path ?? DEFAULT_HUB_PATH).replace(/\/+$/, '');
    this.logger = options.logger ?? noopLogger;
    this.bus = options.bus ?? new LocalSessionBus(this.logger);
    this.keepAliveIntervalMs = options.keepAliveIntervalMs ?? 15_000;
    this.clientTimeoutMs = options.clientTimeoutMs ?? 30_000;
    this.handshakeTimeoutMs = options.handshakeTimeoutMs ?? 15_000;
    this.negotiateTimeoutMs = options.negotiateTimeoutMs ?? 15_000;
    this.maxMessageBytes = options.maxMessageBytes ?? 64 * 1024;
    this.maxConnections = options.maxConnections ?? 10_000;
    this.maxPerClient = options.maxConnectionsPerClient ?? 50;
    this.maxPending = options.maxPendingNegotiations ?? this.maxConnections;
    this.wss = new WebSocketServer({ noServer: true, maxPayload: this.maxMessageBytes, clientTracking: false });
    this.registerMethod('GetConnectionId', ({ connectionId }) => connectionId);
  }

  // -------------------------------------------------------------------------------------------
  // Lifecycle

  /** Subscribes to the bus and starts the keep-alive timer. Idempotent. */
  start(): Promise<void> {
    if (this.closing) return Promise.reject(new Error('Session hub is closed.'));
    this.started ??= (async () => {
      await this.bus.subscribe((sessionIds, message) => {
        for (const sessionId of sessionIds) this.notifySession(sessionId, message);
      });
      const shortest = Math.min(this.keepAliveIntervalMs, this.clientTimeoutMs, this.handshakeTimeoutMs);
      const tick = Math.max(10, Math.min(1000, Math.floor(shortest / 4)));
      this.ticker = setInterval(() => this.tick(), tick);
      this.ticker.unref();
    })();
    return this.started;
  }

  /** Handles WebSocket upgrades for the hub path on this HTTP server. */
  attach(server: Server): void {
    if (this.attached.has(server)) return;
    const listener = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
      try {
        if (!this.handleUpgrade(req, socket, head) && server.listenerCount('upgrade') === 1) {
          rejectUpgrade(socket, 404, 'Not Found');
        }
      } catch (err) {
        this.logger.error({ err }, 'hub upgrade failed');
        rejectUpgrade(socket, 500, 'Internal Server Error');
      }
    };
    server.on('upgrade', listener);
    this.attached.set(server, listener);
  }

  /**
   * Sends every connection a Close message and closes it, stops timers, detaches from servers
   * and closes the bus. `allowReconnect` (default true) lets clients configured with automatic
   * reconnect move to another instance.
   */
  close(options: { allowReconnect?: boolean; graceMs?: number } = {}): Promise<void> {
    this.closing ??= (async () => {
      const { allowReconnect = true, graceMs = 1000 } = options;
      if (this.ticker) clearInterval(this.ticker);
      this.ticker = null;
      for (const [server, listener] of this.attached) server.off('upgrade', listener);
      this.attached.clear();
      const sockets: Promise<void>[] = [];
      for (const conn of [...this.byId.values()]) {
        if (conn.ws && conn.ws.readyState !== WebSocket.CLOSED) {
          const ws = conn.ws;
          sockets.push(new Promise<void>((resolve) => ws.once('close', () => resolve())));
        }
        const record = conn.state === 'connected' ? closeRecord(undefined, allowReconnect) : undefined;
        this.closeConnection(conn, { record, graceMs });
      }
      await Promise.all(sockets);
      await this.bus.close().catch((err: unknown) => this.logger.warn({ err }, 'closing session bus failed'));
    })();
    return this.closing;
  }

  // -------------------------------------------------------------------------------------------
  // Negotiate

  /**
   * Creates a connection awaiting its WebSocket and returns the negotiate response.
   * `requestedVersion` ≥ 1 gets a version-1 response (separate secret connectionToken);
   * 0 gets the legacy response where the connectionId doubles as the token.
   * `client` is the caller's address; throws HubLimitError when it (429) or the instance (503)
   * is at its limits — the token would only be refused at the upgrade.
   */
  negotiate(requestedVersion: number, client = 'unknown'): NegotiateResponse {
    if (this.closing) throw new Error('Session hub is closed.');
    const counts = this.perClient.get(client);
    if (counts && (counts.open >= this.maxPerClient || counts.pending >= this.maxPerClient)) throw new HubLimitError(429);
    if (this.openCount >= this.maxConnections || this.pendingCount >= this.maxPending) throw new HubLimitError(503);
    const version = requestedVersion >= 1 ? 1 : 0;
    const conn = this.createConnection(version === 0, client);
    const availableTransports: NegotiateResponse['availableTransports'] = [
      { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
    ];
    return version === 1
      ? { negotiateVersion: 1, connectionId: conn.id, connectionToken: conn.token, availableTransports }
      : { negotiateVersion: 0, connectionId: conn.id, availableTransports };
  }

  // -------------------------------------------------------------------------------------------
  // Hub methods, bindings, pushes

  /** Adds a method clients can invoke (names match case-insensitively). */
  registerMethod(name: string, fn: HubMethod): void {
    this.methods.set(name.toLowerCase(), { name, fn });
  }

  /** Runs `hook(connectionId, binding)` whenever a connection ends. Returns an unsubscribe function. */
  onClose(hook: CloseHook): () => void {
    this.closeHooks.add(hook);
    return () => this.closeHooks.delete(hook);
  }

  /** Binds a live connection to a session (replacing any earlier binding). False if the connection is unknown. */
  bindConnection(connectionId: string, binding: SessionBinding): boolean {
    const conn = this.byId.get(connectionId);
    if (!conn || conn.state === 'closed') return false;
    this.unbind(conn);
    conn.binding = { sessionId: binding.sessionId, userId: binding.userId };
    let set = this.bySession.get(binding.sessionId);
    if (!set) this.bySession.set(binding.sessionId, (set = new Set()));
    set.add(connectionId);
    return true;
  }

  unbindConnection(connectionId: string): boolean {
    const conn = this.byId.get(connectionId);
    if (!conn || !conn.binding) return false;
    this.unbind(conn);
    return true;
  }

  bindingOf(connectionId: string): SessionBinding | undefined {
    const binding = this.byId.get(connectionId)?.binding;
    return binding ? { ...binding } : undefined;
  }

  /** Ids of this instance's connections bound to the session. */
  connectionsOf(sessionId: string): string[] {
    return [...(this.bySession.get(sessionId) ?? [])];
  }

  hasConnection(connectionId: string): boolean {
    const conn = this.byId.get(connectionId);
    return conn !== undefined && conn.state !== 'closed';
  }

  /** WebSockets open (handshaking or connected) and tokens waiting for one, in all or for one client. */
  usage(client?: string): { open: number; pending: number } {
    if (client === undefined) return { open: this.openCount, pending: this.pendingCount };
    const counts = this.perClient.get(client);
    return { open: counts?.open ?? 0, pending: counts?.pending ?? 0 };
  }

  /** Number of open (handshaken) connections on this instance. */
  get connectionCount(): number {
    let n = 0;
    for (const conn of this.byId.values()) if (conn.state === 'connected') n++;
    return n;
  }

  /** Sends ReceiveSessionStatus(message) to this instance's connections of the session; returns how many got it. */
  notifySession(sessionId: string, message: string): number {
    const record = invocationRecord(SESSION_STATUS_TARGET, [message]);
    let sent = 0;
    for (const id of this.bySession.get(sessionId) ?? []) {
      const conn = this.byId.get(id);
      if (conn?.state === 'connected' && this.send(conn, record)) sent++;
    }
    return sent;
  }

  /** Tells the connections of these sessions, on every instance, that they were revoked. */
  async revokeSessions(sessionIds: string[], message: string): Promise<void> {
    if (sessionIds.length === 0) return;
    await this.bus.publish(sessionIds, message);
  }

  // -------------------------------------------------------------------------------------------
  // Transport

  /** Returns false when the request is not for the hub path (left to other handlers). */
  private handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.replace(/\/+$/, '').toLowerCase() !== this.path.toLowerCase()) return false;

    if (this.closing) {
      rejectUpgrade(socket, 503, 'Service Unavailable');
      return true;
    }
    // Only negotiated tokens open a WebSocket: negotiate is where the limits apply and where a
    // client learns it is refused, and every waiting token expires (negotiateTimeoutMs).
    const token = url.searchParams.get('id');
    if (token === null || token === '') {
      rejectUpgrade(socket, 400, 'Bad Request');
      return true;
    }
    const conn = this.byToken.get(token);
    if (!conn) {
      rejectUpgrade(socket, 404, 'Not Found');
      return true;
    }
    if (conn.state !== 'negotiated') {
      rejectUpgrade(socket, 409, 'Conflict');
      return true;
    }
    // checked again here: tokens negotiated earlier may outnumber the places left. A refused
    // token is spent: the client negotiates again when it retries.
    if (this.openCount >= this.maxConnections) {
      this.dispose(conn);
      rejectUpgrade(socket, 503, 'Service Unavailable');
      return true;
    }
    if ((this.perClient.get(conn.client)?.open ?? 0) >= this.maxPerClient) {
      this.dispose(conn);
      rejectUpgrade(socket, 429, 'Too Many Requests');
      return true;
    }
    this.take(conn, 'open');
    const claimed = conn;
    claimed.state = 'handshaking';
    claimed.createdAt = Date.now();
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onSocket(claimed, ws));
    // handleUpgrade answers invalid upgrade requests itself and destroys the socket.
    socket.once('close', () => {
      if (!claimed.ws) this.dispose(claimed);
    });
    return true;
  }

  private createConnection(tokenIsId: boolean, client: string): Connection {
    const id = newId();
    const now = Date.now();
    const conn: Connection = {
      id,
      token: tokenIsId ? id : newId(),
      client,
      slot: null,
      state: 'negotiated',
      ws: null,
      buffer: '',
      binding: undefined,
      createdAt: now,
      lastReceived: now,
      lastSent: now,
      killTimer: null,
    };
    this.byId.set(conn.id, conn);
    this.byToken.set(conn.token, conn);
    this.take(conn, 'pending');
    return conn;
  }

  /** Moves the connection's count to `slot` (or frees it: null). */
  private take(conn: Connection, slot: 'pending' | 'open' | null): void {
    if (conn.slot === slot) return;
    let counts = this.perClient.get(conn.client);
    if (!counts) this.perClient.set(conn.client, (counts = { open: 0, pending: 0 }));
    if (conn.slot === 'open') {
      counts.open--;
      this.openCount--;
    } else if (conn.slot === 'pending') {
      counts.pending--;
      this.pendingCount--;
    }
    if (slot === 'open') {
      counts.open++;
      this.openCount++;
    } else if (slot === 'pending') {
      counts.pending++;
      this.pendingCount++;
    }
    conn.slot = slot;
    if (counts.open === 0 && counts.pending === 0) this.perClient.delete(conn.client);
  }

  private onSocket(conn: Connection, ws: WebSocket): void {
    if (conn.state === 'closed' || this.closing) {
      ws.terminate();
      return;
    }
    conn.ws = ws;
    conn.lastReceived = conn.lastSent = Date.now();
    ws.on('message', (data: RawData) => {
      try {
        this.onData(conn, rawToString(data));
      } catch (err) {
        this.logger.error({ err, connectionId: conn.id }, 'hub message handling failed');
        this.closeConnection(conn, { record: closeRecord('Connection closed with an error.', false) });
      }
    });
    ws.on('error', (err: Error) => this.logger.debug({ err, connectionId: conn.id }, 'hub socket error'));
    ws.on('close', () => this.dispose(conn));
    this.logger.debug({ connectionId: conn.id }, 'hub connection opened');
  }

  private onData(conn: Connection, text: string): void {
    if (conn.state !== 'handshaking' && conn.state !== 'connected') return;
    conn.lastReceived = Date.now();
    const { records, rest } = splitRecords(conn.buffer + text);
    conn.buffer = rest;
    if (Buffer.byteLength(rest) > this.maxMessageBytes) {
      const record =
        conn.state === 'handshaking'
          ? handshakeResponse('Handshake request is too large.')
          : closeRecord('Connection closed with an error. Message is too large.', false);
      this.closeConnection(conn, { record });
      return;
    }
    for (const record of records) {
      if (conn.state === 'handshaking') {
        const result = parseHandshakeRequest(record);
        if (!result.ok) {
          this.logger.debug({ connectionId: conn.id, error: result.error }, 'hub handshake refused');
          this.closeConnection(conn, { record: handshakeResponse(result.error) });
          return;
        }
        conn.state = 'connected';
        this.send(conn, handshakeResponse());
        continue;
      }
      if (conn.state !== 'connected') return;
      let message: HubMessage | null;
      try {
        message = parseHubMessage(record);
      } catch (err) {
        const detail = err instanceof HubProtocolError ? ` ${err.message}` : '';
        this.closeConnection(conn, { record: closeRecord(`Connection closed with an error.${detail}`, false) });
        return;
      }
      if (message) this.onMessage(conn, message);
    }
  }

  private onMessage(conn: Connection, message: HubMessage): void {
    switch (message.type) {
      case MessageType.Invocation:
        this.invoke(conn, message.target, message.arguments, message.invocationId);
        return;
      case MessageType.StreamInvocation:
        this.send(
          conn,
          completionErrorRecord(message.invocationId, `Failed to invoke '${message.target}': streaming is not supported.`),
        );
        return;
      case MessageType.Close:
        this.closeConnection(conn, {});
        return;
      default:
        // Ping only refreshes the timeout; stream items, cancellations, client results, acks
        // and sequences have no meaning for this hub.
        return;
    }
  }

  private invoke(conn: Connection, target: string, args: unknown[], invocationId: string | undefined): void {
    const method = this.methods.get(target.toLowerCase());
    if (!method) {
      this.logger.debug({ connectionId: conn.id, target }, 'unknown hub method');
      if (invocationId !== undefined) this.send(conn, completionErrorRecord(invocationId, unknownMethodError(target)));
      return;
    }
    const fail = (err: unknown): void => {
      this.logger.error({ err, connectionId: conn.id, target: method.name }, 'hub method failed');
      if (invocationId !== undefined) this.send(conn, completionErrorRecord(invocationId, failedInvocationError(target)));
    };
    const complete = (result: unknown): void => {
      if (invocationId === undefined) return;
      let record: string;
      try {
        record = completionResultRecord(invocationId, result);
      } catch (err) {
        fail(err);
        return;
      }
      this.send(conn, record);
    };
    let result: unknown;
    try {
      result = method.fn({ connectionId: conn.id, binding: conn.binding ? { ...conn.binding } : undefined }, args);
    } catch (err) {
      fail(err);
      return;
    }
    if (result instanceof Promise) result.then(complete, fail);
    else complete(result);
  }

  private send(conn: Connection, record: string): boolean {
    const ws = conn.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(record);
    conn.lastSent = Date.now();
    return true;
  }

  /** Sends an optional last record, then closes the socket (forcibly after `graceMs`). */
  private closeConnection(conn: Connection, { record, graceMs = 2000 }: { record?: string; graceMs?: number }): void {
    if (conn.state === 'closed') return;
    const ws = conn.ws;
    if (!ws) {
      this.dispose(conn);
      return;
    }
    if (record) this.send(conn, record);
    conn.state = 'closed';
    if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close(1000);
    conn.killTimer = setTimeout(() => ws.terminate(), graceMs);
    conn.killTimer.unref();
  }

  /** Forgets a connection once its socket is gone (or it never got one). */
  private dispose(conn: Connection): void {
    if (conn.killTimer) clearTimeout(conn.killTimer);
    conn.killTimer = null;
    if (!this.byId.has(conn.id)) return;
    conn.state = 'closed';
    this.take(conn, null);
    const binding = conn.binding;
    this.unbind(conn);
    this.byId.delete(conn.id);
    this.byToken.delete(conn.token);
    this.logger.debug({ connectionId: conn.id }, 'hub connection closed');
    for (const hook of this.closeHooks) {
      try {
        hook(conn.id, binding);
      } catch (err) {
        this.logger.error({ err, connectionId: conn.id }, 'hub close hook failed');
      }
    }
  }

  private unbind(conn: Connection): void {
    if (!conn.binding) return;
    const set = this.bySession.get(conn.binding.sessionId);
    if (set) {
      set.delete(conn.id);
      if (set.size === 0) this.bySession.delete(conn.binding.sessionId);
    }
    conn.binding = undefined;
  }

  /** Keep-alive pings and the negotiate, handshake and client timeouts. */
  private tick(): void {
    const now = Date.now();
    for (const conn of [...this.byId.values()]) {
      switch (conn.state) {
        case 'negotiated':
          if (now - conn.createdAt >= this.negotiateTimeoutMs) this.dispose(conn);
          break;
        case 'handshaking':
          if (conn.ws && now - conn.createdAt >= this.handshakeTimeoutMs) {
            this.closeConnection(conn, { record: handshakeResponse('Handshake was canceled.') });
          }
          break;
        case 'connected':
          if (now - conn.lastReceived >= this.clientTimeoutMs) {
            this.closeConnection(conn, {
              record: closeRecord('Connection closed with an error. Client timeout elapsed without receiving a message.', true),
            });
          } else if (now - conn.lastSent >= this.keepAliveIntervalMs) {
            this.send(conn, PING_RECORD);
          }
          break;
        default:
          break;
      }
    }
  }
}
