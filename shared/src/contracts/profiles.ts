import * as v from 'valibot';

/**
 * The portal profile of an application and tenant (portal spec §1–§3, §9; design.md §4): its
 * appearance and its per-application behaviour, as data. The API stores a full profile per
 * application and a partial override per tenant, merges them and returns the result; the browser
 * never decides any of this from an application's name.
 */

/** Sign-in looks (portal spec §2). `certificate` renders `classic` until the certificate screen exists. */
export const SIGN_IN_VARIANTS = ['classic', 'twoColumn', 'translated', 'myself', 'certificate'] as const;
export type SignInVariant = (typeof SIGN_IN_VARIANTS)[number];

/** The screen that confirms a sent e-mail (portal spec §2). */
export const EMAIL_SENT_ROUTES = ['/check-email', '/alert'] as const;
export type EmailSentRouteName = (typeof EMAIL_SENT_ROUTES)[number];

export const PROFILE_LANGUAGES = ['es', 'en', 'pt'] as const;
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

/** Colours of the individual pieces of the public screens (portal spec §3 "Theme per app/tenant"). */
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
  signInVariant: SignInVariant;
  emailSentRoute: EmailSentRouteName;
  showBuyLink: boolean;
  showFreeTrial: boolean;
  /** Tenant applied when the page names none (myselfcert for the three myself-style applications). */
  defaultTenant: string;
  /** Language when `bms_lang` is not set. */
  defaultLanguage: ProfileLanguage;
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/** A tenant's (or an edit's) partial profile: any subset, nested objects merged key by key. */
export type PortalProfileOverride = DeepPartial<Omit<PortalProfile, 'app' | 'tenant'>>;

/** GET /api/application/profile — headers `appName` and optional `tenant`; reply `result` is a PortalProfile. */
export const PORTAL_PROFILE_PATH = '/api/application/profile';

const name = v.pipe(v.string(), v.trim(), v.maxLength(50), v.regex(/^[\w.-]*$/, 'appName no es válido'));

/** Headers of GET /api/application/profile. An unknown or missing appName answers the fallback profile. */
export const PortalProfileHeadersSchema = v.object({
  appName: v.optional(name),
  tenant: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50), v.regex(/^[\w.-]*$/, 'tenant no es válido'))),
});

/** Title of the fallback profile served for an unknown application (portal spec §1). */
export const FALLBACK_TITLE = 'GSE Suite';
