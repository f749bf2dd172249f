import { createSystem, defaultConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import { DEFAULT_PROFILE, profileInMode, type PortalProfile } from '../contracts/profiles';

/**
 * The Chakra system of a portal profile (design.md §4, portal spec §3 "Theme per app/tenant"):
 * its font, page text, palette and surfaces as tokens. The dark template's values are the `_dark`
 * side of the same semantic tokens, so switching template (useColorMode) only flips the `dark`
 * class on <html>: no new system, no reload. Lean on purpose: only tokens the screens use.
 */

export const SUITE_FONT = DEFAULT_PROFILE.fontFamily;
export const SUITE_TEXT_COLOR = DEFAULT_PROFILE.textColor;

/** What the system is built from: the memoisation key holds exactly these values. */
function themeValues(profile: PortalProfile) {
  const pick = (p: PortalProfile) => ({
    text: p.textColor,
    page: p.colors.background,
    surface: p.colors.surface,
    primary: p.palette.primary,
    button: p.colors.button.active,
    buttonText: p.colors.button.text,
    link: p.colors.link,
    focus: p.colors.input.focus,
    errorText: p.colors.errorBox.text,
    errorBg: p.colors.errorBox.background,
    subtle: p.palette.secondary.light,
  });
  return { font: profile.fontFamily, light: pick(profileInMode(profile, 'light')), dark: pick(profileInMode(profile, 'dark')) };
}

type ThemeValues = ReturnType<typeof themeValues>;

/** A semantic token whose dark-template value is the dark side's. */
const both = (light: string, dark: string) => ({ value: light === dark ? light : { base: light, _dark: dark } });

function buildSystem({ font, light, dark }: ThemeValues): SystemContext {
  const config = defineConfig({
    globalCss: {
      'html, body': { fontFamily: font, color: 'fg', bg: 'bg' },
    },
    theme: {
      tokens: {
        fonts: { heading: { value: font }, body: { value: font } },
        colors: {
          brand: {
            light: { value: light.primary.light },
            main: { value: light.primary.main },
            dark: { value: light.primary.dark },
          },
          suiteText: { value: light.text },
        },
      },
      semanticTokens: {
        colors: {
          // colorPalette="brand" on any recipe uses these
          brand: {
            solid: both(light.button, dark.button),
            contrast: both(light.buttonText, dark.buttonText),
            fg: both(light.link, dark.link),
            muted: both(light.primary.light, dark.primary.light),
            subtle: both(light.subtle, dark.surface),
            emphasized: both(light.primary.light, dark.primary.light),
            focusRing: both(light.focus, dark.focus),
          },
          fg: { DEFAULT: both(light.text, dark.text), error: both(light.errorText, dark.errorText) },
          bg: {
            DEFAULT: both(light.page, dark.page),
            panel: both(light.surface, dark.surface),
            error: both(light.errorBg, dark.errorBg),
          },
        },
      },
    },
  });
  return createSystem(defaultConfig, config);
}

const systems = new Map<string, SystemContext>();

/** The memoisation key of a profile's system: the values it is built from. */
export function themeKey(profile: PortalProfile): string {
  return JSON.stringify(themeValues(profile));
}

/** The Chakra system of a profile, created once per distinct set of theme values. */
export function createSuiteSystem(profile: PortalProfile = DEFAULT_PROFILE): SystemContext {
  const values = themeValues(profile);
  const key = JSON.stringify(values);
  let system = systems.get(key);
  if (!system) {
    system = buildSystem(values);
    systems.set(key, system);
  }
  return system;
}
