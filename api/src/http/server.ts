import http from 'node:http';
import net from 'node:net';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import { clientErrorHandler } from './errors';

/** HOST value that means "loopback only": 127.0.0.1 and ::1, whatever /etc/hosts says. */
export const LOOPBACK_HOST = 'localhost';
const LOOPBACK_V4 = '127.0.0.1';
const LOOPBACK_V6 = '::1';

/** Fastify's default keep-alive timeout, kept now that the server is built here. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export interface HttpServerOptions {
  /** Time a client has to send a whole request, headers and body (then 408 and close). */
  requestTimeoutMs: number;
}

/** True for a loopback socket address: 127.0.0.0/8, ::1, and IPv4-mapped ::ffff:127.x. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase();
  if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true;
  const v4 = a.startsWith('::ffff:') ? a.slice('::ffff:'.length) : a;
  return net.isIPv4(v4) && v4.startsWith('127.');
}

function unavailable(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EADDRNOTAVAIL' || code === 'EAFNOSUPPORT';
}

/**
 * The Node HTTP servers behind the Fastify app. Fastify gets `factory` as its serverFactory
 * (its main server); `listen` listens on HOST, and for the loopback default adds a second
 * server on ::1 that shares the app's handler and hub, because Fastify's own `localhost`
 * binding follows /etc/hosts, which often lacks ::1 while browsers use it for `*.localhost`.
 */
export class HttpServers {
  private handler: http.RequestListener | undefined;
  private readonly extra: http.Server[] = [];

  constructor(private readonly options: HttpServerOptions) {}

  readonly factory: FastifyServerFactory = (handler) => {
    this.handler = handler as http.RequestListener;
    return this.create();
  };

  private create(): http.Server {
    if (!this.handler) throw new Error('the Fastify handler is not known yet');
    const timeout = this.options.requestTimeoutMs;
    return http.createServer(
      {
        keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
        // A body trickled one byte at a time ends with a 408 after requestTimeout (Node's
        // default is 300 s). It ends when the request has arrived: slow replies and upgraded
        // WebSockets are not cut. Headers get the same bound.
        requestTimeout: timeout,
        headersTimeout: timeout,
        // how often Node looks for expired requests (default 30 s, too coarse for short timeouts)
        connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(timeout / 4))),
      },
      this.handler,
    );
  }

  /** Listens on `host` (`localhost`: 127.0.0.1 and ::1); returns the addresses listened on. */
  async listen(app: FastifyInstance, port: number, host: string): Promise<string[]> {
    if (host === '::') {
      try {
        return [await app.listen({ port, host })]; // dual-stack: IPv6 and IPv4
      } catch (error) {
        if (!unavailable(error)) throw error;
        app.log.warn('IPv6 is not available; listening on 0.0.0.0');
        return [await app.listen({ port, host: '0.0.0.0' })];
      }
    }
    if (host.toLowerCase() !== LOOPBACK_HOST) {
      return [await app.listen({ port, host })];
    }
    let main: string;
    try {
      main = await app.listen({ port, host: LOOPBACK_V4 });
    } catch (error) {
      if (!unavailable(error)) throw error;
      return [await app.listen({ port, host: LOOPBACK_V6 })];
    }
    const { port: bound } = app.server.address() as net.AddressInfo;
    const server = this.create();
    server.on('clientError', (error, socket) => clientErrorHandler.call(app, error, socket));
    // upgrades (the hub's WebSockets) are handled by listeners on the main server
    server.on('upgrade', (req, socket, head) => app.server.emit('upgrade', req, socket, head));
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port: bound, host: LOOPBACK_V6 }, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      app.log.warn({ err: error }, `not listening on [${LOOPBACK_V6}]:${bound}; ${LOOPBACK_V4} only`);
      return [main];
    }
    this.extra.push(server);
    return [main, `http://[${LOOPBACK_V6}]:${bound}`];
  }

  /** Stops the extra servers accepting connections (the app closes its main server itself). */
  close(): void {
    for (const server of this.extra) {
      if (!server.listening) continue;
      server.close();
      server.closeIdleConnections();
    }
  }

  /** Closes the connections that carry no request now, on `main` (the app's server) and the extra ones. */
  closeIdleConnections(main: http.Server): void {
    main.closeIdleConnections();
    for (const server of this.extra) server.closeIdleConnections();
  }
}
