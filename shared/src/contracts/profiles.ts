import * as v from 'valibot';
import { LANGUAGES } from '../phrases/core';
import { es } from '../phrases/es';
import { resultSchema } from './envelope';
import { APP_NAME_PATTERN, FALLBACK_APP } from './messages';
import { maxMessage } from './validation';

/**
 * The portal profile of an application and tenant (docs/product/portal.md, The portal profile;
 * docs/architecture.md §4): its appearance and its per-application behaviour, as data. The API
 * stores a full profile per application and a partial override per tenant, merges them and returns
 * the result; the browser never decides any of this from an application's name.
 */

/**
 * Sign-in looks (docs/product/portal.md, The portal profile). `certificate` renders `classic` until
 * the certificate screen exists.
 */
export const SIGN_IN_VARIANTS = ['classic', 'twoColumn', 'translated', 'myself', 'certificate'] as const;
export type SignInVariant = (typeof SIGN_IN_VARIANTS)[number];

/** The screen that confirms a sent e-mail (docs/product/portal.md, The portal profile). */
export const EMAIL_SENT_ROUTES = ['/check-email', '/alert'] as const;
export type EmailSentRouteName = (typeof EMAIL_SENT_ROUTES)[number];

export const PROFILE_LANGUAGES = LANGUAGES;
export type ProfileLanguage = (typeof PROFILE_LANGUAGES)[number];

/** Light or dark template (the myself-style sign-in has a switch between them). */
export const COLOR_MODES = ['light', 'dark'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

export interface PaletteShades {
  light: string;
  main: string;
  dark: string;
}

/** Image paths, relative to the page's origin (served by the suite), one per screen that shows a logo. */
export interface ProfileLogos {
  signIn: string;
  rememberPassword: string;
  checkEmail: string;
  invalidLink: string;
  changePassword: string;
  successAlert: string;
  expireTime: string;
  checkEmailAgain: string;
  maintenance: string;
  /** The logo on dark backgrounds (top bar, dark template). */
  white: string;
}

export interface ProfilePalette {
  primary: PaletteShades & { iconSend: string };
  secondary: PaletteShades & { titleText: string };
  info: PaletteShades;
  error: PaletteShades;
}

/** Colours of the individual pieces of the public screens (docs/product/portal.md, The portal profile). */
export interface ProfileColors {
  input: { text: string; border: string; focus: string; label: string; background: string };
  button: { active: string; text: string; disabled: string; disabledText: string; success: string; disabledReset: string };
  link: string;
  message: string;
  versionLabel: string;
  alert: { text: string; image: string };
  forgotPassword: string;
  selectAccount: { background: string; text: string; selected: string };
  loading: string;
  errorBox: { text: string; background: string };
  /** Page background colour of the public screens (under the background image, if any). */
  background: string;
  /** Background of the cards and forms on it. */
  surface: string;
}

/**
 * What changes in the dark template: any subset of the colours, palette, page text and logos,
 * merged over the light profile (see `profileInMode`). Empty for applications without one.
 */
export interface ProfileDarkTemplate {
  textColor?: string;
  /** Background image of the public screens in the dark template. */
  background?: string;
  logos?: Partial<ProfileLogos>;
  palette?: { [K in keyof ProfilePalette]?: Partial<ProfilePalette[K]> };
  colors?: { [K in keyof ProfileColors]?: ProfileColors[K] extends object ? Partial<ProfileColors[K]> : ProfileColors[K] };
}

export interface PortalProfile {
  /** Canonical application name the portal speaks as (ibuhoo when the requested one is unknown). */
  app: string;
  /** Tenant whose overrides were applied ('' for none). */
  tenant: string;
  /** Document title. */
  title: string;
  /** Favicon path. */
  favicon: string;
  /** Background image path of the public screens ('' for none). */
  background: string;
  logos: ProfileLogos;
  /** Width of the sign-in logo, in CSS pixels. */
  logoWidth: number;
  palette: ProfilePalette;
  colors: ProfileColors;
  /** 'Muli, Arial, sans-serif'. */
  fontFamily: string;
  /** Page text colour, '#575756'. */
  textColor: string;
  /** Template the public screens start in. */
  colorMode: ColorMode;
  /** Whether the public screens offer the dark/light switch (the myself-style look). */
  colorModeSwitch: boolean;
  /** The dark template's differences from the light one. */
  dark: ProfileDarkTemplate;
  signInVariant: SignInVariant;
  emailSentRoute: EmailSentRouteName;
  showBuyLink: boolean;
  showFreeTrial: boolean;
  /** Whether the sign-in screen offers the external identity provider button (docs/security/oidc.md). */
  externalSignIn: boolean;
  /** Tenant applied when the page names none (myselfcert for the three myself-style applications). */
  defaultTenant: string;
  /** Language when `bms_lang` is not set. */
  defaultLanguage: ProfileLanguage;
}

/** The schemas of a profile's parts, each tied to its type above (resultSchema). */
const shadesEntries = { light: v.string(), main: v.string(), dark: v.string() };
const logosEntries = {
  signIn: v.string(),
  rememberPassword: v.string(),
  checkEmail: v.string(),
  invalidLink: v.string(),
  changePassword: v.string(),
  successAlert: v.string(),
  expireTime: v.string(),
  checkEmailAgain: v.string(),
  maintenance: v.string(),
  white: v.string(),
};
const paletteEntries = {
  primary: v.object({ ...shadesEntries, iconSend: v.string() }),
  secondary: v.object({ ...shadesEntries, titleText: v.string() }),
  info: v.object(shadesEntries),
  error: v.object(shadesEntries),
};
const colorsEntries = {
  input: v.object({ text: v.string(), border: v.string(), focus: v.string(), label: v.string(), background: v.string() }),
  button: v.object({
    active: v.string(),
    text: v.string(),
    disabled: v.string(),
    disabledText: v.string(),
    success: v.string(),
    disabledReset: v.string(),
  }),
  link: v.string(),
  message: v.string(),
  versionLabel: v.string(),
  alert: v.object({ text: v.string(), image: v.string() }),
  forgotPassword: v.string(),
  selectAccount: v.object({ background: v.string(), text: v.string(), selected: v.string() }),
  loading: v.string(),
  errorBox: v.object({ text: v.string(), background: v.string() }),
  background: v.string(),
  surface: v.string(),
};
const ProfileDarkTemplateSchema = resultSchema<ProfileDarkTemplate>()(
  v.object({
    textColor: v.optional(v.string()),
    background: v.optional(v.string()),
    logos: v.optional(v.partial(v.object(logosEntries))),
    palette: v.optional(
      v.partial(
        v.object({
          primary: v.partial(paletteEntries.primary),
          secondary: v.partial(paletteEntries.secondary),
          info: v.partial(paletteEntries.info),
          error: v.partial(paletteEntries.error),
        }),
      ),
    ),
    colors: v.optional(
      v.partial(
        v.object({
          ...colorsEntries,
          input: v.partial(colorsEntries.input),
          button: v.partial(colorsEntries.button),
          alert: v.partial(colorsEntries.alert),
          selectAccount: v.partial(colorsEntries.selectAccount),
          errorBox: v.partial(colorsEntries.errorBox),
        }),
      ),
    ),
  }),
);

/** GET /api/application/profile reply `result`. */
export const PortalProfileSchema = resultSchema<PortalProfile>()(
  v.object({
    app: v.string(),
    tenant: v.string(),
    title: v.string(),
    favicon: v.string(),
    background: v.string(),
    logos: resultSchema<ProfileLogos>()(v.object(logosEntries)),
    logoWidth: v.number(),
    palette: resultSchema<ProfilePalette>()(v.object(paletteEntries)),
    colors: resultSchema<ProfileColors>()(v.object(colorsEntries)),
    fontFamily: v.string(),
    textColor: v.string(),
    colorMode: v.picklist(COLOR_MODES),
    colorModeSwitch: v.boolean(),
    dark: ProfileDarkTemplateSchema,
    signInVariant: v.picklist(SIGN_IN_VARIANTS),
    emailSentRoute: v.picklist(EMAIL_SENT_ROUTES),
    showBuyLink: v.boolean(),
    showFreeTrial: v.boolean(),
    externalSignIn: v.boolean(),
    defaultTenant: v.string(),
    defaultLanguage: v.picklist(PROFILE_LANGUAGES),
  }),
);

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/** A tenant's (or an edit's) partial profile: any subset, nested objects merged key by key. */
export type PortalProfileOverride = DeepPartial<Omit<PortalProfile, 'app' | 'tenant'>>;

/** GET /api/application/profile — headers `appName` and optional `tenant`; reply `result` is a PortalProfile. */
export const PORTAL_PROFILE_PATH = '/api/application/profile';

const name = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(50, maxMessage(50)),
  v.check((value) => value === '' || APP_NAME_PATTERN.test(value), es.request.appNameInvalid),
);

/** Headers of GET /api/application/profile. An unknown or missing appName answers the fallback profile. */
export const PortalProfileHeadersSchema = v.object({
  appName: v.optional(name),
  tenant: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, maxMessage(50)), v.regex(/^[\w.-]*$/, es.request.tenantInvalid))),
});

/** Title of the fallback profile served for an unknown application (docs/product/portal.md, Applications and tenants). */
export const FALLBACK_TITLE = 'GSE Suite';

const fallbackLogo = '/brand/ibuhoo/logo.svg';

/**
 * The fallback application's look (docs/product/portal.md, Applications and tenants): what the page
 * shows until the API's profile has arrived or when it cannot be read, and the base every stored
 * profile is merged over, so a field missing from the database still has a value of the right type.
 */
export const DEFAULT_PROFILE: PortalProfile = {
  app: FALLBACK_APP,
  tenant: '',
  title: FALLBACK_TITLE,
  favicon: '/brand/ibuhoo/favicon.svg',
  background: '',
  logos: {
    signIn: fallbackLogo,
    rememberPassword: fallbackLogo,
    checkEmail: fallbackLogo,
    invalidLink: fallbackLogo,
    changePassword: fallbackLogo,
    successAlert: fallbackLogo,
    expireTime: fallbackLogo,
    checkEmailAgain: fallbackLogo,
    maintenance: fallbackLogo,
    white: '/brand/ibuhoo/logo-white.svg',
  },
  logoWidth: 180,
  palette: {
    primary: { light: '#4f8fd1', main: '#1d5fa8', dark: '#123f72', iconSend: '#1d5fa8' },
    secondary: { light: '#f2f5f9', main: '#e3e9f1', dark: '#5b6b80', titleText: '#123f72' },
    info: { light: '#e6f1fb', main: '#1f6fb2', dark: '#154c7a' },
    error: { light: '#fdecea', main: '#c62828', dark: '#8e1c1c' },
  },
  colors: {
    input: { text: '#575756', border: '#8a8a8a', focus: '#1d5fa8', label: '#575756', background: '#ffffff' },
    button: {
      active: '#1d5fa8',
      text: '#ffffff',
      disabled: '#c9d3df',
      disabledText: '#3d3d3d',
      success: '#2e7d32',
      disabledReset: '#c9d3df',
    },
    link: '#1d5fa8',
    message: '#575756',
    versionLabel: '#575756',
    alert: { text: '#575756', image: fallbackLogo },
    forgotPassword: '#1d5fa8',
    selectAccount: { background: '#ffffff', text: '#575756', selected: '#1d5fa8' },
    loading: '#1d5fa8',
    errorBox: { text: '#8e1c1c', background: '#fdecea' },
    background: '#f4f6f9',
    surface: '#ffffff',
  },
  fontFamily: 'Muli, Arial, sans-serif',
  textColor: '#575756',
  colorMode: 'light',
  colorModeSwitch: false,
  dark: {},
  signInVariant: 'classic',
  emailSentRoute: '/alert',
  showBuyLink: false,
  showFreeTrial: false,
  externalSignIn: false,
  defaultTenant: '',
  defaultLanguage: 'es',
};

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `base` with the values of `override` laid over it, key by key and recursively, for the keys
 * `shape` has and only when a value has the JSON type `shape` gives it: stored data is edited by
 * hand, and a misspelt or mistyped field must not reach the page.
 */
function mergeShaped(base: Json | undefined, override: unknown, shape: Json): Json {
  const out: Json = {};
  const over = isRecord(override) ? override : {};
  for (const key of Object.keys(shape)) {
    const expected = shape[key];
    const current = base?.[key];
    const next = over[key];
    if (isRecord(expected)) {
      if (isRecord(current) || isRecord(next)) out[key] = mergeShaped(isRecord(current) ? current : undefined, next, expected);
    } else if (next !== undefined && typeof next === typeof expected) {
      out[key] = next;
    } else if (current !== undefined) {
      out[key] = current;
    }
  }
  return out;
}

/** The fields the dark template may change, with their types (see ProfileDarkTemplate). */
const DARK_SHAPE: Json = {
  textColor: DEFAULT_PROFILE.textColor,
  background: DEFAULT_PROFILE.background,
  logos: DEFAULT_PROFILE.logos,
  palette: DEFAULT_PROFILE.palette,
  colors: DEFAULT_PROFILE.colors,
};

const oneOf = <T extends string>(values: readonly T[], value: unknown, otherwise: T): T =>
  (values as readonly unknown[]).includes(value) ? (value as T) : otherwise;

/**
 * A profile with overrides laid over it in order (a tenant's over its application's): nested
 * objects merged key by key; unknown keys, wrongly typed values and values outside an enumeration
 * ignored. `app` and `tenant` are never overridden.
 */
export function mergeProfile(base: PortalProfile, ...overrides: unknown[]): PortalProfile {
  let profile = base;
  for (const override of overrides) {
    if (!isRecord(override)) continue;
    const { app, tenant, dark, ...rest } = override;
    void app;
    void tenant;
    const merged = mergeShaped(profile as unknown as Json, rest, {
      ...DEFAULT_PROFILE,
      dark: {},
    } as unknown as Json) as unknown as PortalProfile;
    const logoWidth =
      typeof rest.logoWidth === 'number' && Number.isFinite(rest.logoWidth) && rest.logoWidth > 0 ? rest.logoWidth : profile.logoWidth;
    profile = {
      ...merged,
      app: profile.app,
      tenant: profile.tenant,
      logoWidth,
      dark: mergeShaped(profile.dark as Json, dark, DARK_SHAPE) as ProfileDarkTemplate,
      signInVariant: oneOf(SIGN_IN_VARIANTS, rest.signInVariant, profile.signInVariant),
      emailSentRoute: oneOf(EMAIL_SENT_ROUTES, rest.emailSentRoute, profile.emailSentRoute),
      defaultLanguage: oneOf(PROFILE_LANGUAGES, rest.defaultLanguage, profile.defaultLanguage),
      colorMode: oneOf(COLOR_MODES, rest.colorMode, profile.colorMode),
    };
  }
  return profile;
}

/** The profile as the screens see it in a template: the dark one lays `dark` over the light one. */
export function profileInMode(profile: PortalProfile, mode: ColorMode): PortalProfile {
  if (mode === profile.colorMode && mode === 'light') return profile;
  const inMode = mode === 'dark' ? mergeProfile(profile, profile.dark) : profile;
  return { ...inMode, colorMode: mode };
}
export * from './profileContrast';
