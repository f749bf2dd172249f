import { createContext, useContext, type ReactNode } from 'react';
import type { PortalProfile } from '../contracts/profiles';
import { DEFAULT_PROFILE } from './defaultProfile';

const ProfileContext = createContext<PortalProfile>(DEFAULT_PROFILE);

/** Provides the page's portal profile (rendered by the host; by tests with any profile). */
export function ProfileProvider({ profile, children }: { profile: PortalProfile; children: ReactNode }) {
  return <ProfileContext.Provider value={profile}>{children}</ProfileContext.Provider>;
}

/** The current application's and tenant's portal profile. */
export function useProfile(): PortalProfile {
  return useContext(ProfileContext);
}
