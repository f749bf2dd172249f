import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import helmet from 'helmet';
import type { SecurityConfig } from '../config';
import { randomToken } from '../security/random';
import { varyOn } from './headers';

/**
 * Security headers of every reply and CORS of /api (docs/security/headers.md).
 *
 * - Content-Security-Policy: no inline script anywhere (`script-src 'self'` plus the origins of
 *   remotes that /remotes.json places elsewhere); styles from 'self' and `<style>` elements that
 *   carry the reply's nonce (Emotion's, through Chakra: the host reads the nonce from
 *   `<meta property="csp-nonce">`, which the static module writes into index.html per reply).
 * - frame-ancestors 'none' unless FRAME_ANCESTORS names sibling origins.
 * - Referrer-Policy no-referrer, X-Content-Type-Options nosniff, Permissions-Policy, COOP
 *   same-origin (helmet), HSTS only on HTTPS requests.
 * - CORS only on /api and only for CORS_ORIGINS (none by default).
 */

/** Name of the meta element whose content is the reply's style nonce. */
export const CSP_NONCE_META = 'csp-nonce';

/** Browser features the portal never uses, switched off for the page and every frame. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'idle-detection=()',
  'browsing-topics=()',
].join(', ');

const NONCE = Symbol('cspNonce');
const EXTRA_ORIGINS = Symbol('cspExtraOrigins');
type RawReply = ServerResponse & { [NONCE]?: string; [EXTRA_ORIGINS]?: string[] };

/** The nonce of this reply's Content-Security-Policy (style-src), fresh per reply. */
export function cspNonce(reply: FastifyReply): string {
  return rawNonce(reply.raw);
}

function rawNonce(res: ServerResponse): string {
  const raw = res as RawReply;
  raw[NONCE] ??= randomToken(16, 'base64');
  return raw[NONCE];
}

/** Origins (scheme://host[:port]) of the absolute URLs of a remotes registry. */
export function registryOrigins(registry: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const value of Object.values(registry)) {
    if (!/^https?:\/\//i.test(value)) continue;
    try {
      origins.add(new URL(value).origin);
    } catch {
      /* not a URL: the host cannot load it either */
    }
  }
  return [...origins];
}

/** Serialised policy of the development mailbox: no script, inline styles of the e-mails shown. */
export const MAILBOX_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "frame-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface SecurityOptions {
  config: SecurityConfig;
  /**
   * Origins, besides the page's own, that the bundles are loaded from (remotes on a CDN via
   * REMOTES_JSON); asked once per page request, not for /api.
   */
  remoteOrigins?: () => Promise<string[]>;
}

function isApi(url: string): boolean {
  return /^\/api(\/|\?|$)/i.test(url);
}

function isPageRequest(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    /text\/html/i.test(request.headers.accept ?? '') &&
    !isApi(request.url) &&
    !/^\/mfe\//i.test(request.url)
  );
}

/** The directives of the portal's Content-Security-Policy (helmet form). */
export function cspDirectives(config: SecurityConfig) {
  const extra = (_req: IncomingMessage, res: ServerResponse) => ((res as RawReply)[EXTRA_ORIGINS] ?? []).join(' ');
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${rawNonce(res)}'`;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", extra],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", nonce, extra],
    imgSrc: ["'self'", 'data:', extra],
    fontSrc: ["'self'", extra],
    // 'self' covers the hub's WebSocket on the same host and port (ws: / wss:) in CSP Level 3
    connectSrc: ["'self'", extra],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: [(req: IncomingMessage) => (isAppearancePreviewUrl(req.url) ? "'self'" : frameAncestorsOf(config))],
  };
}

const frameAncestorsOf = (config: SecurityConfig) => (config.frameAncestors.length ? config.frameAncestors.join(' ') : "'none'");

/**
 * The sign-in screen as the console's Apariencia tab frames it (`/login?appearancePreview=…`):
 * the one page this origin may frame itself. It shows a draft profile and touches no session.
 */
export function isAppearancePreviewUrl(url: string | undefined): boolean {
  return /^\/login\?(?:[^#]*&)?appearancePreview=/i.test(url ?? '');
}

/**
 * The headers of a reply made before the request reached the hooks (a malformed URL answered by
 * `frameworkErrors`): a JSON envelope that may load, frame and refer to nothing.
 */
export function setErrorReplyHeaders(reply: FastifyReply): void {
  reply
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('cross-origin-opener-policy', 'same-origin')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('permissions-policy', PERMISSIONS_POLICY);
}

export async function installSecurityHeaders(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const { config } = options;

  // before helmet: the origins its directives read, for pages only (a policy on a script or a
  // JSON reply governs nothing)
  const { remoteOrigins } = options;
  if (remoteOrigins) {
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (!isPageRequest(request)) return done();
      remoteOrigins().then((origins) => {
        (reply.raw as RawReply)[EXTRA_ORIGINS] = origins;
        done();
      }, done);
    });
  }

  const applyHelmet = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS: only on HTTPS requests (below)
    strictTransportSecurity: false,
    // the legacy header says less than frame-ancestors: set below, where frame-ancestors is 'none'
    xFrameOptions: false,
    xContentTypeOptions: true,
  });
  const denyFraming = config.frameAncestors.length === 0;
  const hsts = config.hsts ? `max-age=${config.hstsMaxAge}` : undefined;
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    applyHelmet(request.raw, reply.raw, (error) => {
      if (error) return done(error as Error);
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (denyFraming && !isAppearancePreviewUrl(request.url)) reply.header('x-frame-options', 'DENY');
      // request.protocol honours trustProxy (X-Forwarded-Proto) when the server is configured so
      if (hsts && request.protocol === 'https') reply.header('strict-transport-security', hsts);
      done();
    });
  });

  // CORS: /api only, for the configured sibling origins only; everything else gets no CORS header
  const allowed = new Set(config.corsOrigins);
  if (allowed.size === 0) {
    // no origin is ever allowed: what @fastify/cors does then (Vary, and a preflight route that
    // answers not found), without its per-request option objects
    app.addHook('onRequest', (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      // what @fastify/cors adds when it answers without CORS headers: replies differ by Origin
      varyOn(reply, 'Origin');
      done();
    });
    app.options('*', (_request, reply) => {
      reply.callNotFound();
    });
    return;
  }
  await app.register(cors, {
    hook: 'onRequest',
    delegator: (request, callback) => {
      const url = (request as FastifyRequest).url ?? '';
      if (!isApi(url)) return callback(null, { origin: false });
      callback(null, {
        origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        credentials: false,
        maxAge: 600,
        strictPreflight: true,
      });
    },
  });
}

/** The directives of a Content-Security-Policy header, by name. */
export function parseCsp(header: string | string[] | number | undefined): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives[name] = values;
  }
  return directives;
}
