import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Client, type ClientConfig, type Notification } from 'pg';
import type { SessionBinding } from './hub-options';

/**
 * Carries "these sessions changed status" events to every API instance, so each instance can
 * push them to the hub connections it holds.
 */
export type SessionStatusHandler = (sessionIds: string[], message: string) => void;

export interface SessionBus {
  /** Delivers the event to every subscriber, on every instance (including this one). */
  publish(sessionIds: string[], message: string): Promise<void>;
  subscribe(handler: SessionStatusHandler): Promise<void>;
  /**
   * Runs `handler` when an instance announced a change of what roles and privileges grant
   * (a NOTIFY on ACCESS_CHANGED_CHANNEL, sent in the change's transaction), and after a lost
   * listener connection is back (announcements may have been missed).
   */
  onAccessChanged(handler: () => void): void;
  /**
   * Runs `handler` when an instance announced a change of an application's settings (a NOTIFY on
   * APPLICATIONS_CHANGED_CHANNEL, sent in the change's transaction), and after a lost listener
   * connection is back.
   */
  onApplicationsChanged(handler: () => void): void;
  /**
   * Runs `handler` when a signing-key rotation step committed (a NOTIFY on KEYS_CHANGED_CHANNEL,
   * from any instance or the keys:rotate command), and after a lost listener connection is back.
   */
  onKeysChanged(handler: () => void): void;
  /**
   * Runs `handler` with the sessions an instance ended and the users whose sessions stopped being
   * live (a NOTIFY on SESSIONS_ENDED_CHANNEL, sent in the change's transaction, so it arrives
   * exactly when the change commits).
   */
  onSessionsEnded(handler: (ended: EndedSessions) => void): void;
  /**
   * Asks the other instances to bind `connectionId` to `binding`: the one holding that hub
   * connection answers. Resolves with its answer, or 'unknown' when none answers within
   * `timeoutMs` (no instance holds it; a single instance has nothing to ask).
   */
  requestBind(connectionId: string, binding: SessionBinding, timeoutMs?: number): Promise<BindOutcome>;
  /** Answers the other instances' bind requests: `handler` returns undefined for a connection this instance does not hold. */
  onBindRequest(handler: (connectionId: string, binding: SessionBinding) => BindOutcome | undefined): void;
  /**
   * Runs `handler` when the listener connection is lost and again when it is back: announcements
   * sent in between were missed, so whatever was cached on the strength of them is stale.
   */
  onListenerReset(handler: () => void): void;
  /** True while this instance receives every other instance's announcements. */
  readonly listening: boolean;
  close(): Promise<void>;
}

/** A bind's answer: bound, the connection is another user's, or no instance holds it. */
export type BindOutcome = 'bound' | 'other-user' | 'unknown';

/** Channels of the hub's bind requests and of their answers (JSON payloads). */
export const HUB_BIND_CHANNEL = 'suite_hub_bind';
export const HUB_BOUND_CHANNEL = 'suite_hub_bound';

/** What a SESSIONS_ENDED_CHANNEL notification names. */
export interface EndedSessions {
  /** Sessions revoked (final). */
  sessions: string[];
  /** Users deactivated or deleted: none of their sessions is live any more. */
  users: string[];
}

/** Postgres channel used by PgSessionBus. */
export const SESSION_STATUS_CHANNEL = 'suite_session_status';
/** Channel of "what roles and privileges grant changed"; the payload is ignored. */
export const ACCESS_CHANGED_CHANNEL = 'suite_access_changed';
/** Channel of "an application's settings changed" (drop the cached applications); the payload is ignored. */
export const APPLICATIONS_CHANGED_CHANNEL = 'suite_applications_changed';
/** Channel of "the signing keys changed" (read them again); the payload is ignored. */
export const KEYS_CHANGED_CHANNEL = 'suite_keys_changed';
/** Channel of "these sessions ended / these users' sessions are not live" (SessionService's cache). */
export const SESSIONS_ENDED_CHANNEL = 'suite_sessions_ended';

/** NOTIFY payloads must stay below 8000 bytes; keep a margin. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7900;

interface WirePayload {
  s: string[];
  m: string;
}

/**
 * Encodes an event as one or more NOTIFY payloads, each under the size limit (session ids
 * are split across payloads when there are many). Exported so a caller can also send the
 * notification inside its own transaction — `SELECT pg_notify($1, $2)` with
 * SESSION_STATUS_CHANNEL — and have it delivered only if that transaction commits.
 */
export function encodeSessionStatus(sessionIds: readonly string[], message: string, maxBytes: number = MAX_NOTIFY_PAYLOAD_BYTES): string[] {
  const base = Buffer.byteLength(JSON.stringify({ s: [], m: message } satisfies WirePayload));
  const payloads: string[] = [];
  let chunk: string[] = [];
  let size = base;
  for (const id of sessionIds) {
    const idBytes = Buffer.byteLength(JSON.stringify(id));
    if (base + idBytes > maxBytes) throw new RangeError('Session status message is too long for a notification.');
    let cost = idBytes + (chunk.length > 0 ? 1 : 0);
    if (size + cost > maxBytes) {
      payloads.push(JSON.stringify({ s: chunk, m: message } satisfies WirePayload));
      chunk = [];
      size = base;
      cost = idBytes;
    }
    chunk.push(id);
    size += cost;
  }
  if (chunk.length > 0) payloads.push(JSON.stringify({ s: chunk, m: message } satisfies WirePayload));
  return payloads;
}

/** Decodes a NOTIFY payload; null when it is not one of ours. */
export function decodeSessionStatus(payload: string | undefined): { sessionIds: string[]; message: string } | null {
  if (!payload) return null;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { s, m } = value as Partial<Record<keyof WirePayload, unknown>>;
  if (!Array.isArray(s) || !s.every((id): id is string => typeof id === 'string') || typeof m !== 'string') return null;
  return { sessionIds: s, message: m };
}

/**
 * Encodes ended sessions and users as NOTIFY payloads under the size limit: `s:<id>,<id>…` for
 * sessions, `u:<id>,…` for users (ids are UUIDs, so no separator can occur inside one).
 */
export function encodeSessionsEnded(ended: Partial<EndedSessions>, maxBytes: number = MAX_NOTIFY_PAYLOAD_BYTES): string[] {
  const payloads: string[] = [];
  for (const [prefix, ids] of [
    ['s:', ended.sessions ?? []],
    ['u:', ended.users ?? []],
  ] as const) {
    let chunk = '';
    for (const id of ids) {
      if (prefix.length + id.length > maxBytes || /[,:]/.test(id)) throw new RangeError('Not a session or user id.');
      if (chunk && chunk.length + 1 + id.length > maxBytes) {
        payloads.push(chunk);
        chunk = '';
      }
      chunk = chunk ? `${chunk},${id}` : `${prefix}${id}`;
    }
    if (chunk) payloads.push(chunk);
  }
  return payloads;
}

/** Decodes a SESSIONS_ENDED_CHANNEL payload; null when it is not one of ours. */
export function decodeSessionsEnded(payload: string | undefined): EndedSessions | null {
  const match = /^([su]):(.+)$/s.exec(payload ?? '');
  if (!match) return null;
  const ids = match[2].split(',');
  return match[1] === 's' ? { sessions: ids, users: [] } : { sessions: [], users: ids };
}

function safeCall(handler: SessionStatusHandler, sessionIds: string[], message: string, logger?: BusLogger): void {
  try {
    handler(sessionIds, message);
  } catch (err) {
    logger?.error({ err }, 'session status handler failed');
  }
}

/** Pino-compatible subset. */
export interface BusLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

// ---------------------------------------------------------------------------------------------

/**
 * In-process bus, for a single instance (embedded PGlite). Delivery is asynchronous. Access
 * changes need no delivery here: the one instance drops its grants when its change commits.
 */
export class LocalSessionBus implements SessionBus {
  private readonly emitter = new EventEmitter();
  private closed = false;

  constructor(private readonly logger?: BusLogger) {}

  async publish(sessionIds: string[], message: string): Promise<void> {
    if (this.closed) throw new Error('Session bus is closed.');
    if (sessionIds.length === 0) return;
    const ids = [...sessionIds];
    setImmediate(() => this.emitter.emit('status', ids, message));
  }

  async subscribe(handler: SessionStatusHandler): Promise<void> {
    if (this.closed) throw new Error('Session bus is closed.');
    this.emitter.on('status', (ids: string[], message: string) => safeCall(handler, ids, message, this.logger));
  }

  onAccessChanged(): void {
    // one instance: nothing else to tell
  }

  onApplicationsChanged(): void {
    // one instance: the change drops this instance's caches itself
  }

  onKeysChanged(): void {
    // one instance: the rotation command cannot open an embedded database the instance holds
  }

  async requestBind(): Promise<BindOutcome> {
    return 'unknown'; // one instance: the connection is here or nowhere
  }

  onBindRequest(): void {
    // one instance: nobody else asks
  }

  onSessionsEnded(): void {
    // one instance: the change marks this instance's cache itself
  }

  onListenerReset(): void {
    // nothing to lose in process
  }

  get listening(): boolean {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.emitter.removeAllListeners();
  }
}

// ---------------------------------------------------------------------------------------------

export interface PgSessionBusOptions {
  /** application_name of the listener connection (visible in pg_stat_activity). */
  applicationName?: string;
  /** Reconnect back-off bounds after the listener connection drops. */
  reconnectMinDelayMs?: number;
  reconnectMaxDelayMs?: number;
  /** How long publish() waits for a (re)connecting listener before failing. */
  publishTimeoutMs?: number;
  logger?: BusLogger;
  /** Called after the listener connection has been re-established (events may have been missed). */
  onReconnect?: () => void;
}

/**
 * Bus over Postgres LISTEN/NOTIFY. One dedicated connection listens on SESSION_STATUS_CHANNEL
 * and also sends the notifications. If the connection drops it is re-established with
 * back-off; events sent while it was down are not replayed.
 */
export class PgSessionBus implements SessionBus {
  private readonly config: ClientConfig;
  private readonly options: Required<Omit<PgSessionBusOptions, 'logger' | 'onReconnect'>> &
    Pick<PgSessionBusOptions, 'logger' | 'onReconnect'>;
  private readonly handlers = new Set<SessionStatusHandler>();
  private readonly accessHandlers = new Set<() => void>();
  private readonly applicationHandlers = new Set<() => void>();
  private readonly keyHandlers = new Set<() => void>();
  private bindHandler: ((connectionId: string, binding: SessionBinding) => BindOutcome | undefined) | null = null;
  private readonly bindWaiters = new Map<string, (outcome: BindOutcome) => void>();
  private readonly endedHandlers = new Set<(ended: EndedSessions) => void>();
  private readonly resetHandlers = new Set<() => void>();
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelay: number;
  private closed = false;
  private readonly waiters = new Set<{ resolve: (c: Client) => void; reject: (e: Error) => void }>();

  constructor(connection: string | ClientConfig, options: PgSessionBusOptions = {}) {
    this.options = {
      applicationName: options.applicationName ?? 'suite-session-bus',
      reconnectMinDelayMs: options.reconnectMinDelayMs ?? 250,
      reconnectMaxDelayMs: options.reconnectMaxDelayMs ?? 5000,
      publishTimeoutMs: options.publishTimeoutMs ?? 5000,
      logger: options.logger,
      onReconnect: options.onReconnect,
    };
    const base: ClientConfig = typeof connection === 'string' ? { connectionString: connection } : { ...connection };
    // keep-alive probes find a silently dead listener connection (its announcements are missed)
    this.config = { application_name: this.options.applicationName, keepAlive: true, keepAliveInitialDelayMillis: 10_000, ...base };
    this.reconnectDelay = this.options.reconnectMinDelayMs;
  }

  /** True while the listener connection is up. */
  get connected(): boolean {
    return this.client !== null;
  }

  get listening(): boolean {
    return this.client !== null && !this.closed;
  }

  async subscribe(handler: SessionStatusHandler): Promise<void> {
    if (this.closed) throw new Error('Session bus is closed.');
    this.handlers.add(handler);
    await this.ensureClient();
  }

  onAccessChanged(handler: () => void): void {
    this.accessHandlers.add(handler);
    void this.ensureClient().catch((err: unknown) => this.options.logger?.warn({ err }, 'session bus listener not connected yet'));
  }

  onApplicationsChanged(handler: () => void): void {
    this.applicationHandlers.add(handler);
    void this.ensureClient().catch((err: unknown) => this.options.logger?.warn({ err }, 'session bus listener not connected yet'));
  }

  onKeysChanged(handler: () => void): void {
    this.keyHandlers.add(handler);
    void this.ensureClient().catch((err: unknown) => this.options.logger?.warn({ err }, 'session bus listener not connected yet'));
  }

  async requestBind(connectionId: string, binding: SessionBinding, timeoutMs = 1000): Promise<BindOutcome> {
    if (this.closed) return 'unknown';
    const client = await this.ensureClient();
    const request = randomUUID();
    const answered = new Promise<BindOutcome>((resolve) => {
      const timer = setTimeout(() => {
        this.bindWaiters.delete(request);
        resolve('unknown');
      }, timeoutMs);
      this.bindWaiters.set(request, (outcome) => {
        clearTimeout(timer);
        this.bindWaiters.delete(request);
        resolve(outcome);
      });
    });
    await client.query('SELECT pg_notify($1, $2)', [
      HUB_BIND_CHANNEL,
      JSON.stringify({ r: request, c: connectionId, s: binding.sessionId, u: binding.userId }),
    ]);
    return answered;
  }

  onBindRequest(handler: (connectionId: string, binding: SessionBinding) => BindOutcome | undefined): void {
    this.bindHandler = handler;
    void this.ensureClient().catch((err: unknown) => this.options.logger?.warn({ err }, 'session bus listener not connected yet'));
  }

  /** Another instance asks to bind a connection: the holder binds it and says how it went. */
  private answerBind(payload: string): void {
    let request: { r?: unknown; c?: unknown; s?: unknown; u?: unknown };
    try {
      request = JSON.parse(payload) as typeof request;
    } catch {
      return;
    }
    const { r, c, s, u } = request;
    if (typeof r !== 'string' || typeof c !== 'string' || typeof s !== 'string' || typeof u !== 'string' || !this.bindHandler) return;
    const outcome = this.bindHandler(c, { sessionId: s, userId: u });
    if (!outcome || !this.client) return;
    this.client
      .query('SELECT pg_notify($1, $2)', [HUB_BOUND_CHANNEL, JSON.stringify({ r, o: outcome })])
      .catch((err: unknown) => this.options.logger?.warn({ err }, 'answering a hub bind request failed'));
  }

  onSessionsEnded(handler: (ended: EndedSessions) => void): void {
    this.endedHandlers.add(handler);
    void this.ensureClient().catch((err: unknown) => this.options.logger?.warn({ err }, 'session bus listener not connected yet'));
  }

  onListenerReset(handler: () => void): void {
    this.resetHandlers.add(handler);
  }

  async publish(sessionIds: string[], message: string): Promise<void> {
    if (this.closed) throw new Error('Session bus is closed.');
    const payloads = encodeSessionStatus(sessionIds, message);
    if (payloads.length === 0) return;
    const client = await this.ensureClient();
    for (const payload of payloads) {
      await client.query('SELECT pg_notify($1, $2)', [SESSION_STATUS_CHANNEL, payload]);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    for (const w of this.waiters) w.reject(new Error('Session bus is closed.'));
    this.waiters.clear();
    const client = this.client ?? (await this.connecting?.catch(() => null)) ?? null;
    this.client = null;
    this.handlers.clear();
    this.accessHandlers.clear();
    this.applicationHandlers.clear();
    this.keyHandlers.clear();
    this.endedHandlers.clear();
    this.resetHandlers.clear();
    if (client) await client.end().catch(() => undefined);
  }

  /** Returns the live client, connecting (first use) or waiting for a reconnect. */
  private ensureClient(): Promise<Client> {
    if (this.client) return Promise.resolve(this.client);
    if (this.connecting) return this.connecting;
    if (!this.reconnectTimer) return this.connect();
    // A reconnect is scheduled: wait for it, bounded.
    return new Promise<Client>((resolve, reject) => {
      const waiter = {
        resolve: (c: Client) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(c);
        },
        reject: (e: Error) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          reject(e);
        },
      };
      const timer = setTimeout(() => waiter.reject(new Error('Session bus is not connected.')), this.options.publishTimeoutMs);
      this.waiters.add(waiter);
    });
  }

  private connect(): Promise<Client> {
    const attempt = (async () => {
      const client = new Client(this.config);
      client.on('error', (err: Error) => this.lost(client, err));
      client.on('end', () => this.lost(client));
      client.on('notification', (n: Notification) => this.deliver(n));
      try {
        await client.connect();
        await client.query(`LISTEN ${SESSION_STATUS_CHANNEL}`);
        await client.query(`LISTEN ${ACCESS_CHANGED_CHANNEL}`);
        await client.query(`LISTEN ${APPLICATIONS_CHANGED_CHANNEL}`);
        await client.query(`LISTEN ${KEYS_CHANGED_CHANNEL}`);
        await client.query(`LISTEN ${HUB_BIND_CHANNEL}`);
        await client.query(`LISTEN ${HUB_BOUND_CHANNEL}`);
        await client.query(`LISTEN ${SESSIONS_ENDED_CHANNEL}`);
      } catch (err) {
        client.removeAllListeners('end');
        await client.end().catch(() => undefined);
        throw err;
      }
      if (this.closed) {
        await client.end().catch(() => undefined);
        throw new Error('Session bus is closed.');
      }
      this.client = client;
      this.reconnectDelay = this.options.reconnectMinDelayMs;
      for (const w of [...this.waiters]) w.resolve(client);
      return client;
    })();
    this.connecting = attempt;
    attempt.then(
      () => {
        this.connecting = null;
      },
      () => {
        this.connecting = null;
      },
    );
    return attempt;
  }

  private lost(client: Client, err?: Error): void {
    if (client !== this.client || this.closed) return;
    this.client = null;
    this.options.logger?.warn({ err }, 'session bus listener connection lost; reconnecting');
    client.end().catch(() => undefined);
    this.run(this.resetHandlers, 'listener reset handler failed');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, this.options.reconnectMaxDelayMs);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().then(
        () => {
          this.options.logger?.info({}, 'session bus listener reconnected');
          this.accessChanged();
          this.run(this.applicationHandlers, 'applications change handler failed');
          this.run(this.keyHandlers, 'keys change handler failed');
          this.run(this.resetHandlers, 'listener reset handler failed');
          this.options.onReconnect?.();
        },
        (err: unknown) => {
          this.options.logger?.warn({ err }, 'session bus reconnect failed');
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.reconnectTimer.unref();
  }

  private accessChanged(): void {
    this.run(this.accessHandlers, 'access change handler failed');
  }

  /** Runs every handler with `args`; one that throws is logged and does not stop the others. */
  private run<A extends unknown[]>(handlers: Set<(...args: A) => void>, failure: string, ...args: A): void {
    for (const handler of handlers) {
      try {
        handler(...args);
      } catch (err) {
        this.options.logger?.error({ err }, failure);
      }
    }
  }

  private deliver(notification: Notification): void {
    if (notification.channel === ACCESS_CHANGED_CHANNEL) {
      this.accessChanged();
      return;
    }
    if (notification.channel === APPLICATIONS_CHANGED_CHANNEL) {
      this.run(this.applicationHandlers, 'applications change handler failed');
      return;
    }
    if (notification.channel === KEYS_CHANGED_CHANNEL) {
      this.run(this.keyHandlers, 'keys change handler failed');
      return;
    }
    if (notification.channel === HUB_BIND_CHANNEL) {
      this.answerBind(notification.payload ?? '');
      return;
    }
    if (notification.channel === HUB_BOUND_CHANNEL) {
      try {
        const { r, o } = JSON.parse(notification.payload ?? '') as { r?: string; o?: BindOutcome };
        if (r && (o === 'bound' || o === 'other-user')) this.bindWaiters.get(r)?.(o);
      } catch {
        // not ours to read
      }
      return;
    }
    if (notification.channel === SESSIONS_ENDED_CHANNEL) {
      const ended = decodeSessionsEnded(notification.payload);
      if (!ended) {
        this.options.logger?.warn({}, 'ignored malformed sessions ended notification');
        return;
      }
      this.run(this.endedHandlers, 'sessions ended handler failed', ended);
      return;
    }
    if (notification.channel !== SESSION_STATUS_CHANNEL) return;
    const event = decodeSessionStatus(notification.payload);
    if (!event) {
      this.options.logger?.warn({}, 'ignored malformed session status notification');
      return;
    }
    for (const handler of this.handlers) safeCall(handler, event.sessionIds, event.message, this.options.logger);
  }
}
