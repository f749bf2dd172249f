import { ProfileProvider, profileInMode, useProfile, type ColorMode } from '@suite/shared';
import { useMemo, useState, type ReactNode } from 'react';

/**
 * Mode of the dark/light template and how to change it. Local state for now; when the shared
 * colour-mode hook exists this is the one line to swap.
 */
export function useTemplateModeState(): [ColorMode, (mode: ColorMode) => void] {
  const { colorMode } = useProfile();
  return useState<ColorMode>(colorMode);
}

/** Everything inside sees the profile in `mode`: the dark template's colours and logos laid over the light ones. */
export function TemplateModeScope({ mode, children }: { mode: ColorMode; children: ReactNode }) {
  const profile = useProfile();
  const inMode = useMemo(() => profileInMode(profile, mode), [profile, mode]);
  return <ProfileProvider profile={inMode}>{children}</ProfileProvider>;
}
