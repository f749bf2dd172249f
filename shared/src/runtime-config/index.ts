import { APP_NAME_HEADER, FALLBACK_APP, TENANT_HEADER } from '../contracts/messages';

/**
 * What the page learns at start and every bundle reads afterwards: the application and tenant
 * (response headers of the page itself), the payload key (/config.json), where the API lives and
 * the version string shown on screens. The host sets it at bootstrap; a remote's standalone
 * bootstrap sets it the same way. A module-level value, so it works with or without React.
 */
export interface RuntimeConfig {
  /** Application name (X-App-Name of the document), FALLBACK_APP when absent. */
  appName: string;
  /** Tenant (X-Tenant of the document), '' when absent. */
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

/** Application and tenant from the response headers of the current document (portal spec §1). */
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

/** Reads /config.json and the document's headers, and stores the result. Never throws. */
export async function loadRuntimeConfig(options: LoadOptions = {}): Promise<Readonly<RuntimeConfig>> {
  const [config, headers] = await Promise.all([readJson(options.configUrl ?? '/config.json'), readDocumentHeaders()]);
  return setRuntimeConfig({
    appName: headers.appName ?? FALLBACK_APP,
    tenant: headers.tenant ?? '',
    payloadKey: str(config.payloadKey),
    apiBase: str(config.apiBase),
    version: str(config.version) ?? options.version,
  });
}
