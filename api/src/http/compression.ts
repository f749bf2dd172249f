import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Replies smaller than this are sent as they are: compressing them saves nothing worth the work. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses replies of 1 KB and more (brotli, else gzip, by Accept-Encoding) with `vary:
 * accept-encoding`. The bundles' files are not compressed again: they are precompressed at build
 * time and the static module sends the variant with its own `content-encoding`, which this
 * leaves alone. A request without Accept-Encoding (as `app.inject` sends by default) gets the
 * reply as it is. Compressed request bodies are not accepted. The hub's WebSocket upgrades do
 * not go through Fastify's reply, so they are untouched.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
  });
}
