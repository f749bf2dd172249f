import { useProfile, type ColorMode, type PortalProfile } from '@suite/shared';
import { createContext, useContext, useMemo, useState } from 'react';
import { readableOn } from './contrast';

/**
 * Mode of the dark/light template and how to change it. Local state for now; when the shared
 * colour-mode hook exists this is the one line to swap.
 */
export function useTemplateModeState(): [ColorMode, (mode: ColorMode) => void] {
  const { colorMode } = useProfile();
  return useState<ColorMode>(colorMode);
}

const TemplateModeContext = createContext<ColorMode>('light');

/** Tells the screens inside a template which mode it is in (light outside any template). */
export const TemplateModeProvider = TemplateModeContext.Provider;

export function useTemplateMode(): ColorMode {
  return useContext(TemplateModeContext);
}

/**
 * Page and panel surfaces of the two modes. Profiles describe the light look only, so the dark
 * template is neutral and takes the profile's colours where they stay readable on it.
 */
export const TEMPLATE_SURFACES: Record<ColorMode, { page: string; panel: string; text: string }> = {
  light: { page: '#f4f5f7', panel: '#ffffff', text: '' },
  dark: { page: '#0f1216', panel: '#1b1f24', text: '#eef0f3' },
};

/** Colours of the texts on a public screen's panel. */
export interface ScreenColors {
  panel: string;
  text: string;
  link: string;
  forgotPassword: string;
  versionLabel: string;
}

/** Light: the profile's colours as given. Dark: the first of the profile's colours readable on the dark panel. */
export function screenColors(profile: PortalProfile, mode: ColorMode): ScreenColors {
  const { panel, text } = TEMPLATE_SURFACES[mode];
  if (mode === 'light') {
    return { panel, text: profile.textColor, link: profile.colors.link, forgotPassword: profile.colors.forgotPassword, versionLabel: profile.colors.versionLabel };
  }
  const { primary } = profile.palette;
  return {
    panel,
    text,
    link: readableOn(panel, profile.colors.link, primary.light, primary.main),
    forgotPassword: readableOn(panel, profile.colors.forgotPassword, primary.light, primary.main),
    versionLabel: readableOn(panel, profile.colors.versionLabel, text),
  };
}

export function useScreenColors(): ScreenColors {
  const profile = useProfile();
  const mode = useTemplateMode();
  return useMemo(() => screenColors(profile, mode), [profile, mode]);
}
