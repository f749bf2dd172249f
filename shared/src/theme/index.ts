import { createSystem, defaultConfig, defineConfig, type SystemContext } from '@chakra-ui/react';

/**
 * Appearance of one application and tenant (portal spec §3 "Theme per app/tenant"): themes are
 * data. Only the fields the screens use so far; the rest of the spec's theme arrives with them.
 */
export interface ThemeProfile {
  /** Memoisation key, e.g. `<app>` or `<app>:<tenant>`. */
  key?: string;
  primary?: { light?: string; main?: string; dark?: string };
  /** Page text colour. */
  textColor?: string;
  fontFamily?: string;
}

export const SUITE_FONT = 'Muli, Arial, sans-serif';
export const SUITE_TEXT_COLOR = '#575756';

const DEFAULT_PRIMARY = { light: '#4f8fd1', main: '#1d5fa8', dark: '#123f72' };

const systems = new Map<string, SystemContext>();

function profileKey(profile: ThemeProfile): string {
  return profile.key ?? JSON.stringify(profile);
}

function buildSystem(profile: ThemeProfile): SystemContext {
  const primary = { ...DEFAULT_PRIMARY, ...profile.primary };
  const font = profile.fontFamily ?? SUITE_FONT;
  const text = profile.textColor ?? SUITE_TEXT_COLOR;
  const config = defineConfig({
    globalCss: {
      'html, body': { fontFamily: font, color: text },
    },
    theme: {
      tokens: {
        fonts: { heading: { value: font }, body: { value: font } },
        colors: {
          brand: {
            light: { value: primary.light },
            main: { value: primary.main },
            dark: { value: primary.dark },
          },
          suiteText: { value: text },
        },
      },
      semanticTokens: {
        colors: {
          // colorPalette="brand" on any recipe uses these.
          brand: {
            solid: { value: '{colors.brand.main}' },
            contrast: { value: 'white' },
            fg: { value: '{colors.brand.dark}' },
            muted: { value: '{colors.brand.light}' },
            subtle: { value: '#e8f0f9' },
            emphasized: { value: '{colors.brand.light}' },
            focusRing: { value: '{colors.brand.main}' },
          },
          fg: { DEFAULT: { value: '{colors.suiteText}' } },
        },
      },
    },
  });
  return createSystem(defaultConfig, config);
}

/** The Chakra system of a profile, created once per key. */
export function createSuiteSystem(profile: ThemeProfile = {}): SystemContext {
  const key = profileKey(profile);
  let system = systems.get(key);
  if (!system) {
    system = buildSystem(profile);
    systems.set(key, system);
  }
  return system;
}
