import type { FastifyInstance } from 'fastify';
import { applicationsAdminApi } from '@suite/shared/contracts';
import { route } from '../../http/route';
import { findImage } from './queries';

/**
 * Uploaded images (declared in @suite/shared/contracts, applicationsAdminApi), from the
 * database, so every instance answers the same. The name is the bytes' hash: cached for a year
 * as immutable. Served as an image only (no sniffing, no script).
 */
export default async function imageRoutes(app: FastifyInstance): Promise<void> {
  route(app, applicationsAdminApi.storedImage, async ({ params: { name } }, request, reply) => {
    const match = /^([0-9a-f]{64})\.(png|jpg|webp|ico)$/.exec(name);
    const image = match ? await findImage(app.ctx.db, match[1]) : undefined;
    if (!match || !image || image.image_type !== match[2]) {
      return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found');
    }
    const etag = `"${image.id}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('x-content-type-options', 'nosniff');
    // a conditional request: HTTP caching, not an input of the endpoint
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(image.content_type).send(Buffer.from(image.bytes));
  });
}
