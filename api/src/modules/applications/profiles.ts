import { DEFAULT_PROFILE, FALLBACK_APP, FALLBACK_TITLE, mergeProfile, type PortalProfile } from '@suite/shared/contracts';
import type { HostTarget } from '../../config';
import { resolveHost } from '../../http/host';
import type { AppSnapshot, DirectoryApp } from './directory';

function ownProfile(app: DirectoryApp): PortalProfile {
  return app.profile ?? { ...DEFAULT_PROFILE, app: app.name, title: app.title };
}

/**
 * The portal profile of an application and tenant (docs/product/portal.md, The portal profile; docs/architecture.md §3–§4):
 * - an unknown (or unnamed) application gets the fallback application's profile titled 'GSE Suite';
 * - the tenant is the one named when the application has it, else the application's default
 *   tenant (myselfcert for the myself-style applications), else none; a named tenant the
 *   application does not have is ignored, as host resolution ignores it;
 * - a known tenant's override, title and default language are laid over the application's profile.
 * Memoised per application and tenant on the snapshot, so an application edit (a new snapshot)
 * is seen at once after `AppDirectory.invalidate()` and within its TTL otherwise.
 */
export function resolveProfile(snapshot: AppSnapshot, appName: string | undefined, tenant: string | undefined): PortalProfile {
  const app = appName ? snapshot.get(appName) : undefined;
  if (!app) {
    return memo(snapshot, '', () => {
      const fallback = snapshot.get(FALLBACK_APP);
      const base = fallback ? ownProfile(fallback) : DEFAULT_PROFILE;
      return { ...base, title: FALLBACK_TITLE, tenant: '' };
    });
  }
  const base = ownProfile(app);
  const named = tenant?.trim().toLowerCase();
  const known = named ? app.tenants.find((t) => t.code === named) : undefined;
  const code = known?.code ?? base.defaultTenant;
  return memo(snapshot, `${app.name.toLowerCase()}:${code}`, () => {
    const row = app.tenants.find((t) => t.code === code);
    const merged = row ? mergeProfile(base, row.profile, { title: row.title, defaultLanguage: row.defaultLanguage }) : base;
    return { ...merged, tenant: code };
  });
}

function memo(snapshot: AppSnapshot, key: string, build: () => PortalProfile): PortalProfile {
  let profile = snapshot.profiles.get(key);
  if (!profile) {
    profile = build();
    snapshot.profiles.set(key, profile);
  }
  return profile;
}

/** The profile of the page a Host header names (docs/architecture.md §3), as the document's own headers say. */
export function profileOfHost(snapshot: AppSnapshot, hostHeader: string | undefined, hostMap: Record<string, HostTarget>): PortalProfile {
  const target = resolveHost(hostHeader, snapshot, hostMap);
  return resolveProfile(snapshot, target.fallback ? undefined : target.app, target.tenant);
}
