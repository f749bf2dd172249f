import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import { INFORMATION_CODES, MESSAGES, fail } from '@suite/shared/contracts';
import type { Connection, ConnectionRegistry } from './connection-registry';
import type { HubSockets } from './hub-sockets';

/** What an upgrade at the hub path is checked against and handed to. */
export interface UpgradeTarget {
  path: string;
  closing: boolean;
  registry: ConnectionRegistry;
  sockets: HubSockets;
  wss: WebSocketServer;
  /** A token this instance did not negotiate, checked and registered (signed by another instance). */
  adopt?: (token: string) => Connection | undefined;
}

/** Body of a refused upgrade: the API's envelope, like every other error answer. */
function upgradeRefusal(status: number): string {
  switch (status) {
    case 400:
      return JSON.stringify(fail(400, MESSAGES.badHttpRequest, INFORMATION_CODES.badRequest));
    case 404:
    case 409:
      return JSON.stringify(
        fail(status, MESSAGES.connectionUnknown, status === 404 ? INFORMATION_CODES.notFound : INFORMATION_CODES.badRequest),
      );
    case 429:
      return JSON.stringify(fail(429, MESSAGES.tooManyRequests, INFORMATION_CODES.tooManyRequests));
    case 503:
      return JSON.stringify(fail(503, MESSAGES.serviceUnavailable, INFORMATION_CODES.unavailable));
    default:
      return JSON.stringify(fail(500, MESSAGES.serverError, INFORMATION_CODES.serverError));
  }
}

/** Answers an upgrade request with an HTTP error before any WebSocket exists, and drops the socket. */
export function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
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

/** Opens the WebSocket of a negotiated token; false when the request is not for the hub path (left to other handlers). */
export function handleUpgrade(target: UpgradeTarget, req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
  const { registry, sockets } = target;
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname.replace(/\/+$/, '').toLowerCase() !== target.path.toLowerCase()) return false;

  if (target.closing) {
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
  const conn = registry.withToken(token) ?? target.adopt?.(token);
  if (!conn) {
    rejectUpgrade(socket, 404, 'Not Found');
    return true;
  }
  if (conn.state !== 'negotiated') {
    rejectUpgrade(socket, 409, 'Conflict');
    return true;
  }
  // A refused token is spent: the client negotiates again when it retries.
  const refusal = registry.openRefusal(conn);
  if (refusal) {
    sockets.dispose(conn);
    rejectUpgrade(socket, refusal, refusal === 503 ? 'Service Unavailable' : 'Too Many Requests');
    return true;
  }
  registry.take(conn, 'open');
  const claimed = conn;
  claimed.state = 'handshaking';
  claimed.createdAt = Date.now();
  target.wss.handleUpgrade(req, socket, head, (ws) => sockets.open(claimed, ws));
  // handleUpgrade answers invalid upgrade requests itself and destroys the socket.
  socket.once('close', () => {
    if (!claimed.ws) sockets.dispose(claimed);
  });
  return true;
}
