import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.gz': 'application/gzip',
};

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Brand images keep their names when redrawn: cacheable by browsers and CDNs for an hour, then revalidated. */
export const SHORT_CACHE = 'public, max-age=3600';

/** Files whose name never changes between builds: always revalidated. */
const ENTRY_FILES = new Set(['index.html', 'mf-manifest.json', 'mf-stats.json', 'remoteentry.js']);

/** A hex content hash of at least 8 characters right before the extension(s): main.3f2a1b9c.js */
const HASHED = /(?:^|[.\-_])[0-9a-f]{8,}(?:\.[a-z0-9]+)+$/i;

export function contentTypeFor(file: string): string {
  return MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export function hasKnownExtension(urlPath: string): boolean {
  return path.posix.extname(urlPath).toLowerCase() in MIME;
}

/** `immutable` for content-hashed files, `no-cache` for entry points and anything else. */
export function cacheControlFor(file: string): string {
  const base = path.basename(file);
  if (ENTRY_FILES.has(base.toLowerCase())) return NO_CACHE;
  return HASHED.test(base) ? IMMUTABLE : NO_CACHE;
}

/**
 * The file under `root` that a URL path (relative, still percent-encoded) names, or undefined
 * when it is malformed or escapes the root.
 */
export function resolveInside(root: string, encodedPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encodedPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const resolvedRoot = path.resolve(root);
  const target = path.resolve(resolvedRoot, '.' + path.posix.normalize('/' + decoded));
  if (target !== resolvedRoot && !target.startsWith(resolvedRoot + path.sep)) return undefined;
  return target;
}

/**
 * Streams a regular file read from disk now (a rebuilt remote is served at once), with
 * content type, cache policy, ETag/Last-Modified and 304 on revalidation. False when absent.
 */
export async function sendFile(request: FastifyRequest, reply: FastifyReply, file: string, cacheControl = cacheControlFor(file)): Promise<boolean> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    return false;
  }
  if (!stat.isFile()) return false;
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  reply
    .header('content-type', contentTypeFor(file))
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('last-modified', stat.mtime.toUTCString())
    .header('x-content-type-options', 'nosniff');
  const inm = request.headers['if-none-match'];
  if (typeof inm === 'string' && inm.split(',').some((t) => t.trim() === etag)) {
    reply.code(304).send();
    return true;
  }
  reply.header('content-length', stat.size);
  reply.send(fs.createReadStream(file));
  return true;
}
