import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { closeRecord, invocationRecord } from './hub-protocol';
import { ConnectionRegistry, type Connection } from './connection-registry';
import { signToken, verifyToken } from './hub-tokens';
import {
  DEFAULT_HUB_PATH,
  HubLimitError,
  SESSION_STATUS_TARGET,
  noopLogger,
  type CloseHook,
  type HubLogger,
  type HubMethod,
  type NegotiateResponse,
  type SessionBinding,
  type SessionHubOptions,
} from './hub-options';
import { HubSockets } from './hub-sockets';
import { handleUpgrade, rejectUpgrade } from './hub-upgrade';
import { LocalSessionBus, type BindOutcome, type SessionBus } from './session-bus';

export type { SessionHubOptions } from './hub-options';

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
  private readonly registry: ConnectionRegistry;
  private readonly tokenKey: string | undefined;
  private readonly negotiateTimeoutMs: number;
  private readonly sockets: HubSockets;
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
    this.tokenKey = options.tokenKey;
    this.negotiateTimeoutMs = options.negotiateTimeoutMs ?? 15_000;
    const maxMessageBytes = options.maxMessageBytes ?? 64 * 1024;
    const maxConnections = options.maxConnections ?? 10_000;
    this.registry = new ConnectionRegistry({
      maxConnections,
      maxPerClient: options.maxConnectionsPerClient ?? 50,
      maxPending: options.maxPendingNegotiations ?? maxConnections,
    });
    this.sockets = new HubSockets(
      this.registry,
      {
        logger: this.logger,
        maxMessageBytes,
        keepAliveIntervalMs: this.keepAliveIntervalMs,
        clientTimeoutMs: this.clientTimeoutMs,
        handshakeTimeoutMs: this.handshakeTimeoutMs,
        negotiateTimeoutMs: this.negotiateTimeoutMs,
      },
      () => this.closing !== null,
    );
    this.wss = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes, clientTracking: false });
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
      // another instance was asked to bind a connection this one holds
      this.bus.onBindRequest((connectionId, binding) => this.bindHere(connectionId, binding));
      const shortest = Math.min(this.keepAliveIntervalMs, this.clientTimeoutMs, this.handshakeTimeoutMs);
      const tick = Math.max(10, Math.min(1000, Math.floor(shortest / 4)));
      this.ticker = setInterval(() => this.sockets.tick(), tick);
      this.ticker.unref();
    })();
    return this.started;
  }

  /** Handles WebSocket upgrades for the hub path on this HTTP server. */
  attach(server: Server): void {
    if (this.attached.has(server)) return;
    const listener = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
      try {
        const upgrade = {
          path: this.path,
          closing: this.closing !== null,
          registry: this.registry,
          sockets: this.sockets,
          wss: this.wss,
          adopt: (token: string) => this.adopt(token),
        };
        if (!handleUpgrade(upgrade, req, socket, head) && server.listenerCount('upgrade') === 1) {
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
      for (const conn of this.registry.all()) {
        if (conn.ws && conn.ws.readyState !== WebSocket.CLOSED) {
          const ws = conn.ws;
          sockets.push(new Promise<void>((resolve) => ws.once('close', () => resolve())));
        }
        const record = conn.state === 'connected' ? closeRecord(undefined, allowReconnect) : undefined;
        this.sockets.closeConnection(conn, { record, graceMs });
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
    const refusal = this.registry.negotiateRefusal(client);
    if (refusal) throw new HubLimitError(refusal);
    const version = requestedVersion >= 1 ? 1 : 0;
    const { tokenKey } = this;
    const expiresAt = Date.now() + this.negotiateTimeoutMs;
    const conn = this.registry.create(version === 0, client, tokenKey ? (id) => signToken(tokenKey, { id, expiresAt, client }) : undefined);
    const availableTransports: NegotiateResponse['availableTransports'] = [
      { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
    ];
    return version === 1
      ? { negotiateVersion: 1, connectionId: conn.id, connectionToken: conn.token, availableTransports }
      : { negotiateVersion: 0, connectionId: conn.id, availableTransports };
  }

  /** A token another instance negotiated and signed with the shared key: registered here to open. */
  private adopt(token: string): Connection | undefined {
    const signed = this.tokenKey ? verifyToken(this.tokenKey, token) : undefined;
    return signed ? this.registry.adopt(signed.id, token, signed.client) : undefined;
  }

  // -------------------------------------------------------------------------------------------
  // Hub methods, bindings, pushes

  /** Adds a method clients can invoke (names match case-insensitively). */
  registerMethod(name: string, fn: HubMethod): void {
    this.sockets.registerMethod(name, fn);
  }

  /** Runs `hook(connectionId, binding)` whenever a connection ends. Returns an unsubscribe function. */
  onClose(hook: CloseHook): () => void {
    return this.sockets.onClose(hook);
  }

  /** Binds a live connection to a session (replacing any earlier binding). False if the connection is unknown. */
  bindConnection(connectionId: string, binding: SessionBinding): boolean {
    const conn = this.registry.get(connectionId);
    if (!conn || conn.state === 'closed') return false;
    this.registry.bind(conn, binding);
    return true;
  }

  /**
   * Binds a connection of this instance unless it is another user's; undefined when this instance
   * does not hold it.
   */
  bindHere(connectionId: string, binding: SessionBinding): BindOutcome | undefined {
    const current = this.bindingOf(connectionId);
    if (current && current.userId !== binding.userId) return 'other-user';
    return this.bindConnection(connectionId, binding) ? 'bound' : undefined;
  }

  /**
   * Binds the connection wherever it is: here, or on the instance that holds it, asked over the
   * bus (a load balancer sends the binding call anywhere, the WebSocket stays where it opened).
   */
  async bindAnywhere(connectionId: string, binding: SessionBinding): Promise<BindOutcome> {
    return this.bindHere(connectionId, binding) ?? (await this.bus.requestBind(connectionId, binding));
  }

  bindingOf(connectionId: string): SessionBinding | undefined {
    const binding = this.registry.get(connectionId)?.binding;
    return binding ? { ...binding } : undefined;
  }

  /** Ids of this instance's connections bound to the session. */
  connectionsOf(sessionId: string): string[] {
    return this.registry.connectionsOf(sessionId);
  }

  hasConnection(connectionId: string): boolean {
    const conn = this.registry.get(connectionId);
    return conn !== undefined && conn.state !== 'closed';
  }

  /** WebSockets open (handshaking or connected) and tokens waiting for one, in all or for one client. */
  usage(client?: string): { open: number; pending: number } {
    return this.registry.usage(client);
  }

  /** Number of open (handshaken) connections on this instance. */
  get connectionCount(): number {
    return this.registry.connectedCount;
  }

  /** Sends ReceiveSessionStatus(message) to this instance's connections of the session; returns how many got it. */
  notifySession(sessionId: string, message: string): number {
    const record = invocationRecord(SESSION_STATUS_TARGET, [message]);
    let sent = 0;
    for (const id of this.registry.connectionsOf(sessionId)) {
      const conn = this.registry.get(id);
      if (conn?.state === 'connected' && this.sockets.send(conn, record)) sent++;
    }
    return sent;
  }

  /** Tells the connections of these sessions, on every instance, that they were revoked. */
  async revokeSessions(sessionIds: string[], message: string): Promise<void> {
    if (sessionIds.length === 0) return;
    await this.bus.publish(sessionIds, message);
  }
}
