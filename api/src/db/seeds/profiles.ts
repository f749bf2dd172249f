import type { PortalProfile, PortalProfileOverride, ProfileDarkTemplate, ProfileLogos } from '@suite/shared/contracts';

/**
 * The seeded look of every application and tenant variant of the portal (docs/product/portal.md): one brand
 * (name, mark, three shades of its colour) per application and per tenant variant. The brand
 * assets under /brand/ are generated from the same list (src/modules/static/brand/generate.ts),
 * so every path a profile names is a real image. Colours are chosen for WCAG AA contrast
 * (profiles.contrast.test.ts checks every seeded profile in both templates).
 */

/** Bump when the seeded profiles change: the seed then rewrites them in existing databases. */
export const PROFILE_SEED_VERSION = 3;

export type MarkShape = 'rounded' | 'circle' | 'hexagon' | 'diamond' | 'shield';

export interface Brand {
  /** Folder under /brand/: `<app>` or `<app>/<tenant>`. */
  path: string;
  /** Product name written next to the mark. */
  name: string;
  /** One or two letters inside the mark. */
  monogram: string;
  shape: MarkShape;
  /** `main`: buttons and links on light surfaces (white text on it); `dark`: titles; `light`: links and buttons of the dark template. */
  color: { main: string; dark: string; light: string };
}

const brand = (path: string, name: string, monogram: string, shape: MarkShape, main: string, dark: string, light: string): Brand => ({
  path,
  name,
  monogram,
  shape,
  color: { main, dark, light },
});

/** Every brand, applications first. Keys: `<app>` and `<app>/<tenant>`. */
export const BRANDS: Record<string, Brand> = Object.fromEntries(
  [
    brand('ibuhoo', 'Suite GSE', 'G', 'rounded', '#1d5fa8', '#123f72', '#8cb8e8'),
    brand('ibuhoo/suite', 'Suite', 'S', 'circle', '#00707a', '#004a51', '#7fd0d6'),
    brand('ibuhoo/oidc', 'Suite OIDC', 'O', 'hexagon', '#4338ca', '#2e2590', '#a5a0f0'),
    brand('license', 'License', 'L', 'shield', '#6a1b9a', '#4a126c', '#cf9ce8'),
    brand('license/letmicert', 'Letmi', 'Lm', 'diamond', '#b0235f', '#7c1843', '#f2a7c6'),
    brand('license/myselfcert', 'MySelf License', 'ML', 'hexagon', '#5b3fc4', '#3d2a86', '#b9a8f5'),
    brand('product', 'Product', 'P', 'rounded', '#b4430a', '#7e2f07', '#f8b48a'),
    brand('colnomina', 'Product Nómina', 'N', 'circle', '#1b7a3a', '#115228', '#8fd9a8'),
    brand('biometria', 'Biometria', 'B', 'hexagon', '#0f6e6a', '#094a47', '#7dd3cf'),
    brand('confronta', 'Confronta', 'C', 'diamond', '#a3122e', '#720c20', '#f4a3b3'),
    brand('firmaya', 'Firmaya', 'F', 'shield', '#1e3a8a', '#142760', '#9db4f0'),
    brand('myselfcert', 'MySelf', 'M', 'circle', '#6d28d9', '#4c1d95', '#c4b5fd'),
    brand('bemyself', 'BeMyself', 'Be', 'rounded', '#0e6e8c', '#0a4c61', '#7fd3ec'),
    brand('bemyself/472', 'MySelf 472', '47', 'diamond', '#9d1d96', '#6d1468', '#f0a8ea'),
    brand('bemyself/bmscol', 'MySelf Colombia', 'Co', 'shield', '#8f5f00', '#6b4700', '#f5cf6b'),
    brand('bemyself/bmsecu', 'MySelf Ecuador', 'Ec', 'hexagon', '#1d4ed8', '#1e3a8a', '#a3bffa'),
    brand('bemyself/bmsbra', 'MySelf Brasil', 'Br', 'circle', '#047857', '#065f46', '#6ee7b7'),
    brand('letmicert', 'Letmicert', 'Lc', 'rounded', '#be123c', '#881337', '#fda4af'),
  ].map((b) => [b.path, b]),
);

/** Image files of every brand folder (the generator writes exactly these). */
export const BRAND_FILES = {
  logo: 'logo.svg',
  white: 'logo-white.svg',
  favicon: 'favicon.svg',
  checkEmail: 'check-email.svg',
  password: 'password.svg',
  invalidLink: 'invalid-link.svg',
  success: 'success.svg',
  expireTime: 'expire-time.svg',
  maintenance: 'maintenance.svg',
  background: 'background.svg',
  backgroundDark: 'background-dark.svg',
} as const;

export const brandUrl = (b: Brand, file: string) => `/brand/${b.path}/${file}`;

function logosOf(b: Brand): ProfileLogos {
  const url = (file: string) => brandUrl(b, file);
  return {
    signIn: url(BRAND_FILES.logo),
    rememberPassword: url(BRAND_FILES.password),
    checkEmail: url(BRAND_FILES.checkEmail),
    invalidLink: url(BRAND_FILES.invalidLink),
    changePassword: url(BRAND_FILES.password),
    successAlert: url(BRAND_FILES.success),
    expireTime: url(BRAND_FILES.expireTime),
    checkEmailAgain: url(BRAND_FILES.checkEmail),
    maintenance: url(BRAND_FILES.maintenance),
    white: url(BRAND_FILES.white),
  };
}

const PAGE_TEXT = '#575756';

/** Dark template surfaces and texts (the myself-style look). */
const DARK = { page: '#0f1216', panel: '#1b1f24', text: '#eef0f3', muted: '#c9ced6', input: '#111418' };

/** What a brand changes: its colour wherever the screens use it, its images and favicon. */
function brandParts(b: Brand, withDarkTemplate: boolean) {
  const { main, dark, light } = b.color;
  const logos = logosOf(b);
  const parts = {
    favicon: brandUrl(b, BRAND_FILES.favicon),
    background: brandUrl(b, BRAND_FILES.background),
    logos,
    palette: { primary: { light, main, dark, iconSend: main }, secondary: { titleText: dark } },
    colors: {
      input: { focus: main },
      button: { active: main },
      link: main,
      alert: { image: logos.successAlert },
      forgotPassword: main,
      selectAccount: { selected: main },
      loading: main,
    },
  };
  if (!withDarkTemplate) return parts;
  const darkTemplate: ProfileDarkTemplate = {
    textColor: DARK.text,
    background: brandUrl(b, BRAND_FILES.backgroundDark),
    logos: { signIn: logos.white },
    palette: { primary: { iconSend: light }, secondary: { titleText: DARK.text } },
    colors: {
      input: { text: DARK.text, border: '#8b93a0', focus: light, label: DARK.text, background: DARK.input },
      button: {
        active: light,
        text: DARK.page,
        disabled: '#3a4049',
        disabledText: '#e2e5ea',
        success: '#6ee7a0',
        disabledReset: '#3a4049',
      },
      link: light,
      message: DARK.text,
      versionLabel: DARK.muted,
      alert: { text: DARK.text },
      forgotPassword: light,
      selectAccount: { background: DARK.panel, text: DARK.text, selected: light },
      loading: light,
      errorBox: { text: '#ffd7d7', background: '#4a1518' },
      background: DARK.page,
      surface: DARK.panel,
    },
  };
  return { ...parts, dark: darkTemplate };
}

type Appearance = Omit<
  PortalProfile,
  'app' | 'tenant' | 'title' | 'signInVariant' | 'emailSentRoute' | 'showBuyLink' | 'showFreeTrial' | 'defaultTenant' | 'defaultLanguage'
>;

/** An application's whole appearance (the `appearance` column). */
export function applicationAppearance(
  b: Brand,
  template: { darkTemplate?: boolean; startDark?: boolean; logoWidth?: number; externalSignIn?: boolean } = {},
): Appearance {
  const parts = brandParts(b, template.darkTemplate ?? false);
  const { main, dark, light } = b.color;
  return {
    favicon: parts.favicon,
    background: parts.background,
    logos: parts.logos,
    logoWidth: template.logoWidth ?? 180,
    palette: {
      primary: { light, main, dark, iconSend: main },
      secondary: { light: '#f2f5f9', main: '#e3e9f1', dark: '#5b6b80', titleText: dark },
      info: { light: '#e6f1fb', main: '#1f6fb2', dark: '#154c7a' },
      error: { light: '#fdecea', main: '#c62828', dark: '#8e1c1c' },
    },
    colors: {
      input: { text: PAGE_TEXT, border: '#767676', focus: main, label: PAGE_TEXT, background: '#ffffff' },
      button: { active: main, text: '#ffffff', disabled: '#d5d9de', disabledText: '#3d3d3d', success: '#1b6e33', disabledReset: '#d5d9de' },
      link: main,
      message: PAGE_TEXT,
      versionLabel: PAGE_TEXT,
      alert: { text: PAGE_TEXT, image: parts.logos.successAlert },
      forgotPassword: main,
      selectAccount: { background: '#ffffff', text: PAGE_TEXT, selected: main },
      loading: main,
      errorBox: { text: '#8e1c1c', background: '#fdecea' },
      background: '#f4f6f9',
      surface: '#ffffff',
    },
    fontFamily: 'Muli, Arial, sans-serif',
    textColor: PAGE_TEXT,
    colorMode: template.startDark ? 'dark' : 'light',
    colorModeSwitch: template.darkTemplate ?? false,
    dark: 'dark' in parts ? parts.dark : {},
    externalSignIn: template.externalSignIn ?? false,
  };
}

/** A tenant variant's override (the tenant's `profile` column): its brand over the application's look. */
export function tenantOverride(b: Brand, withDarkTemplate: boolean): PortalProfileOverride {
  return brandParts(b, withDarkTemplate);
}
