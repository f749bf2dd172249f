/**
 * Which OpenID provider each application (or tenant) signs in with (docs/security/oidc.md).
 * Configuration only from the environment:
 * - OIDC_PROVIDERS: JSON object whose keys are `<app>/<tenant>`, `<app>` or `*` (the most
 *   specific wins) and whose values are `{ "issuer", "clientId", "clientSecret" }`, with
 *   `"mfaAcr": [...]` optionally: the provider's `acr` values of a sign-in with a second factor;
 * - outside production, unless OIDC_DEV_PROVIDER=off, the local provider (src/dev/oidc-provider.ts)
 *   on OIDC_DEV_PORT (default PORT + 1) serves every application that has no entry of its own.
 */

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `acr` values by which this provider says a second factor was used (default: OpenID PAPE's multi-factor). */
  mfaAcr?: string[];
}

export interface OidcSettings {
  /** By `app/tenant`, `app` or `*`, in lower case. */
  providers: Record<string, OidcClientSettings>;
  /** Where the local provider listens (not in production; undefined: not started). */
  devProvider?: { port: number };
}

export class OidcConfigError extends Error {}

const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function parseIssuer(key: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OidcConfigError(`OIDC_PROVIDERS["${key}"].issuer is not a URL: "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OidcConfigError(`OIDC_PROVIDERS["${key}"].issuer must be http(s)`);
  return url.href.replace(/\/$/, '');
}

/** OIDC_PROVIDERS, OIDC_DEV_PROVIDER and OIDC_DEV_PORT; throws OidcConfigError on anything malformed. */
export function parseOidcSettings(env: Record<string, string | undefined>, options: { production: boolean; port: number }): OidcSettings {
  const providers: Record<string, OidcClientSettings> = {};
  const raw = env.OIDC_PROVIDERS?.trim();
  if (raw) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new OidcConfigError('OIDC_PROVIDERS must be a JSON object');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new OidcConfigError('OIDC_PROVIDERS must be a JSON object');
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      const entry = (value ?? {}) as Record<string, unknown>;
      if (!text(entry.issuer) || !text(entry.clientId) || !text(entry.clientSecret)) {
        throw new OidcConfigError(`OIDC_PROVIDERS["${key}"] needs issuer, clientId and clientSecret`);
      }
      if (entry.mfaAcr !== undefined && !(Array.isArray(entry.mfaAcr) && entry.mfaAcr.every(text)))
        throw new OidcConfigError(`OIDC_PROVIDERS["${key}"].mfaAcr must be an array of acr values`);
      providers[key.trim().toLowerCase()] = {
        issuer: parseIssuer(key, entry.issuer),
        clientId: entry.clientId,
        clientSecret: entry.clientSecret,
        ...(entry.mfaAcr ? { mfaAcr: entry.mfaAcr as string[] } : {}),
      };
    }
  }
  const devSwitch = (env.OIDC_DEV_PROVIDER ?? 'on').trim().toLowerCase();
  if (!['on', 'off'].includes(devSwitch)) throw new OidcConfigError(`OIDC_DEV_PROVIDER must be on or off, got "${env.OIDC_DEV_PROVIDER}"`);
  let devProvider: OidcSettings['devProvider'];
  if (!options.production && devSwitch === 'on') {
    const port = env.OIDC_DEV_PORT?.trim() ? Number(env.OIDC_DEV_PORT) : options.port + 1;
    if (!Number.isInteger(port) || port < 0 || port > 65_535)
      throw new OidcConfigError(`OIDC_DEV_PORT must be a port number, got "${env.OIDC_DEV_PORT}"`);
    devProvider = { port };
  }
  return { providers, devProvider };
}

/** The settings with the local provider serving every application without an entry of its own. */
export function withDevProvider(settings: OidcSettings, local: OidcClientSettings): OidcSettings {
  return { ...settings, providers: { '*': local, ...settings.providers } };
}

/** The provider of an application and tenant: `app/tenant`, then `app`, then `*`. */
export function providerFor(settings: OidcSettings | undefined, app: string, tenant: string | undefined): OidcClientSettings | undefined {
  if (!settings) return undefined;
  const name = app.toLowerCase();
  return (
    (tenant ? settings.providers[`${name}/${tenant.toLowerCase()}`] : undefined) ?? settings.providers[name] ?? settings.providers['*']
  );
}
