import { DEFAULT_PROFILE, type PortalProfile } from '../contracts/profiles';

/**
 * The page's portal profile, outside React too (the e-mail-sent route, the API client): set once
 * at start from /config.json (loadRuntimeConfig), DEFAULT_PROFILE until then.
 */
let current: PortalProfile = DEFAULT_PROFILE;
const listeners = new Set<() => void>();

export function getPageProfile(): PortalProfile {
  return current;
}

export function setPageProfile(profile: PortalProfile): void {
  if (profile === current) return;
  current = profile;
  for (const listener of listeners) listener();
}

export function subscribePageProfile(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Back to DEFAULT_PROFILE (tests). */
export function resetPageProfile(): void {
  setPageProfile(DEFAULT_PROFILE);
}
