import { APP_NAME_HEADER, FALLBACK_APP, TENANT_HEADER } from '../contracts/messages';
import { DEFAULT_PROFILE, PORTAL_PROFILE_PATH, mergeProfile, type PortalProfile } from '../contracts/profiles';
import { setPageProfile } from '../profile/store';

/**
 * What the page learns at start and every bundle reads afterwards: the application and tenant
 * (response headers of the page itself), the payload key (/config.json), where the API lives and
 * the version string shown on screens. The host sets it at bootstrap, with the page's portal
 * profile (getPageProfile); a remote's standalone bootstrap does the same. Module-level values,
 * so they work with or without React.
 */
export interface RuntimeConfig {
  /** Application name (X-App-Name of the document), FALLBACK_APP when absent. */
  appName: string;
  /** Tenant (X-Tenant of the document), else the profile's default tenant, '' when none. */
  tenant: string;
  /** crypto-js key of the password/link payload scheme (/config.json `payloadKey`). */
  payloadKey: string;
  /** Base of every API call, relative to the page's origin or absolute. */
  apiBase: string;
  /** Version string shown on screens. */
  version: string;
}

const DEFAULTS: RuntimeConfig = { appName: FALLBACK_APP, tenant: '', payloadKey: '', apiBase: '/api', version: '' };

let current: RuntimeConfig = { ...DEFAULTS };

export function getRuntimeConfig(): Readonly<RuntimeConfig> {
  return current;
}

export function setRuntimeConfig(patch: Partial<RuntimeConfig>): Readonly<RuntimeConfig> {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  current = { ...current, ...defined };
  return current;
}

/** Back to the defaults (tests). */
export function resetRuntimeConfig(): void {
  current = { ...DEFAULTS };
}

interface LoadOptions {
  /** Version to show when /config.json does not name one (the bundle's own version). */
  version?: string;
  /** Where /config.json lives. */
  configUrl?: string;
}

async function readJson(url: string): Promise<Record<string, unknown>> {
  try {
    const res = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
    if (!res.ok) return {};
    const body: unknown = await res.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Application and tenant from the response headers of the current document (docs/product/portal.md, Applications and tenants). */
export async function readDocumentHeaders(): Promise<{ appName?: string; tenant?: string }> {
  try {
    const res = await fetch(window.location.href, { method: 'HEAD', cache: 'no-store' });
    return {
      appName: res.headers.get(APP_NAME_HEADER)?.trim() || undefined,
      tenant: res.headers.get(TENANT_HEADER)?.trim() || undefined,
    };
  } catch {
    return {};
  }
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A profile read from JSON: laid over DEFAULT_PROFILE, so anything missing or mistyped keeps a sound value. */
export function readProfile(raw: unknown): PortalProfile | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const named = raw as Record<string, unknown>;
  return mergeProfile(
    { ...DEFAULT_PROFILE, app: str(named.app) ?? FALLBACK_APP, tenant: typeof named.tenant === 'string' ? named.tenant : '' },
    raw,
  );
}

/** The profile by name, when /config.json did not bring one (configuration served from elsewhere). */
async function fetchProfile(apiBase: string, appName?: string, tenant?: string): Promise<PortalProfile | undefined> {
  try {
    const url = `${apiBase.replace(/\/$/, '')}${PORTAL_PROFILE_PATH.replace(/^\/api/, '')}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (appName) headers.appName = appName;
    if (tenant) headers.tenant = tenant;
    const res = await fetch(url, { headers });
    if (!res.ok) return undefined;
    return readProfile(((await res.json()) as { result?: unknown }).result);
  } catch {
    return undefined;
  }
}

/**
 * Reads /config.json (which carries the page's portal profile) and the document's headers in
 * parallel, and stores both: no request waits for another before the first paint. Never throws.
 */
export async function loadRuntimeConfig(options: LoadOptions = {}): Promise<Readonly<RuntimeConfig>> {
  const [config, headers] = await Promise.all([readJson(options.configUrl ?? '/config.json'), readDocumentHeaders()]);
  const apiBase = str(config.apiBase) ?? current.apiBase;
  const profile = readProfile(config.profile) ?? (await fetchProfile(apiBase, headers.appName, headers.tenant)) ?? DEFAULT_PROFILE;
  setPageProfile(profile);
  return setRuntimeConfig({
    appName: headers.appName ?? profile.app,
    tenant: headers.tenant ?? profile.tenant,
    payloadKey: str(config.payloadKey),
    apiBase,
    version: str(config.version) ?? options.version,
  });
}
