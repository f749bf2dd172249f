import fs from 'node:fs';
import path from 'node:path';

/** Where a production host name leads: an application and optionally one of its tenants. */
export interface HostTarget {
  app: string;
  tenant?: string;
}

/** Everything the API is configured with. Built from the environment only (loadConfig). */
export interface Config {
  /** TCP port (PORT, default 8080). */
  port: number;
  /** Listen address (HOST). Unset: `::` (dual-stack), falling back to 0.0.0.0. */
  host?: string;
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
  /** Seed demo companies and users (on unless production). */
  demoData: boolean;
  /** Folder holding host-shell/dist and mfe-* /dist (STATIC_ROOT). */
  staticRoot: string;
  /** Optional JSON file merged over the default remotes registry (REMOTES_JSON). */
  remotesJson?: string;
  /** Production host name → application/tenant (HOST_MAP, JSON). */
  hostMap: Record<string, HostTarget>;
  /** crypto-js key of the payload scheme (PAYLOAD_KEY); unset: generated once and stored. */
  payloadKey?: string;
  /** pino level (LOG_LEVEL, default info). */
  logLevel: string;
  /** `iss` of access tokens (TOKEN_ISSUER, default suite-identity). */
  tokenIssuer: string;
}

export class ConfigError extends Error {}

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

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const logLevel = (nonEmpty(env.LOG_LEVEL) ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const dataDir = nonEmpty(env.DATA_DIR) ?? './.data';
  return {
    port: parsePort(env.PORT),
    host: nonEmpty(env.HOST),
    dataDir: dataDir.startsWith('memory://') ? dataDir : path.resolve(dataDir),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    adminPassword: nonEmpty(env.SUITE_ADMIN_PASSWORD),
    adminEmail: nonEmpty(env.SUITE_ADMIN_EMAIL) ?? 'admin@suite.localhost',
    production,
    demoData: !production,
    staticRoot: path.resolve(nonEmpty(env.STATIC_ROOT) ?? path.dirname(apiPackageDir())),
    remotesJson: nonEmpty(env.REMOTES_JSON) ? path.resolve(env.REMOTES_JSON as string) : undefined,
    hostMap: parseHostMap(env.HOST_MAP),
    payloadKey: nonEmpty(env.PAYLOAD_KEY),
    logLevel,
    tokenIssuer: nonEmpty(env.TOKEN_ISSUER) ?? 'suite-identity',
  };
}
