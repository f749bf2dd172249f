import type { FastifyInstance } from 'fastify';
import { INFORMATION_CODES, fail, ok } from '@suite/shared/contracts';
import { es } from '@suite/shared/phrases';

const READY_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers). */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok({ status: 'ok', uptime: Math.round(process.uptime()) });
  });

  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // leaving the cluster: the load balancer stops sending here while the requests it sent finish
    if (app.ctx.drain.draining) return reply.code(503).send(fail(503, es.messages.serviceUnavailable, INFORMATION_CODES.unavailable));
    try {
      await withTimeout(app.ctx.database.ping(), READY_TIMEOUT_MS);
      return ok({ status: 'ready', database: app.ctx.database.kind });
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.code(503).send(fail(503, es.request.databaseUnavailable, INFORMATION_CODES.unavailable));
    }
  });
}
