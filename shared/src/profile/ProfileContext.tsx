import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { profileInMode, type ColorMode, type PortalProfile } from '../contracts/profiles';
import { applyColorModeToDocument } from './document';
import { getPageProfile, subscribePageProfile } from './store';

interface ProfileState {
  profile: PortalProfile;
  colorMode: ColorMode;
  setColorMode(mode: ColorMode): void;
}

const ProfileContext = createContext<ProfileState | null>(null);

/** The page's profile as the store holds it (set at start from /config.json). */
export function usePageProfile(): PortalProfile {
  return useSyncExternalStore(subscribePageProfile, getPageProfile, getPageProfile);
}

/**
 * Provides the portal profile and its template (light/dark) to every screen. The host renders it
 * (through AppProviders) with the page's profile; tests pass any profile. The template starts as
 * the profile says and switches without reload; it resets when the profile changes.
 */
export function ProfileProvider({ profile, children }: { profile?: PortalProfile; children: ReactNode }) {
  const pageProfile = usePageProfile();
  const active = profile ?? pageProfile;
  const [mode, setMode] = useState<{ of: PortalProfile; colorMode: ColorMode }>({ of: active, colorMode: active.colorMode });
  const colorMode = mode.of === active ? mode.colorMode : active.colorMode;
  const setColorMode = useCallback((next: ColorMode) => setMode({ of: active, colorMode: next }), [active]);

  // before the browser paints: a page that starts dark never flashes light
  useLayoutEffect(() => {
    applyColorModeToDocument(colorMode);
  }, [colorMode]);

  const value = useMemo(() => ({ profile: active, colorMode, setColorMode }), [active, colorMode, setColorMode]);
  return <ProfileContext.Provider value={value}>{children}</ProfileContext.Provider>;
}

function useProfileState(): ProfileState {
  const state = useContext(ProfileContext);
  const pageProfile = usePageProfile();
  // outside any provider: the page's profile, in its starting template
  return state ?? { profile: pageProfile, colorMode: pageProfile.colorMode, setColorMode: () => undefined };
}

/** The current application's and tenant's portal profile, as served (light values plus the `dark` differences). */
export function useProfile(): PortalProfile {
  return useProfileState().profile;
}

/** The profile with the current template applied (`profileInMode`): the colours to draw with now. */
export function useProfileInMode(): PortalProfile {
  const { profile, colorMode } = useProfileState();
  return useMemo(() => profileInMode(profile, colorMode), [profile, colorMode]);
}

export interface ColorModeControl {
  colorMode: ColorMode;
  setColorMode(mode: ColorMode): void;
  toggleColorMode(): void;
  /** Whether the profile offers the switch (the myself-style template). */
  canSwitch: boolean;
}

/** The light/dark template of the public screens and its switch (no reload: only a class on <html> changes). */
export function useColorMode(): ColorModeControl {
  const { profile, colorMode, setColorMode } = useProfileState();
  return {
    colorMode,
    setColorMode,
    toggleColorMode: () => setColorMode(colorMode === 'dark' ? 'light' : 'dark'),
    canSwitch: profile.colorModeSwitch,
  };
}
