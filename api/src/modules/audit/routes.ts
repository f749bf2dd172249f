import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AUDIT_MESSAGES, INFORMATION_CODES, auditApi, ok } from '@suite/shared/contracts';
import { ApiError } from '../../http/errors';
import { route, sendResultJson } from '../../http/route';
import { auditCsv } from './csv';
import { auditEntry, auditPageJson } from './queries';

/** The console's audit section (docs/product/audit.md): read with AUDIT_READ. */
export default async function auditRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  route(app, auditApi.list, async ({ query }, _request, reply) => {
    const { page, size, ...filters } = query;
    return sendResultJson(reply, await auditPageJson(db, filters, page, size));
  });
  route(app, auditApi.exportCsv, async ({ query }, _request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="auditoria-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(auditCsv(db, query)));
  });
  route(app, auditApi.entry, async ({ params }) => {
    const entry = await auditEntry(db, params.id);
    if (!entry) throw new ApiError(404, AUDIT_MESSAGES.entryUnknown, INFORMATION_CODES.notFound);
    return ok(entry);
  });
}
