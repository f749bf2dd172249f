import { createSystem, defaultBaseConfig, defaultConfig, defineConfig, type SystemConfig, type SystemContext } from '@chakra-ui/react';
import { DEFAULT_PROFILE, profileInMode, type PortalProfile } from '../contracts/profiles';

export { applyGlobalStyleSheet } from './globalStyleSheet';

/**
 * The Chakra system of a portal profile (docs/architecture.md §4; docs/product/portal.md, The
 * portal profile): its font, page text, palette and surfaces as tokens. The dark template's values
 * are the `_dark` side of the same semantic tokens, so switching template (useColorMode) only flips
 * the `dark` class on <html>: no new system, no reload. Lean on purpose: only tokens the screens
 * use.
 *
 * The styles a system inserts when a page starts are only the CSS variables of the tokens the
 * profile sets. Chakra's reset, the global styles and every other token are the same for every
 * profile: they are the static style sheet `global.css` (generated from this module, preloaded by
 * every page's document and applied before the first render: applyGlobalStyleSheet;
 * docs/adr/0021), not work for each page load.
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

/** Names of the tokens a configuration defines (`colors.fg` for `colors.fg.DEFAULT`). */
function tokenNames(tree: object, path: string[] = []): string[] {
  return Object.entries(tree).flatMap(([key, node]: [string, unknown]) => {
    if (!node || typeof node !== 'object') return [];
    const at = [...path, key];
    return 'value' in node ? [at.filter((part) => part !== 'DEFAULT').join('.')] : tokenNames(node, at);
  });
}

/** The CSS variables a profile gives values to: those of the tokens and semantic tokens it defines. */
function profileVariables(system: SystemContext, config: SystemConfig): Set<string> {
  const { tokens = {}, semanticTokens = {} } = config.theme ?? {};
  const names = [...tokenNames(tokens), ...tokenNames(semanticTokens)];
  return new Set(
    names.map((name) => system.tokens.getByName(name)?.extensions.cssVar?.var).filter((name): name is string => Boolean(name)),
  );
}

/** The CSS variables of each system that its profile sets. */
const ownVariables = new WeakMap<SystemContext, Set<string>>();

function buildSystem({ font, light, dark }: ThemeValues): SystemContext {
  const config = defineConfig({
    globalCss: {
      // the font through its token: these global styles are the same for every profile
      'html, body': { fontFamily: 'body', color: 'fg', bg: 'bg' },
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
  // defaultConfig is the curated theme without the base (shared/src/ui/chakra.js): one merge of the three
  const system = createSystem(defaultBaseConfig, defaultConfig, config);
  const own = profileVariables(system, config);
  ownVariables.set(system, own);
  // what ChakraProvider inserts: the profile's variables only
  Object.defineProperty(system, '_global', { value: [tokenCss(system, (name) => own.has(name))] });
  return system;
}

/**
 * Chakra's token CSS (`getTokenCss`) restricted to the variables `keep` accepts: Chakra writes it
 * from `tokens.cssVarMap` (condition → variable → value), which holds here, for the one
 * synchronous call, only the kept variables; a condition left with none is skipped as Chakra does.
 */
function tokenCss(system: SystemContext, keep: (variable: string) => boolean): ReturnType<SystemContext['getTokenCss']> {
  const map = system.tokens.cssVarMap;
  const all = [...map];
  try {
    for (const [condition, values] of all) map.set(condition, new Map([...values].filter(([variable]) => keep(variable))));
    return system.getTokenCss();
  } finally {
    for (const [condition, values] of all) map.set(condition, values);
  }
}

/**
 * What the static style sheet holds (global.css): the cascade layers' order, Chakra's reset, the
 * global styles and the CSS variables of every token no profile sets. The same for every profile
 * (a test checks); global.css is this, as Emotion writes it.
 */
export function staticGlobalStyles(profile: PortalProfile = DEFAULT_PROFILE): Array<string | Record<string, unknown>> {
  const system = createSuiteSystem(profile);
  const own = ownVariables.get(system) ?? new Set<string>();
  return [system.layers.atRule, system.getPreflightCss(), system.getGlobalCss(), tokenCss(system, (name) => !own.has(name))];
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
