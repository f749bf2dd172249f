import type { SessionBus } from './session-bus';

/**
 * What the session hub is configured with and what it hands its callers: bindings, hub methods,
 * close hooks, the negotiate answer and its refusal.
 */

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

export const noopLogger: HubLogger = { debug() {}, info() {}, warn() {}, error() {} };

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
  /**
   * Key shared by every instance that signs negotiated connection tokens, so that any instance
   * opens the WebSocket of a token another one negotiated (hub-tokens.ts). Without it a token
   * opens only on the instance that negotiated it.
   */
  tokenKey?: string;
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
