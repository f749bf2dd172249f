import * as v from 'valibot';
import { es } from '../phrases/es';
import { resultSchema } from './envelope';
import {
  COLOR_MODES,
  DEFAULT_PROFILE,
  EMAIL_SENT_ROUTES,
  PROFILE_LANGUAGES,
  SIGN_IN_VARIANTS,
  profileInMode,
  type PortalProfile,
  type PortalProfileOverride,
} from './profiles';
import { contrastFailures, type ContrastFailure } from './profileContrast';
import { VALIDATION_MESSAGES, formatMessage, maxMessage } from './validation';

/**
 * The Apariencia tab of the application form: an application's portal profile (docs/architecture.md §4,
 * ADR 0007) and its tenants' overrides, edited in the console. The same schemas validate the
 * form and the API's bodies; a colour pair the public screens draw below WCAG AA is refused.
 * The title is the application's (Datos Básicos), so it is not part of the appearance.
 */

export const APPEARANCE_MESSAGES = es.appearance;

export const APPEARANCE_PATHS = {
  /** GET, header `idApplication`: the application's own profile and its tenants' overrides. */
  read: '/api/application/appearance',
  /** POST: the application's whole appearance. */
  modify: '/api/application/modifyAppearance',
  /** POST: one tenant's title, language and override. */
  modifyTenant: '/api/application/modifyTenantAppearance',
  /** POST: an image for the profile; answers its `relativePath`. */
  uploadImage: '/api/application/uploadImage',
} as const;

/** Where uploaded images are served: `/api/images/<sha-256>.<extension>`, immutable. */
export const STORED_IMAGES_PATH = '/api/images';

/** Upload limits (docs/product/applications.md, Apariencia: 2 MB, as the menus' uploads). */
export const IMAGE_MAX_BYTES = 2_097_152;
/**
 * Upload limits on what an image decodes to, whatever its format: a few bytes can declare a
 * picture that takes gigabytes once a visitor's browser decodes it (docs/security/storage-and-input.md).
 */
export const IMAGE_MAX_SIDE = 4096;
export const IMAGE_MAX_PIXELS = 16_000_000;
export const IMAGE_FILE_NAME_MAX = 200;
/** Image types an appearance accepts, told by content (never by the name). */
export const APPEARANCE_IMAGE_TYPES = ['png', 'jpg', 'webp', 'ico'] as const;
export type AppearanceImageType = (typeof APPEARANCE_IMAGE_TYPES)[number];

export const LOGO_WIDTH_MIN = 40;
export const LOGO_WIDTH_MAX = 600;
/**
 * A CSS font-family list: comma-separated families, each unquoted words (letters, digits, `_`,
 * `-`, spaces) or one quoted name ("…" or '…') with no other quote inside. It is written into
 * style sheets (the server-drawn skeleton among them), so an unbalanced quote must not get through.
 */
const FONT_FAMILY_ITEM = /^(?:[\w -]+|"[\w -]+"|'[\w -]+')$/;
export function isFontFamilyList(value: string): boolean {
  // spaces only: no line breaks or tabs in a style sheet's value
  if (value.length === 0 || value.length > 100 || /[^\S ]/.test(value)) return false;
  const families: string[] = [];
  let current = '';
  let quote = '';
  for (const char of value) {
    if (quote) {
      current += char;
      if (char === quote) quote = '';
    } else if (char === ',') {
      families.push(current);
      current = '';
    } else {
      if (char === '"' || char === "'") quote = char;
      current += char;
    }
  }
  families.push(current);
  return quote === '' && families.every((family) => FONT_FAMILY_ITEM.test(family.trim()));
}

/** '#rgb' or '#rrggbb'. */
export const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * An image the suite serves itself: a brand mark under /brand/ or an uploaded image. Anything else
 * (another origin, a data: URL, a path climbing out) is refused: the profile reaches every
 * visitor's page, and the page's CSP allows images from its own origin only.
 */
export function isSuiteImagePath(value: string): boolean {
  if (value.includes('..') || value.includes('//') || value.includes('\\')) return false;
  return /^\/brand\/[\w-]+(\/[\w.-]+)+$/.test(value) || new RegExp(`^${STORED_IMAGES_PATH}/[0-9a-f]{64}\\.(png|jpg|webp|ico)$`).test(value);
}

const colour = v.pipe(v.string(APPEARANCE_MESSAGES.colourInvalid), v.trim(), v.regex(HEX_COLOUR, APPEARANCE_MESSAGES.colourInvalid));
const image = v.pipe(
  v.string(APPEARANCE_MESSAGES.imageInvalid),
  v.trim(),
  v.maxLength(300, maxMessage(300)),
  v.check(isSuiteImagePath, APPEARANCE_MESSAGES.imageInvalid),
);
/** The page's background image may be none. */
const optionalImage = v.union([v.literal(''), image], APPEARANCE_MESSAGES.imageInvalid);
const required = VALIDATION_MESSAGES.required;

const shades = { light: colour, main: colour, dark: colour };
const logos = {
  signIn: image,
  rememberPassword: image,
  checkEmail: image,
  invalidLink: image,
  changePassword: image,
  successAlert: image,
  expireTime: image,
  checkEmailAgain: image,
  maintenance: image,
  white: image,
};
const palette = {
  primary: v.strictObject({ ...shades, iconSend: colour }),
  secondary: v.strictObject({ ...shades, titleText: colour }),
  info: v.strictObject(shades),
  error: v.strictObject(shades),
};
const colors = {
  input: v.strictObject({ text: colour, border: colour, focus: colour, label: colour, background: colour }),
  button: v.strictObject({ active: colour, text: colour, disabled: colour, disabledText: colour, success: colour, disabledReset: colour }),
  link: colour,
  message: colour,
  versionLabel: colour,
  alert: v.strictObject({ text: colour, image }),
  forgotPassword: colour,
  selectAccount: v.strictObject({ background: colour, text: colour, selected: colour }),
  loading: colour,
  errorBox: v.strictObject({ text: colour, background: colour }),
  background: colour,
  surface: colour,
};
const partialOf = <E extends v.ObjectEntries>(entries: E) =>
  v.strictObject(
    Object.fromEntries(Object.entries(entries).map(([k, s]) => [k, v.optional(s)])) as {
      [K in keyof E]: v.OptionalSchema<E[K], undefined>;
    },
  );
const dark = v.strictObject({
  textColor: v.optional(colour),
  background: v.optional(optionalImage),
  logos: v.optional(partialOf(logos)),
  palette: v.optional(
    partialOf(
      Object.fromEntries(Object.entries(palette).map(([k, s]) => [k, partialOf(s.entries)])) as {
        [K in keyof typeof palette]: ReturnType<typeof partialOf<(typeof palette)[K]['entries']>>;
      },
    ),
  ),
  colors: v.optional(
    partialOf({
      ...colors,
      input: partialOf(colors.input.entries),
      button: partialOf(colors.button.entries),
      alert: partialOf(colors.alert.entries),
      selectAccount: partialOf(colors.selectAccount.entries),
      errorBox: partialOf(colors.errorBox.entries),
    }),
  ),
});

const appearanceEntries = {
  favicon: image,
  background: optionalImage,
  logos: v.strictObject(logos),
  logoWidth: v.pipe(
    v.number(required),
    v.integer(required),
    v.minValue(LOGO_WIDTH_MIN, formatMessage(es.applications.minValue, { min: LOGO_WIDTH_MIN })),
    v.maxValue(LOGO_WIDTH_MAX, formatMessage(es.applications.maxValue, { max: LOGO_WIDTH_MAX })),
  ),
  palette: v.strictObject(palette),
  colors: v.strictObject(colors),
  fontFamily: v.pipe(v.string(required), v.trim(), v.check(isFontFamilyList, APPEARANCE_MESSAGES.fontInvalid)),
  textColor: colour,
  colorMode: v.picklist(COLOR_MODES, required),
  colorModeSwitch: v.boolean(required),
  dark,
  signInVariant: v.picklist(SIGN_IN_VARIANTS, required),
  emailSentRoute: v.picklist(EMAIL_SENT_ROUTES, required),
  showBuyLink: v.boolean(required),
  showFreeTrial: v.boolean(required),
  externalSignIn: v.boolean(required),
  /** '' or one of the application's tenants (checked by the API). */
  defaultTenant: v.pipe(
    v.string(required),
    v.trim(),
    v.maxLength(50, maxMessage(50)),
    v.regex(/^[a-z0-9_-]*$/, APPEARANCE_MESSAGES.tenantUnknown),
  ),
  defaultLanguage: v.picklist(PROFILE_LANGUAGES, required),
};

/** An application's own appearance: its portal profile without app, tenant and title. */
export type ApplicationAppearance = Omit<PortalProfile, 'app' | 'tenant' | 'title'>;
export const ApplicationAppearanceSchema = resultSchema<ApplicationAppearance>()(v.strictObject(appearanceEntries));

/** JSON with its keys sorted: two equal appearances (or overrides) compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** The appearance part of a profile (what the tab edits). */
export function appearanceOf(profile: PortalProfile): ApplicationAppearance {
  const { app: _app, tenant: _tenant, title: _title, ...appearance } = profile;
  return appearance;
}

const id = v.pipe(
  v.number(required),
  v.integer(es.request.invalidId),
  v.minValue(1, es.request.invalidId),
  v.maxValue(2_147_483_647, es.request.invalidId),
);
const tenantCode = v.pipe(
  v.string(required),
  v.trim(),
  v.nonEmpty(required),
  v.maxLength(50, maxMessage(50)),
  v.regex(/^[a-z0-9_-]+$/, APPEARANCE_MESSAGES.tenantUnknown),
);

/** Headers of GET /api/application/appearance: the application's id. */
export const AppearanceHeadersSchema = v.object({
  idApplication: v.pipe(
    v.string(required),
    v.trim(),
    v.regex(/^\d{1,9}$/, es.request.invalidId),
    v.transform(Number),
    v.minValue(1, es.request.invalidId),
  ),
});

/** POST /api/application/modifyAppearance body. Unchanged: 400 'No hay cambios para guardar'. */
export const ModifyAppearanceRequestSchema = v.strictObject({ id, appearance: ApplicationAppearanceSchema });
export type ModifyAppearanceRequest = v.InferOutput<typeof ModifyAppearanceRequestSchema>;

/** What a tenant may override: any subset of the appearance but its default tenant. */
const { defaultTenant: _defaultTenant, ...overridable } = appearanceEntries;
export const TenantOverrideSchema = partialOf({
  ...overridable,
  logos: partialOf(logos),
  palette: dark.entries.palette.wrapped,
  colors: dark.entries.colors.wrapped,
});
export type TenantOverride = v.InferOutput<typeof TenantOverrideSchema>;

/** POST /api/application/modifyTenantAppearance body: the tenant's title, language and override. */
export const ModifyTenantAppearanceRequestSchema = v.strictObject({
  id,
  code: tenantCode,
  title: v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(60, maxMessage(60))),
  defaultLanguage: v.picklist(PROFILE_LANGUAGES, required),
  override: TenantOverrideSchema,
});
export type ModifyTenantAppearanceRequest = v.InferOutput<typeof ModifyTenantAppearanceRequestSchema>;

/** POST /api/application/uploadImage body: the file's name and its bytes in base64. */
export const UploadImageRequestSchema = v.strictObject({
  id,
  fileName: v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(IMAGE_FILE_NAME_MAX, APPEARANCE_MESSAGES.fileNameLong)),
  // base64 of at most IMAGE_MAX_BYTES (4 characters per 3 bytes); the decoded size is checked again
  imageBase64: v.pipe(
    v.string(required),
    v.nonEmpty(required),
    v.maxLength(Math.ceil(IMAGE_MAX_BYTES / 3) * 4 + 4, APPEARANCE_MESSAGES.imageTooLarge),
  ),
});
export type UploadImageRequest = v.InferOutput<typeof UploadImageRequestSchema>;

export interface UploadImageResult {
  relativePath: string;
  width: number;
  height: number;
}
export const UploadImageResultSchema = resultSchema<UploadImageResult>()(
  v.object({ relativePath: v.string(), width: v.number(), height: v.number() }),
);

export interface TenantAppearance {
  code: string;
  title: string;
  defaultLanguage: string;
  override: PortalProfileOverride;
}

/** GET /api/application/appearance result. */
export interface ApplicationAppearanceResult {
  id: number;
  name: string;
  title: string;
  appearance: ApplicationAppearance;
  tenants: TenantAppearance[];
}
export const ApplicationAppearanceResultSchema = resultSchema<ApplicationAppearanceResult>()(
  v.object({
    id: v.number(),
    name: v.string(),
    title: v.string(),
    appearance: v.object({
      ...appearanceEntries,
      colorMode: v.picklist(COLOR_MODES),
      defaultLanguage: v.picklist(PROFILE_LANGUAGES),
    }) as unknown as v.GenericSchema<ApplicationAppearance>,
    tenants: v.array(
      v.object({
        code: v.string(),
        title: v.string(),
        defaultLanguage: v.string(),
        override: v.record(v.string(), v.unknown()) as v.GenericSchema<PortalProfileOverride>,
      }),
    ),
  }),
);

/** A contrast failure in one template, as the tab and the API's refusal show it. */
export interface AppearanceContrastIssue extends ContrastFailure {
  mode: (typeof COLOR_MODES)[number];
}

/**
 * The colour pairs below WCAG AA in the templates a visitor can see: the starting one, and the
 * other when the page offers the switch.
 */
export function appearanceContrastIssues(profile: PortalProfile): AppearanceContrastIssue[] {
  const modes = profile.colorModeSwitch ? COLOR_MODES : [profile.colorMode];
  return modes.flatMap((mode) => contrastFailures(profileInMode(profile, mode)).map((failure) => ({ mode, ...failure })));
}

/** The refusal's text for the first failing pair: 'colors.link sobre colors.surface: 2.31:1 …'. */
export function contrastMessage(issue: AppearanceContrastIssue): string {
  const [text, background] = issue.field.split('/');
  return formatMessage(APPEARANCE_MESSAGES.contrastTooLow, {
    text,
    background,
    ratio: issue.ratio.toFixed(2),
    mode: issue.mode === 'dark' ? APPEARANCE_MESSAGES.modeDark : APPEARANCE_MESSAGES.modeLight,
  });
}

/** The profile an appearance gives (for the preview and the check), with the application's title. */
export function profileFromAppearance(app: string, title: string, appearance: ApplicationAppearance): PortalProfile {
  return { ...DEFAULT_PROFILE, ...appearance, app, tenant: '', title };
}
