import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { SessionBinding } from './hub-options';

export type ConnectionState = 'negotiated' | 'handshaking' | 'connected' | 'closed';

/** A negotiated hub connection, from its token to its WebSocket's end. */
export interface Connection {
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

export interface ConnectionLimits {
  maxConnections: number;
  maxPerClient: number;
  maxPending: number;
}

function newId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * This instance's connections, found by id, by negotiated token and by bound session, and counted
 * per client address and in all against the limits (a waiting token or an open WebSocket).
 */
export class ConnectionRegistry {
  private readonly byId = new Map<string, Connection>();
  private readonly byToken = new Map<string, Connection>();
  private readonly bySession = new Map<string, Set<string>>();
  private readonly perClient = new Map<string, { open: number; pending: number }>();
  private openCount = 0;
  private pendingCount = 0;

  constructor(private readonly limits: ConnectionLimits) {}

  /** Why `client` may not negotiate now: 429 at its own limits, 503 at the instance's. */
  negotiateRefusal(client: string): 429 | 503 | undefined {
    const counts = this.perClient.get(client);
    if (counts && (counts.open >= this.limits.maxPerClient || counts.pending >= this.limits.maxPerClient)) return 429;
    if (this.openCount >= this.limits.maxConnections || this.pendingCount >= this.limits.maxPending) return 503;
    return undefined;
  }

  /** Why a negotiated token may not open its WebSocket: tokens negotiated earlier may outnumber the places left. */
  openRefusal(conn: Connection): 429 | 503 | undefined {
    if (this.openCount >= this.limits.maxConnections) return 503;
    if ((this.perClient.get(conn.client)?.open ?? 0) >= this.limits.maxPerClient) return 429;
    return undefined;
  }

  /**
   * A new connection awaiting its WebSocket (counted as pending). `tokenFor` makes its token from
   * its id (a signed token any instance opens); else the token is the id (legacy) or random.
   */
  create(tokenIsId: boolean, client: string, tokenFor?: (id: string) => string): Connection {
    const id = newId();
    return this.add(id, tokenIsId ? id : tokenFor ? tokenFor(id) : newId(), client);
  }

  /**
   * A connection another instance negotiated, whose signed token arrived here: registered as if
   * negotiated here. Undefined when a connection of that id is already here.
   */
  adopt(id: string, token: string, client: string): Connection | undefined {
    if (this.byId.has(id)) return undefined;
    return this.add(id, token, client);
  }

  private add(id: string, token: string, client: string): Connection {
    const now = Date.now();
    const conn: Connection = {
      id,
      token,
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

  get(connectionId: string): Connection | undefined {
    return this.byId.get(connectionId);
  }

  withToken(token: string): Connection | undefined {
    return this.byToken.get(token);
  }

  /** Every connection, copied: closing one while iterating removes it. */
  all(): Connection[] {
    return [...this.byId.values()];
  }

  /** Moves the connection's count to `slot` (or frees it: null). */
  take(conn: Connection, slot: 'pending' | 'open' | null): void {
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

  /** Binds the connection to a session, replacing any earlier binding. */
  bind(conn: Connection, binding: SessionBinding): void {
    this.unbind(conn);
    conn.binding = { sessionId: binding.sessionId, userId: binding.userId };
    let set = this.bySession.get(binding.sessionId);
    if (!set) this.bySession.set(binding.sessionId, (set = new Set()));
    set.add(conn.id);
  }

  unbind(conn: Connection): void {
    if (!conn.binding) return;
    const set = this.bySession.get(conn.binding.sessionId);
    if (set) {
      set.delete(conn.id);
      if (set.size === 0) this.bySession.delete(conn.binding.sessionId);
    }
    conn.binding = undefined;
  }

  /** Ids of the connections bound to the session. */
  connectionsOf(sessionId: string): string[] {
    return [...(this.bySession.get(sessionId) ?? [])];
  }

  /**
   * Frees the connection's count and forgets it; answers the binding it had, or false when it was
   * already forgotten.
   */
  forget(conn: Connection): { binding: SessionBinding | undefined } | false {
    if (!this.byId.has(conn.id)) return false;
    conn.state = 'closed';
    this.take(conn, null);
    const binding = conn.binding;
    this.unbind(conn);
    this.byId.delete(conn.id);
    this.byToken.delete(conn.token);
    return { binding };
  }

  /** WebSockets open (handshaking or connected) and tokens waiting for one, in all or for one client. */
  usage(client?: string): { open: number; pending: number } {
    if (client === undefined) return { open: this.openCount, pending: this.pendingCount };
    const counts = this.perClient.get(client);
    return { open: counts?.open ?? 0, pending: counts?.pending ?? 0 };
  }

  /** Number of handshaken connections. */
  get connectedCount(): number {
    let n = 0;
    for (const conn of this.byId.values()) if (conn.state === 'connected') n++;
    return n;
  }
}
