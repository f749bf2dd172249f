import type { FastifyInstance } from 'fastify';

/**
 * An instance leaving a cluster (SIGTERM in a rolling restart) without failing a request it
 * accepted (docs/architecture.md §3, Operations):
 * 1. draining: /readyz answers 503, so the load balancer stops sending new requests here, while
 *    every request is still served — each reply with `Connection: close`, so a keep-alive client
 *    opens its next connection elsewhere instead of finding this one closed under a request;
 * 2. after `drainMs`, `app.close()`: no new connection is accepted, the requests in flight finish
 *    (again with `Connection: close`), then the database closes.
 */
export class Drain {
  private started = false;

  get draining(): boolean {
    return this.started;
  }

  /** Starts draining; resolves after `drainMs`. */
  async start(drainMs: number): Promise<void> {
    this.started = true;
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  }
}

/** Every reply of a draining instance, and of one shutting down, closes its connection. */
export function installDrainReplies(app: FastifyInstance, drain: Drain): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // decided when the reply goes out, not when its request came in: a request accepted before the
  // drain began still tells its client that the connection closes
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (drain.draining || closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

/** Drains for `drainMs`, then closes the server; resolves once it has closed. */
export async function drainAndClose(app: FastifyInstance, drain: Drain, drainMs: number): Promise<void> {
  await drain.start(drainMs);
  await app.close();
}

/** How often a shutdown closes the connections that went idle since (their reply finished). */
const IDLE_SWEEP_MS = 50;

/**
 * While the server shuts down, requests still arriving on open connections are served (with
 * `Connection: close`, above; Fastify's `return503OnClosing` is off), and connections are
 * closed as soon as they are idle: Node closes the idle ones once, when the shutdown starts, and
 * a keep-alive connection still busy then would otherwise hold the shutdown for the keep-alive
 * timeout. Install it before the other plugins so its preClose hook runs first.
 */
export function installShutdownSweep(app: FastifyInstance, closeIdleConnections: () => void): void {
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    sweep = setInterval(closeIdleConnections, IDLE_SWEEP_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
}
