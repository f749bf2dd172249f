import { FALLBACK_APP } from '@suite/shared/contracts';
import type { Config } from '../config';

/**
 * The public origin of an application (and tenant) — where links in e-mails point. Built from
 * configuration only, never from the request: a forged Host header must not be able to send a
 * victim a reset link to an attacker's server (docs/security/links.md).
 *
 * In order:
 * 1. a HOST_MAP host that leads to this application and tenant, else to the application alone
 *    (scheme and port of PUBLIC_URL);
 * 2. with a PUBLIC_URL on `localhost` (the default outside production), the `*.localhost`
 *    convention of the development suite: `http://<tenant>.<app>.localhost:<port>`;
 * 3. PUBLIC_URL itself.
 * The fallback application without a tenant is PUBLIC_URL itself in every case but a HOST_MAP hit.
 */
export function publicOrigin(config: Pick<Config, 'publicUrl' | 'hostMap'>, app: string, tenant?: string): string {
  const base = new URL(config.publicUrl);
  const port = base.port ? `:${base.port}` : '';
  const same = (a: string | undefined, b: string | undefined) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
  const hosts = Object.entries(config.hostMap);
  const mapped =
    (tenant ? hosts.find(([, target]) => same(target.app, app) && same(target.tenant, tenant)) : undefined) ??
    hosts.find(([, target]) => same(target.app, app) && !target.tenant);
  if (mapped) return `${base.protocol}//${mapped[0]}${port}`;

  const fallback = same(app, FALLBACK_APP) && !tenant;
  if (!fallback && (base.hostname === 'localhost' || base.hostname.endsWith('.localhost'))) {
    return `${base.protocol}//${tenant ? `${tenant.toLowerCase()}.` : ''}${app.toLowerCase()}.localhost${port}`;
  }
  return base.origin;
}

/**
 * Whether an application's `urlApp` or `urlAssignPassword` points where the configuration allows
 * (docs/security/administrators.md): a path of the suite's own origin, PUBLIC_URL, a HOST_MAP host
 * (PUBLIC_URL's scheme and port), the development suite's `*.localhost` hosts when PUBLIC_URL is
 * on localhost, or an APP_ORIGINS origin (`*.` for one label). Sign-in codes and reset links are
 * sent to these addresses, so an administrator cannot point them at a host of their choosing.
 */
export function isRegisteredAddress(config: Pick<Config, 'publicUrl' | 'hostMap' | 'security'>, address: string): boolean {
  if (/^\/(?![/\\])/.test(address)) return true;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (isSuiteOrigin(config, url)) return true;
  return config.security.appOrigins.some((allowed) => originAllowed(allowed, url));
}

/**
 * Whether a URL is on one of the suite's own origins: PUBLIC_URL, a HOST_MAP host, or the
 * development suite's `*.localhost` hosts when PUBLIC_URL is on localhost (the last two with
 * PUBLIC_URL's scheme and port).
 */
export function isSuiteOrigin(config: Pick<Config, 'publicUrl' | 'hostMap'>, url: URL): boolean {
  const base = new URL(config.publicUrl);
  if (url.origin === base.origin) return true;
  if (url.protocol !== base.protocol || url.port !== base.port) return false;
  const host = url.hostname.toLowerCase();
  if (Object.keys(config.hostMap).some((mapped) => mapped.toLowerCase() === host)) return true;
  const local = base.hostname === 'localhost' || base.hostname.endsWith('.localhost');
  return local && host.endsWith('.localhost');
}

/** An APP_ORIGINS entry against a URL: the same origin, or for `scheme://*.domain[:port]` one label before it. */
function originAllowed(allowed: string, url: URL): boolean {
  const [scheme, domain] = allowed.split('//*.');
  if (domain === undefined) return url.origin === allowed;
  const [label, ...rest] = url.host.split('.');
  return url.protocol === scheme && label !== '' && rest.join('.') === domain;
}
