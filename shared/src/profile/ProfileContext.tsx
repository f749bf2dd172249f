import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_PROFILE, type PortalProfile } from '../contracts/profiles';


const ProfileContext = createContext<PortalProfile>(DEFAULT_PROFILE);

/** Provides the page's portal profile (rendered by the host; by tests with any profile). */
export function ProfileProvider({ profile, children }: { profile: PortalProfile; children: ReactNode }) {
  return <ProfileContext.Provider value={profile}>{children}</ProfileContext.Provider>;
}

/** The current application's and tenant's portal profile. */
export function useProfile(): PortalProfile {
  return useContext(ProfileContext);
}
