import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  APP_NAME_HEADER,
  INFORMATION_CODES,
  MESSAGES,
  TENANT_HEADER,
  fail,
  sessionsApi,
  type ClientConfig,
  type PortalProfile,
} from '@suite/shared/contracts';
import { REMOTES, defaultRegistry, type RemoteRegistry } from '@suite/shared/federation';
import { resolveHost } from '../../http/host';
import { route } from '../../http/route';
import { profileOfHost } from '../applications/profiles';
import { BRAND_PUBLIC_DIR } from './brand/location';
import { varyOn } from '../../http/headers';
import { cspNonce, isAppearancePreviewUrl } from '../../http/security-headers';
import { inlineBrandImage, isSignInPath, signInLogo, signInSkeleton, withSignInSkeleton } from './skeleton';
import { SHORT_CACHE, hasKnownExtension, resolveInside, sendFile, sendPage } from './files';

/** Paths never answered with the host's index.html. */
const RESERVED = /^\/(api|mfe|brand|\.well-known)(\/|$)|^\/(remotes\.json|config\.json|healthz|readyz)$/i;

function urlPath(request: FastifyRequest): string {
  const raw = request.raw.url ?? request.url;
  const q = raw.indexOf('?');
  return q === -1 ? raw : raw.slice(0, q);
}

function acceptsHtml(request: FastifyRequest, pathName: string): boolean {
  const accept = request.headers.accept;
  if (!accept) return !hasKnownExtension(pathName);
  if (/text\/html|application\/xhtml\+xml/i.test(accept)) return true;
  return /\*\/\*/.test(accept) && !hasKnownExtension(pathName);
}

/** The registry served as /remotes.json: defaults overlaid with REMOTES_JSON (read per request). */
export async function remotesRegistry(remotesJson: string | undefined, log?: FastifyInstance['log']): Promise<RemoteRegistry> {
  const registry = defaultRegistry();
  if (!remotesJson) return registry;
  try {
    const parsed: unknown = JSON.parse(await fs.promises.readFile(remotesJson, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not a JSON object');
    for (const [name, url] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof url === 'string' && url) registry[name] = url;
    }
  } catch (error) {
    log?.error({ err: error, file: remotesJson }, 'REMOTES_JSON ignored: unreadable or invalid');
  }
  return registry;
}

/**
 * The suite's files: the host shell at / (SPA fallback to index.html), each remote's dist at
 * /mfe/<slug>/, the runtime registry /remotes.json and the client configuration /config.json.
 * Every HTML document carries the application and tenant headers resolved from the Host.
 */
export default async function staticRoutes(app: FastifyInstance): Promise<void> {
  const { config, directory } = app.ctx;
  const hostDist = path.join(config.staticRoot, 'host-shell', 'dist');
  const remoteDist = new Map(REMOTES.map((r) => [r.slug.toLowerCase(), path.join(config.staticRoot, r.pkg, 'dist')]));

  for (const [label, dir] of [['host-shell', hostDist], ...REMOTES.map((r) => [r.pkg, remoteDist.get(r.slug.toLowerCase()) as string])]) {
    if (!fs.existsSync(dir)) app.log.warn({ dir }, `${label} is not built yet: its files answer 404 until it is`);
  }

  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      const target = resolveHost(request.headers.host, await directory.snapshot(), config.hostMap);
      reply.header(APP_NAME_HEADER, target.app);
      if (target.tenant) reply.header(TENANT_HEADER, target.tenant);
      else reply.removeHeader(TENANT_HEADER);
    }
    return payload;
  });

  const notFound = (reply: FastifyReply) => reply.code(404).send(fail(404, MESSAGES.notFound, INFORMATION_CODES.notFound));

  route(app, sessionsApi.remotesRegistry, async (_input, request, reply) => {
    reply.header('cache-control', 'no-cache');
    return remotesRegistry(config.remotesJson, request.log);
  });

  // The page's portal profile travels with the configuration: the page reads both at start in
  // one request, with no round trip waiting for the document headers (docs/adr/0007).
  route(app, sessionsApi.clientConfig, async (_input, request, reply): Promise<ClientConfig & { profile: PortalProfile }> => {
    reply.header('cache-control', 'no-cache');
    varyOn(reply, 'Host');
    return { payloadKey: app.ctx.payloadKey, profile: profileOfHost(await directory.snapshot(), request.headers.host, config.hostMap) };
  });

  app.get('/mfe/:slug/*', async (request, reply) => {
    const match = /^\/mfe\/([^/]+)\/(.*)$/i.exec(urlPath(request));
    const root = match ? remoteDist.get(match[1].toLowerCase()) : undefined;
    const file = root && match ? resolveInside(root, match[2] || 'index.html') : undefined;
    if (!file || !(await sendFile(request, reply, file))) return notFound(reply);
    return reply;
  });

  // brand images of the portal profiles (generated from src/db/seeds/profiles.ts)
  app.get('/brand/*', async (request, reply) => {
    const file = resolveInside(BRAND_PUBLIC_DIR, urlPath(request).slice('/brand/'.length));
    if (!file || !(await sendFile(request, reply, file, SHORT_CACHE))) return notFound(reply);
    return reply;
  });

  /**
   * The document of a public sign-in route paints the card's skeleton in the page's profile before
   * any bundle runs (docs/adr/0018-first-paint.md); the console's routes keep the shell's loading
   * screen, and the console's appearance preview shows a draft profile the server does not know.
   */
  const decorateFor = async (request: FastifyRequest, reply: FastifyReply, pathName: string) => {
    if (!isSignInPath(pathName) || isAppearancePreviewUrl(request.url)) return undefined;
    const snapshot = await directory.snapshot();
    const profile = profileOfHost(snapshot, request.headers.host, config.hostMap);
    // the sign-in of the page's application asks for the captcha: the skeleton keeps its row
    const captcha = Boolean(snapshot.get(resolveHost(request.headers.host, snapshot, config.hostMap).app)?.captchaApply);
    const skeleton = signInSkeleton(profile, cspNonce(reply), await inlineBrandImage(signInLogo(profile), BRAND_PUBLIC_DIR), { captcha });
    return (html: string) => withSignInSkeleton(html, skeleton);
  };

  // the page carries its reply's style nonce (Content-Security-Policy, docs/security/headers.md)
  const hostIndex = path.join(hostDist, 'index.html');
  app.get('/*', async (request, reply) => {
    const pathName = urlPath(request);
    if (RESERVED.test(pathName)) return notFound(reply);
    if (pathName !== '/' && !pathName.endsWith('/')) {
      const file = resolveInside(hostDist, pathName.slice(1));
      if (file === hostIndex && (await sendPage(reply, file, cspNonce(reply)))) return reply;
      if (file && file !== hostIndex && (await sendFile(request, reply, file))) return reply;
    }
    if (
      acceptsHtml(request, pathName) &&
      (await sendPage(reply, hostIndex, cspNonce(reply), await decorateFor(request, reply, pathName)))
    ) {
      return reply;
    }
    return notFound(reply);
  });
}
