import { WebSocket, type RawData } from 'ws';
import {
  HubProtocolError,
  MessageType,
  PING_RECORD,
  closeRecord,
  completionErrorRecord,
  completionResultRecord,
  failedInvocationError,
  handshakeResponse,
  parseHandshakeRequest,
  parseHubMessage,
  splitRecords,
  unknownMethodError,
  type HubMessage,
} from './hub-protocol';
import type { Connection, ConnectionRegistry } from './connection-registry';
import type { CloseHook, HubLogger, HubMethod } from './hub-options';

export interface SocketSettings {
  logger: HubLogger;
  maxMessageBytes: number;
  keepAliveIntervalMs: number;
  clientTimeoutMs: number;
  handshakeTimeoutMs: number;
  negotiateTimeoutMs: number;
}

function rawToString(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/**
 * The life of a connection once its WebSocket opens: the handshake, the hub messages and the
 * methods they invoke, records sent back, the keep-alive and timeouts, and its end (close hooks).
 */
export class HubSockets {
  private readonly methods = new Map<string, { name: string; fn: HubMethod }>();
  private readonly closeHooks = new Set<CloseHook>();

  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly settings: SocketSettings,
    /** True once the hub is closing: sockets that open then are dropped. */
    private readonly closing: () => boolean,
  ) {}

  /** Adds a method clients can invoke (names match case-insensitively). */
  registerMethod(name: string, fn: HubMethod): void {
    this.methods.set(name.toLowerCase(), { name, fn });
  }

  /** Runs `hook(connectionId, binding)` whenever a connection ends. Returns an unsubscribe function. */
  onClose(hook: CloseHook): () => void {
    this.closeHooks.add(hook);
    return () => this.closeHooks.delete(hook);
  }

  /** Takes over the WebSocket of a connection whose upgrade succeeded. */
  open(conn: Connection, ws: WebSocket): void {
    const { logger } = this.settings;
    if (conn.state === 'closed' || this.closing()) {
      ws.terminate();
      return;
    }
    conn.ws = ws;
    conn.lastReceived = conn.lastSent = Date.now();
    ws.on('message', (data: RawData) => {
      try {
        this.receive(conn, rawToString(data));
      } catch (err) {
        logger.error({ err, connectionId: conn.id }, 'hub message handling failed');
        this.closeConnection(conn, { record: closeRecord('Connection closed with an error.', false) });
      }
    });
    ws.on('error', (err: Error) => logger.debug({ err, connectionId: conn.id }, 'hub socket error'));
    ws.on('close', () => this.dispose(conn));
    logger.debug({ connectionId: conn.id }, 'hub connection opened');
  }

  send(conn: Connection, record: string): boolean {
    const ws = conn.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(record);
    conn.lastSent = Date.now();
    return true;
  }

  /** Sends an optional last record, then closes the socket (forcibly after `graceMs`). */
  closeConnection(conn: Connection, { record, graceMs = 2000 }: { record?: string; graceMs?: number }): void {
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
  dispose(conn: Connection): void {
    if (conn.killTimer) clearTimeout(conn.killTimer);
    conn.killTimer = null;
    const forgotten = this.registry.forget(conn);
    if (!forgotten) return;
    const { logger } = this.settings;
    logger.debug({ connectionId: conn.id }, 'hub connection closed');
    for (const hook of this.closeHooks) {
      try {
        hook(conn.id, forgotten.binding);
      } catch (err) {
        logger.error({ err, connectionId: conn.id }, 'hub close hook failed');
      }
    }
  }

  /** Keep-alive pings and the negotiate, handshake and client timeouts. */
  tick(): void {
    const { keepAliveIntervalMs, clientTimeoutMs, handshakeTimeoutMs, negotiateTimeoutMs } = this.settings;
    const now = Date.now();
    for (const conn of this.registry.all()) {
      switch (conn.state) {
        case 'negotiated':
          if (now - conn.createdAt >= negotiateTimeoutMs) this.dispose(conn);
          break;
        case 'handshaking':
          if (conn.ws && now - conn.createdAt >= handshakeTimeoutMs) {
            this.closeConnection(conn, { record: handshakeResponse('Handshake was canceled.') });
          }
          break;
        case 'connected':
          if (now - conn.lastReceived >= clientTimeoutMs) {
            this.closeConnection(conn, {
              record: closeRecord('Connection closed with an error. Client timeout elapsed without receiving a message.', true),
            });
          } else if (now - conn.lastSent >= keepAliveIntervalMs) {
            this.send(conn, PING_RECORD);
          }
          break;
        default:
          break;
      }
    }
  }

  private receive(conn: Connection, text: string): void {
    if (conn.state !== 'handshaking' && conn.state !== 'connected') return;
    conn.lastReceived = Date.now();
    const { records, rest } = splitRecords(conn.buffer + text);
    conn.buffer = rest;
    if (Buffer.byteLength(rest) > this.settings.maxMessageBytes) {
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
          this.settings.logger.debug({ connectionId: conn.id, error: result.error }, 'hub handshake refused');
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
        this.send(conn, completionErrorRecord(message.invocationId, `Failed to invoke '${message.target}': streaming is not supported.`));
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
    const { logger } = this.settings;
    const method = this.methods.get(target.toLowerCase());
    if (!method) {
      logger.debug({ connectionId: conn.id, target }, 'unknown hub method');
      if (invocationId !== undefined) this.send(conn, completionErrorRecord(invocationId, unknownMethodError(target)));
      return;
    }
    const fail = (err: unknown): void => {
      logger.error({ err, connectionId: conn.id, target: method.name }, 'hub method failed');
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
}
