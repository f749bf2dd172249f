import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BACKENDS, startTestServer, waitFor } from '../../test/harness';
import { drainAndClose } from './drain';

interface Reply {
  status: number;
  connection: string | undefined;
}

function get(port: number, path: string, agent: http.Agent): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const CLIENTS = 20;
/**
 * The drain under test: long enough for the balancer's poll (every 50 ms) to see the 503 while 20
 * clients reconnect after each reply, even on a loaded machine (a real deployment drains for seconds).
 */
const DRAIN_MS = 2000;

describe.each(BACKENDS)('an instance leaving the cluster [%s]', (backend) => {
  it(`fails no request of ${CLIENTS} busy keep-alive clients: /readyz says 503 first, every reply closes its connection, then it stops`, async () => {
    const server = await startTestServer(backend);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const counts = { ok: 0, closedConnection: 0 };
    const failures: string[] = [];
    let stop = false;
    // the load balancer's view: it polls /readyz and sends nothing new once it says 503
    let out = false;
    try {
      await server.listen(0, '127.0.0.1');
      const { port } = server.app.server.address() as AddressInfo;
      const probe = new http.Agent({ keepAlive: false });
      const balancer = (async () => {
        while (!out && !stop) {
          const ready = await get(port, '/readyz', probe).catch(() => ({ status: 0, connection: undefined }));
          if (ready.status !== 200) out = true;
          else await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      // keep-alive clients behind it: a cheap call and one that reads the database, in turn, until
      // the balancer takes the instance out and their connection has been closed by the instance
      const client = async (n: number) => {
        for (let i = n; !stop; i++) {
          try {
            const reply = await get(port, i % 2 ? '/healthz' : '/api/documentType/GetDocumentTypesLogin', agent);
            if (reply.status === 200) counts.ok++;
            else failures.push(`status ${reply.status}`);
            if (reply.connection === 'close') {
              counts.closedConnection++;
              if (out) return;
            }
          } catch (error) {
            failures.push((error as NodeJS.ErrnoException).code ?? String(error));
          }
        }
      };
      const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
      // a bound, so that an instance that never drains fails the test instead of holding it
      const deadline = setTimeout(() => (stop = true), 15_000);
      // busy first: every client has been answered a few times, however fast this machine is
      await waitFor(() => counts.ok > CLIENTS * 5, 10_000);

      const leaving = drainAndClose(server.app, server.app.ctx.drain, DRAIN_MS);
      const started = Date.now();
      await balancer;
      expect(out).toBe(true);
      // every client finished its last request and let go of its connection while the instance drained
      await Promise.all(clients);
      expect(Date.now() - started).toBeLessThan(DRAIN_MS);
      await leaving;
      // it stops soon after the drain: nothing holds it open
      expect(Date.now() - started).toBeLessThan(DRAIN_MS + 5000);

      clearTimeout(deadline);
      expect(failures).toEqual([]);
      expect(counts.closedConnection).toBeGreaterThanOrEqual(CLIENTS);
    } finally {
      stop = true;
      agent.destroy();
      await server.dispose().catch(() => undefined);
    }
  }, 60_000);
});
