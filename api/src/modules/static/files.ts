import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { varyOn } from '../../http/headers';

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

/** Precompressed variants written next to each built file (shared/tools/webpack.cjs), best first. */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** Content types that have precompressed variants: text, JSON, JavaScript, SVG. */
export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|manifest\+json|xml|javascript)|image\/svg\+xml)/.test(contentType);
}

/**
 * The content codings an Accept-Encoding header accepts (q > 0), lower-cased; `*` accepts any
 * coding not named with q=0.
 */
export function acceptedEncodings(header: string | string[] | undefined): (encoding: string) => boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const weights = new Map<string, number>();
  for (const part of value.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    let q = 1;
    for (const param of params) {
      const [k, v] = param.trim().split('=');
      if (k === 'q') q = Number(v);
    }
    weights.set(token, Number.isFinite(q) ? q : 0);
  }
  return (encoding) => {
    const q = weights.get(encoding) ?? weights.get('*');
    return q !== undefined && q > 0;
  };
}

async function statFile(file: string): Promise<fs.Stats | undefined> {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Streams a regular file read from disk now (a rebuilt remote is served at once), with
 * content type, cache policy, ETag/Last-Modified and 304 on revalidation. False when absent.
 * A text file is sent as its precompressed `.br` or `.gz` variant when the request accepts that
 * coding (with `content-encoding` and `vary: accept-encoding`), as it is otherwise.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  cacheControl = cacheControlFor(file),
): Promise<boolean> {
  const original = await statFile(file);
  if (!original) return false;
  const contentType = contentTypeFor(file);
  let stat = original;
  let body = file;
  let encoding: string | undefined;
  if (isCompressible(contentType)) {
    varyOn(reply, 'Accept-Encoding');
    const accepts = acceptedEncodings(request.headers['accept-encoding']);
    for (const variant of ENCODINGS) {
      if (!accepts(variant.encoding)) continue;
      const found = await statFile(file + variant.suffix);
      if (found) {
        [stat, body, encoding] = [found, file + variant.suffix, variant.encoding];
        break;
      }
    }
  }
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
  reply
    .header('content-type', contentType)
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('last-modified', original.mtime.toUTCString())
    .header('x-content-type-options', 'nosniff');
  if (encoding) reply.header('content-encoding', encoding);
  const inm = request.headers['if-none-match'];
  if (typeof inm === 'string' && inm.split(',').some((t) => t.trim() === etag)) {
    reply.code(304).send();
    return true;
  }
  reply.header('content-length', stat.size);
  reply.send(fs.createReadStream(body));
  return true;
}

/**
 * Sends an HTML page read from disk now with `<meta property="csp-nonce" content="…">` added to
 * its head: the nonce of this reply's Content-Security-Policy, which the page gives to the
 * `<style>` elements it creates, then passed through `decorate` (the sign-in skeleton). Never served from a cache validator: each reply has its own
 * nonce (the API compresses the page itself). False when absent.
 */
export async function sendPage(
  reply: FastifyReply,
  file: string,
  nonce: string,
  decorate: (html: string) => string = (html) => html,
): Promise<boolean> {
  let html: string;
  try {
    html = await fs.promises.readFile(file, 'utf8');
  } catch {
    return false;
  }
  const meta = `<meta property="csp-nonce" content="${nonce}" />`;
  const head = /<head[^>]*>/i.exec(html);
  const page = head ? `${html.slice(0, head.index + head[0].length)}${meta}${html.slice(head.index + head[0].length)}` : `${meta}${html}`;
  reply
    .header('content-type', contentTypeFor(file))
    .header('cache-control', NO_CACHE)
    .header('x-content-type-options', 'nosniff')
    .send(decorate(page));
  return true;
}
