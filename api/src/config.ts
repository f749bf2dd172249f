import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { OidcConfigError, parseOidcSettings, type OidcSettings } from './modules/oidc/config';

/** Where a production host name leads: an application and optionally one of its tenants. */
export interface HostTarget {
  app: string;
  tenant?: string;
}

/** Everything the API is configured with. Built from the environment only (loadConfig). */
export interface Config {
  /** TCP port (PORT, default 8080). */
  port: number;
  /**
   * Listen address (HOST, default `localhost`: the loopback addresses 127.0.0.1 and ::1 only, so a
   * development start is not reachable from the network). `::` or `0.0.0.0` listen on every interface.
   */
  host: string;
  /** PGlite data directory (DATA_DIR, default ./.data); `memory://` keeps it in memory. */
  dataDir: string;
  /** PostgreSQL connection string (DATABASE_URL); when set PGlite is not used. */
  databaseUrl?: string;
  /** Password of the seeded `admin` account on first start (SUITE_ADMIN_PASSWORD). */
  adminPassword?: string;
  /** E-mail of the seeded `admin` account (SUITE_ADMIN_EMAIL). */
  adminEmail: string;
  /** NODE_ENV === 'production': no demo data, no development mailbox. */
  production: boolean;
  /**
   * The demo relying party of the OpenID provider (examples/sibling-app), started beside the API
   * outside production unless SIBLING_APP=off, on SIBLING_APP_PORT (default PORT + 2).
   */
  siblingApp?: { port: number };
  /** Seed demo companies and users (on unless production). */
  demoData: boolean;
  /** Folder holding host-shell/dist and mfe-* /dist (STATIC_ROOT). */
  staticRoot: string;
  /** Optional JSON file merged over the default remotes registry (REMOTES_JSON). */
  remotesJson?: string;
  /** Production host name → application/tenant (HOST_MAP, JSON). */
  hostMap: Record<string, HostTarget>;
  /**
   * The suite's public origin (PUBLIC_URL): links in e-mails are built from it and HOST_MAP, never
   * from a request (http/public-origin.ts). Required in production; default http://localhost:PORT.
   */
  publicUrl: string;
  /**
   * The passkeys' relying party id (WEBAUTHN_RP_ID): the registrable domain every host of the suite
   * shares, so that a passkey made on one application's host works on the others. Default:
   * PUBLIC_URL's host name. PUBLIC_URL's host must be it or under it (docs/adr/0037-second-factors.md).
   */
  passkeyRpId: string;
  /** crypto-js key of the payload scheme (PAYLOAD_KEY); unset: generated once and stored. */
  payloadKey?: string;
  /** pino level (LOG_LEVEL, default info). */
  logLevel: string;
  /** `iss` of access tokens (TOKEN_ISSUER, default suite-identity). */
  tokenIssuer: string;
  /** Per-IP request limits of the sign-in and token endpoints. */
  rateLimit: RateLimitConfig;
  /** Temporary locks and their escalation (docs/security/lockout.md). */
  lockout: LockoutConfig;
  /**
   * How long a session's "still live" answer may be reused per instance when no change of it was
   * announced (SESSION_CACHE_MS, default 60000; 0: read on every call). Every change the API makes
   * that ends a session or makes it not live (revocation, sign-out, session limit, password set,
   * user deactivated or deleted) is announced in its transaction and applies at once on every
   * instance; this only bounds a change made outside the API (by hand in the database).
   */
  sessionCacheMs: number;
  /** How long a user's privileges are cached when no change is announced (ACCESS_CACHE_MS; 0: read on every call). */
  accessCacheMs: number;
  /**
   * Seconds after its first spend during which a refresh token presented again, while its successor
   * is unused, is a retry of an answer the client lost rather than a reuse that ends the session
   * (REFRESH_REUSE_GRACE_SECONDS, default 30, at most 300; 0: every reuse ends the session).
   * docs/adr/0020-refresh-reuse-grace.md
   */
  refreshReuseGraceSeconds: number;
  /** Days the audit log keeps an entry (AUDIT_RETENTION_DAYS, default 365; 0 keeps every entry). */
  auditRetentionDays: number;
  /** SMTP server for outgoing mail (SMTP_URL, e.g. smtp://user:pass@host:587). Unset: the development mailbox. */
  smtpUrl?: string;
  /** From address of outgoing mail (MAIL_FROM). */
  mailFrom: string;
  /** The sign-in captcha's proof of work (docs/adr/0017-captcha-and-otp-reset.md). */
  captcha: CaptchaConfig;
  /** Minutes an OTP-reset link stays valid (OTP_RESET_LINK_MINUTES, default 30). */
  otpResetLinkMinutes: number;
  /** Milliseconds between runs of the notification scheduler (NOTIFY_POLL_MS); 0 turns it off on this instance. */
  notificationPollMs: number;
  /** Days the per-recipient delivery rows of an executed notification are kept (NOTIFY_DELIVERY_RETENTION_DAYS, default 90); 0 keeps them. */
  notificationRetentionDays: number;
  /**
   * Which proxies' X-Forwarded-For is believed for the client address (TRUST_PROXY; Fastify's
   * `trustProxy`): false (default: the socket's address), true (every hop), a number of hops, or
   * a list of proxy addresses / CIDR ranges.
   */
  trustProxy: TrustProxy;
  /**
   * Time a client has to send a whole request, headers and body (REQUEST_TIMEOUT_MS, default
   * 30000); then 408 and the connection closes. WebSocket connections are not subject to it.
   */
  requestTimeoutMs: number;
  /**
   * On SIGTERM, how long the instance keeps serving after /readyz starts answering 503, so that
   * the load balancer stops sending it new requests first (SHUTDOWN_DRAIN_MS; default 5000 in
   * production, 0 otherwise). Every reply of that time closes its connection.
   */
  shutdownDrainMs: number;
  /** Bearer token of `GET /metrics` (METRICS_TOKEN, at least 16 characters); unset: no metrics route. */
  metricsToken?: string;
  /**
   * A port on the loopback interface (127.0.0.1) that answers `GET /metrics` without a token, for
   * a scraper on the same host (METRICS_PORT); unset: none.
   */
  metricsPort?: number;
  /** Limits of the SignalR hub's WebSocket connections. */
  hub: HubLimitsConfig;
  /** Security headers and CORS (docs/security/headers.md). */
  security: SecurityConfig;
  /** External sign-in providers (docs/security/oidc.md); unset: none. */
  oidc?: OidcSettings;
}

export type TrustProxy = boolean | number | string[];

export interface HubLimitsConfig {
  /** WebSocket connections open on this instance (HUB_MAX_CONNECTIONS, default 10000). */
  maxConnections: number;
  /** WebSocket connections open from one client address (HUB_MAX_CONNECTIONS_PER_CLIENT, default 50). */
  maxConnectionsPerClient: number;
}

export interface SecurityConfig {
  /**
   * Origins of sibling applications that may embed the portal's pages in a frame
   * (FRAME_ANCESTORS, comma-separated). Empty (default): no page can be framed.
   */
  frameAncestors: string[];
  /**
   * Origins of sibling applications whose browsers may call /api cross-origin (CORS_ORIGINS,
   * comma-separated). Empty (default): same-origin only, no CORS headers at all.
   */
  corsOrigins: string[];
  /**
   * Origins of sibling applications an application's `urlApp` and `urlAssignPassword` may point
   * to, besides PUBLIC_URL and the HOST_MAP hosts (APP_ORIGINS, comma-separated; `https://*.example.com`
   * allows one level of subdomains). Sign-in codes and reset links go only there
   * (docs/security/administrators.md). Default: none in production; the demo applications'
   * `https://*.suite.example` otherwise.
   */
  appOrigins: string[];
  /** Strict-Transport-Security on replies to HTTPS requests (HSTS, default on). */
  hsts: boolean;
  /** max-age of Strict-Transport-Security in seconds (HSTS_MAX_AGE, default 31536000: a year). */
  hstsMaxAge: number;
}

export interface RateLimitConfig {
  /** RATE_LIMIT=off (or 0/false) disables every limit (benchmarks). */
  enabled: boolean;
  /** POST /api/Login and POST /api/login/GenerateTokens per IP per minute (LOGIN_RATE_LIMIT, default 300). */
  loginPerMinute: number;
  /** RefreshToken, RevokeToken and TokenValidation per IP per minute (TOKEN_RATE_LIMIT, default 6000). */
  tokenPerMinute: number;
  /** GetUsersResetPassword, ResetPassword, SendUserActivationEmail per IP per minute (RESET_RATE_LIMIT, default 30). */
  resetPerMinute: number;
  /** Reset/activation requests naming the same e-mail or user per hour (RESET_ADDRESS_RATE_LIMIT, default 10). */
  resetPerAddressPerHour: number;
}

export interface LockoutConfig {
  /** Length of the first temporary lock in seconds (LOCKOUT_SECONDS, default 300); each later lock doubles. */
  lockSeconds: number;
  /** The lockout that makes this many temporary locks in a row is a permanent block instead (LOCKOUT_BLOCK_AFTER, default 3). */
  blockAfterLocks: number;
  /** Days a device that proved an account's password keeps a lockout count of its own (LOCKOUT_DEVICE_DAYS, default 30). */
  deviceTrustDays: number;
}

export class ConfigError extends Error {}

function oidcSettings(env: Env, production: boolean, port: number): OidcSettings {
  try {
    return parseOidcSettings(env, { production, port });
  } catch (error) {
    if (error instanceof OidcConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

type Env = Record<string, string | undefined>;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${raw}"`);
  }
  return port;
}

/** The demo relying party's port: SIBLING_APP_PORT, else PORT + 2 (none beside a server on a port picked at random, PORT=0). */
function siblingAppSettings(env: Env, port: number): { port: number } | undefined {
  if (env.SIBLING_APP_PORT?.trim()) return { port: parsePositiveInt('SIBLING_APP_PORT', env.SIBLING_APP_PORT, 0, 1, 65_535) };
  return port === 0 ? undefined : { port: port + 2 };
}

function parseMetricsToken(raw: string | undefined): string | undefined {
  const token = raw?.trim();
  if (!token) return undefined;
  if (token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters: it is the only guard of /metrics');
  return token;
}

function parsePositiveInt(name: string, raw: string | undefined, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
    throw new ConfigError(`${name} must be an integer ${range}, got "${raw}"`);
  }
  return value;
}

function parseSwitch(name: string, raw: string | undefined, fallback: boolean): boolean {
  const value = nonEmpty(raw)?.toLowerCase();
  if (value === undefined) return fallback;
  if (['on', 'true', '1', 'yes'].includes(value)) return true;
  if (['off', 'false', '0', 'no'].includes(value)) return false;
  throw new ConfigError(`${name} must be on or off, got "${raw}"`);
}

/** TRUST_PROXY: off/on, a hop count, or comma-separated proxy addresses and CIDR ranges. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = nonEmpty(raw);
  if (value === undefined) return false;
  const lower = value.toLowerCase();
  if (['off', 'false', 'no'].includes(lower)) return false;
  if (['on', 'true', 'yes'].includes(lower)) return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const family = net.isIP(address);
    const maxPrefix = family === 4 ? 32 : 128;
    const badPrefix = prefix !== undefined && (!/^\d{1,3}$/.test(prefix) || Number(prefix) > maxPrefix);
    if (family === 0 || badPrefix || rest.length > 0) {
      throw new ConfigError(`TRUST_PROXY must be off, on, a number of hops or a list of addresses/CIDR ranges, got "${raw}"`);
    }
  }
  return entries;
}

/**
 * A comma- or space-separated list of origins (`https://app.example.com`, `http://localhost:3000`),
 * each normalised to scheme://host[:port]; anything with a path, query or another scheme is refused.
 */
/** Where the demo data's sibling applications live (db/seeds/data.ts): APP_ORIGINS outside production when unset. */
export const DEMO_APP_ORIGINS = 'https://*.suite.example';

export function parseOrigins(name: string, raw: string | undefined, { wildcard = false } = {}): string[] {
  const origins: string[] = [];
  for (const item of (raw ?? '').split(/[\s,]+/).filter(Boolean)) {
    // `*.` before the host: any one label there (APP_ORIGINS)
    const wild = wildcard && /^https?:\/\/\*\./i.test(item);
    let url: URL;
    try {
      url = new URL(wild ? item.replace('*.', 'wildcard.') : item);
    } catch {
      throw new ConfigError(`${name}: "${item}" is not an origin (https://host[:port])`);
    }
    if (
      !['http:', 'https:'].includes(url.protocol) ||
      (url.pathname !== '/' && url.pathname !== '') ||
      url.search ||
      url.hash ||
      url.username
    ) {
      throw new ConfigError(`${name}: "${item}" is not an origin (https://host[:port], no path)`);
    }
    const origin = wild ? url.origin.replace('//wildcard.', '//*.') : url.origin;
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function parseHostMap(raw: string | undefined): Record<string, HostTarget> {
  if (!nonEmpty(raw)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw as string);
  } catch (error) {
    throw new ConfigError(`HOST_MAP is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('HOST_MAP must be a JSON object: { "host.example.com": { "app": "firmaya", "tenant": "…" } }');
  }
  const map: Record<string, HostTarget> = {};
  for (const [host, target] of Object.entries(parsed as Record<string, unknown>)) {
    const t = target as Partial<HostTarget> | null;
    if (typeof t !== 'object' || t === null || typeof t.app !== 'string' || t.app === '') {
      throw new ConfigError(`HOST_MAP entry "${host}" must be an object with a non-empty "app"`);
    }
    if (t.tenant !== undefined && typeof t.tenant !== 'string') {
      throw new ConfigError(`HOST_MAP entry "${host}": "tenant" must be a string`);
    }
    map[host.toLowerCase()] = { app: t.app, ...(t.tenant ? { tenant: t.tenant } : {}) };
  }
  return map;
}

/**
 * The folder of the `api` package (holds package.json, migrations/), found by walking up from
 * this file: works from src/ (jest, tsx) and from dist/src/ (node).
 */
export function apiPackageDir(): string {
  let dir = __dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      try {
        if (JSON.parse(fs.readFileSync(manifest, 'utf8')).name === 'api') return dir;
      } catch {
        // keep walking
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(__dirname, '..');
    dir = parent;
  }
}

/** PUBLIC_URL: an http(s) origin (a path, query or fragment is refused: links add their own). */
/** WEBAUTHN_RP_ID: a domain that PUBLIC_URL's host is, or is under (WebAuthn refuses any other). */
export function parsePasskeyRpId(raw: string | undefined, publicUrl: string): string {
  const host = new URL(publicUrl).hostname.toLowerCase();
  const value = nonEmpty(raw)?.toLowerCase();
  if (!value) return host;
  if (!/^[a-z0-9.-]+$/.test(value) || (host !== value && !host.endsWith(`.${value}`)))
    throw new ConfigError(`WEBAUTHN_RP_ID must be PUBLIC_URL's host name or a domain it is under (${host}), got "${raw}"`);
  return value;
}

export function parsePublicUrl(raw: string | undefined, production: boolean, port: number): string {
  const value = nonEmpty(raw);
  if (!value) {
    if (production)
      throw new ConfigError('PUBLIC_URL is required in production: the origin of the links sent by e-mail, e.g. https://id.example.com');
    return `http://localhost:${port || 8080}`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (
    !/^https?:$/.test(url.protocol) ||
    url.username ||
    url.password ||
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search ||
    url.hash
  ) {
    throw new ConfigError(`PUBLIC_URL must be an http(s) origin such as https://id.example.com, got "${raw}"`);
  }
  return url.origin;
}

/**
 * The captcha's proof of work (ALTCHA, PBKDF2/SHA-256): each attempt of the browser costs `cost`
 * iterations and the answer lies at a random counter up to `maxNumber`, so the expected work is
 * about cost × maxNumber / 2 iterations.
 */
export interface CaptchaConfig {
  /** PBKDF2 iterations per attempt (CAPTCHA_COST, default 5000). */
  cost: number;
  /** Highest counter the answer may lie at (CAPTCHA_MAX_NUMBER, default 10000). */
  maxNumber: number;
  /** Seconds a challenge may be solved and used in (CAPTCHA_EXPIRES_SECONDS, default 300). */
  expiresSeconds: number;
  /** HMAC key that signs challenges (CAPTCHA_HMAC_KEY); unset: generated once and stored. */
  hmacKey?: string;
}

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const logLevel = (nonEmpty(env.LOG_LEVEL) ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const dataDir = nonEmpty(env.DATA_DIR) ?? './.data';
  const port = parsePort(env.PORT);
  return {
    port,
    host: nonEmpty(env.HOST) ?? 'localhost',
    dataDir: dataDir.startsWith('memory://') ? dataDir : path.resolve(dataDir),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    adminPassword: nonEmpty(env.SUITE_ADMIN_PASSWORD),
    adminEmail: nonEmpty(env.SUITE_ADMIN_EMAIL) ?? 'admin@suite.test',
    production,
    demoData: !production,
    siblingApp: production || !parseSwitch('SIBLING_APP', env.SIBLING_APP, true) ? undefined : siblingAppSettings(env, port),
    staticRoot: path.resolve(nonEmpty(env.STATIC_ROOT) ?? path.dirname(apiPackageDir())),
    remotesJson: nonEmpty(env.REMOTES_JSON) ? path.resolve(env.REMOTES_JSON as string) : undefined,
    hostMap: parseHostMap(env.HOST_MAP),
    publicUrl: parsePublicUrl(env.PUBLIC_URL, production, port),
    passkeyRpId: parsePasskeyRpId(env.WEBAUTHN_RP_ID, parsePublicUrl(env.PUBLIC_URL, production, port)),
    payloadKey: nonEmpty(env.PAYLOAD_KEY),
    logLevel,
    tokenIssuer: nonEmpty(env.TOKEN_ISSUER) ?? 'suite-identity',
    rateLimit: {
      enabled: parseSwitch('RATE_LIMIT', env.RATE_LIMIT, true),
      loginPerMinute: parsePositiveInt('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, 300),
      tokenPerMinute: parsePositiveInt('TOKEN_RATE_LIMIT', env.TOKEN_RATE_LIMIT, 6000),
      resetPerMinute: parsePositiveInt('RESET_RATE_LIMIT', env.RESET_RATE_LIMIT, 30),
      resetPerAddressPerHour: parsePositiveInt('RESET_ADDRESS_RATE_LIMIT', env.RESET_ADDRESS_RATE_LIMIT, 10),
    },
    lockout: {
      lockSeconds: parsePositiveInt('LOCKOUT_SECONDS', env.LOCKOUT_SECONDS, 300),
      blockAfterLocks: parsePositiveInt('LOCKOUT_BLOCK_AFTER', env.LOCKOUT_BLOCK_AFTER, 3),
      deviceTrustDays: parsePositiveInt('LOCKOUT_DEVICE_DAYS', env.LOCKOUT_DEVICE_DAYS, 30),
    },
    sessionCacheMs: parsePositiveInt('SESSION_CACHE_MS', env.SESSION_CACHE_MS, 60_000, 0),
    accessCacheMs: parsePositiveInt('ACCESS_CACHE_MS', env.ACCESS_CACHE_MS, 30_000, 0),
    refreshReuseGraceSeconds: parsePositiveInt('REFRESH_REUSE_GRACE_SECONDS', env.REFRESH_REUSE_GRACE_SECONDS, 30, 0, 300),
    auditRetentionDays: parsePositiveInt('AUDIT_RETENTION_DAYS', env.AUDIT_RETENTION_DAYS, 365, 0, 36_500),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Suite <no-reply@suite.test>',
    captcha: {
      cost: parsePositiveInt('CAPTCHA_COST', env.CAPTCHA_COST, 5000),
      maxNumber: parsePositiveInt('CAPTCHA_MAX_NUMBER', env.CAPTCHA_MAX_NUMBER, 10_000),
      expiresSeconds: parsePositiveInt('CAPTCHA_EXPIRES_SECONDS', env.CAPTCHA_EXPIRES_SECONDS, 300, 10),
      hmacKey: nonEmpty(env.CAPTCHA_HMAC_KEY),
    },
    otpResetLinkMinutes: parsePositiveInt('OTP_RESET_LINK_MINUTES', env.OTP_RESET_LINK_MINUTES, 30),
    notificationPollMs: parsePositiveInt('NOTIFY_POLL_MS', env.NOTIFY_POLL_MS, 30_000, 0),
    notificationRetentionDays: parsePositiveInt('NOTIFY_DELIVERY_RETENTION_DAYS', env.NOTIFY_DELIVERY_RETENTION_DAYS, 90, 0),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    requestTimeoutMs: parsePositiveInt('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 30_000, 100),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    metricsPort: env.METRICS_PORT?.trim() ? parsePositiveInt('METRICS_PORT', env.METRICS_PORT, 0, 1, 65_535) : undefined,
    shutdownDrainMs: parsePositiveInt('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, production ? 5000 : 0, 0, 60_000),
    hub: {
      maxConnections: parsePositiveInt('HUB_MAX_CONNECTIONS', env.HUB_MAX_CONNECTIONS, 10_000),
      maxConnectionsPerClient: parsePositiveInt('HUB_MAX_CONNECTIONS_PER_CLIENT', env.HUB_MAX_CONNECTIONS_PER_CLIENT, 50),
    },
    oidc: oidcSettings(env, production, port),
    security: {
      frameAncestors: parseOrigins('FRAME_ANCESTORS', env.FRAME_ANCESTORS),
      corsOrigins: parseOrigins('CORS_ORIGINS', env.CORS_ORIGINS),
      appOrigins: nonEmpty(env.APP_ORIGINS)
        ? parseOrigins('APP_ORIGINS', env.APP_ORIGINS, { wildcard: true })
        : production
          ? []
          : [DEMO_APP_ORIGINS],
      hsts: parseSwitch('HSTS', env.HSTS, true),
      hstsMaxAge: parsePositiveInt('HSTS_MAX_AGE', env.HSTS_MAX_AGE, 31_536_000, 0),
    },
  };
}
