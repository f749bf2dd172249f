import { FALLBACK_APP } from '@suite/shared/contracts';
import type { HostTarget } from '../config';

/** What the host resolver needs to know about the applications. */
export interface AppCatalog {
  /** Canonical application name for a case-insensitive name, or undefined. */
  findApp(name: string): string | undefined;
  /** Canonical tenant code when `tenant` is a known tenant of `app`, or undefined. */
  findTenant(app: string, tenant: string): string | undefined;
}

export interface ResolvedHost {
  app: string;
  tenant?: string;
  /** True when the host named no known application: the page speaks as the fallback application (title 'GSE Suite'). */
  fallback?: true;
}

/** Host name without port, lower-cased; undefined for empty input. */
export function hostName(hostHeader: string | undefined): string {
  let host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1); // [::1]:8080
  const colon = host.lastIndexOf(':');
  if (colon > -1 && /^\d+$/.test(host.slice(colon + 1))) host = host.slice(0, colon);
  return host.replace(/\.$/, '');
}

/**
 * Application and tenant of a request from its Host header (docs/architecture.md §3):
 * `localhost` → ibuhoo; `<app>.localhost` → that application when it exists;
 * `<tenant>.<app>.localhost` → application and tenant (known tenants only);
 * a HOST_MAP entry maps a production host name the same way; anything else → ibuhoo, marked
 * `fallback` (it has the fallback profile, not ibuhoo's own).
 */
export function resolveHost(hostHeader: string | undefined, catalog: AppCatalog, hostMap: Record<string, HostTarget> = {}): ResolvedHost {
  const host = hostName(hostHeader);
  const fallback: ResolvedHost = { app: catalog.findApp(FALLBACK_APP) ?? FALLBACK_APP, fallback: true };
  const target = (app: string | undefined, tenant: string | undefined): ResolvedHost => {
    const canonical = app ? catalog.findApp(app) : undefined;
    if (!canonical) return fallback;
    const knownTenant = tenant ? catalog.findTenant(canonical, tenant) : undefined;
    return knownTenant ? { app: canonical, tenant: knownTenant } : { app: canonical };
  };

  const mapped = hostMap[host];
  if (mapped) return target(mapped.app, mapped.tenant);

  if (host.endsWith('.localhost')) {
    const labels = host.slice(0, -'.localhost'.length).split('.').filter(Boolean);
    if (labels.length === 1) return target(labels[0], undefined);
    if (labels.length >= 2) return target(labels[labels.length - 1], labels[labels.length - 2]);
  }
  return fallback;
}
