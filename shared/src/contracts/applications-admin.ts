import * as v from 'valibot';
import { es } from '../phrases/es';
import { resultSchema } from './envelope';
import { SECOND_FACTOR_POLICIES, type SecondFactorPolicy } from './factors';
import { TimeZoneSchema } from './notifications';
import { VALIDATION_MESSAGES, formatMessage, maxMessage } from './validation';

/**
 * The applications section of the console (docs/product/applications.md). The same schemas validate
 * the form (mfe-apps) and the API's request bodies. RESETOTP, a hidden application, is never listed
 * here and cannot be made visible.
 */

export const APPLICATION_MESSAGES = es.applications;

/** The hidden application of the OTP reset: never listed, never made visible, never renamed. */
export const HIDDEN_APPLICATION = 'RESETOTP';

/** Application name / title / description (docs/product/applications.md, Limits). */
export const APPLICATION_NAME_MAX = 50;
export const APPLICATION_TITLE_MAX = 60;
export const APPLICATION_TITLE_MIN = 2;
export const APPLICATION_DESCRIPTION_MAX = 100;
/** Time amounts: up to 6 digits (docs/product/applications.md, Numbers and units). */
export const TIME_AMOUNT_MAX = 999_999;
/** Token time caps per unit: 525600 minutes, 8760 hours, 365 days (docs/product/applications.md, Numbers and units). */
export const TOKEN_TIME_CAPS: Record<number, number> = { 1: 525_600, 2: 8_760, 3: 365 };
/** Concurrent and refresh tokens: up to 255 (docs/product/applications.md, Fields). */
export const TOKENS_MAX = 255;
/** passwordExpiration: up to 10 digits, bounded by what the column stores. */
export const PASSWORD_EXPIRATION_MAX = 2_147_483_647;
/** Password expiration type: 3 days, 4 months (mechanismAfterSetPass: MECHANISM_AFTER_SET_PASS). Time units: TIME_UNIT. */
export const PASSWORD_EXPIRATION_TYPE = { days: 3, months: 4 } as const;
/** Application state: 0 active, 1 inactive (docs/product/applications.md, Fields). */
export const APPLICATION_STATE = { active: 0, inactive: 1 } as const;
/** Defaults (docs/product/applications.md, Limits). */
export const APPLICATION_DEFAULTS = { maxRefreshTokens: -1, maxConcurrentTokens: 1, maxConcurrentTokensByUser: -1 } as const;

/** The unit's name as amountTimeComb shows it ('60 Minutos'). */
export const TIME_UNIT_NAMES: Record<number, string> = {
  1: APPLICATION_MESSAGES.unitMinutes,
  2: APPLICATION_MESSAGES.unitHours,
  3: APPLICATION_MESSAGES.unitDays,
};
/** amountTime and timeUnit together; `render` gives the unit's name in a page's language (a screen's useLocalize()). */
export const amountTimeComb = (amount: number, unit: number, render: (text: string) => string = (text) => text) =>
  `${amount} ${render(TIME_UNIT_NAMES[unit] ?? '')}`.trim();

const required = VALIDATION_MESSAGES.required;
const minValue = (min: number) => formatMessage(APPLICATION_MESSAGES.minValue, { min });
const maxValue = (max: number) => formatMessage(APPLICATION_MESSAGES.maxValue, { max });
const numeric = (attribute: string) => formatMessage(VALIDATION_MESSAGES.numeric, { attribute });

/** Letters (Spanish accents and ñ included), digits and spaces. */
const APPLICATION_TEXT = /^[A-Za-z0-9ÁÉÍÓÚÜÑáéíóúüñ ]+$/;

export const ApplicationNameSchema = v.pipe(
  v.string(required),
  v.trim(),
  v.nonEmpty(required),
  v.maxLength(APPLICATION_NAME_MAX, maxMessage(APPLICATION_NAME_MAX)),
  v.regex(APPLICATION_TEXT, APPLICATION_MESSAGES.nameChars),
);
export const ApplicationTitleSchema = v.pipe(
  v.string(required),
  v.trim(),
  v.nonEmpty(required),
  v.minLength(APPLICATION_TITLE_MIN, APPLICATION_MESSAGES.titleMin),
  v.maxLength(APPLICATION_TITLE_MAX, maxMessage(APPLICATION_TITLE_MAX)),
  v.regex(APPLICATION_TEXT, APPLICATION_MESSAGES.nameChars),
);
const DescriptionSchema = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(APPLICATION_DESCRIPTION_MAX, maxMessage(APPLICATION_DESCRIPTION_MAX))),
  '',
);

const isHttpUrl = (value: string) => {
  // a page of the suite's own origin ('/users', as the console's own application has)
  if (/^\/[^/\\]/.test(value)) return !/\s/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};
/** urlApp, urlAssignPassword, landing: required, a valid http(s) URL (or a path of the suite's own origin). */
export const ApplicationUrlSchema = v.pipe(
  v.string(required),
  v.trim(),
  v.nonEmpty(required),
  v.maxLength(2000, maxMessage(2000)),
  v.check(isHttpUrl, APPLICATION_MESSAGES.urlInvalid),
);

/** A whole number, named in the numeric message. */
const integer = (attribute: string) => v.pipe(v.number(numeric(attribute)), v.integer(numeric(attribute)));
/** A time unit: 1, 2 or 3; 0 (nothing chosen) or absent is the shared required message. */
const TimeUnitSchema = v.pipe(v.optional(v.number(required), 0), v.picklist([1, 2, 3], required));
/** amountTime and refresh expiration: -1 or 1..999999 (the unit's cap is checked on the object). */
const SignedTimeSchema = (attribute: string) =>
  v.pipe(
    integer(attribute),
    v.minValue(-1, minValue(-1)),
    v.maxValue(TIME_AMOUNT_MAX, maxValue(TIME_AMOUNT_MAX)),
    v.check((n) => n !== 0, APPLICATION_MESSAGES.notZero),
  );
/** userActivate and assignPassword times: 1..999999 (not below 0, not 0). */
const PositiveTimeSchema = (attribute: string) =>
  v.pipe(
    integer(attribute),
    v.minValue(0, minValue(0)),
    v.maxValue(TIME_AMOUNT_MAX, maxValue(TIME_AMOUNT_MAX)),
    v.check((n) => n !== 0, APPLICATION_MESSAGES.notZero),
  );
/** -1 (no limit) or 1..max. */
const LimitSchema = (attribute: string, max: number) =>
  v.pipe(
    integer(attribute),
    v.minValue(-1, minValue(-1)),
    v.maxValue(max, maxValue(max)),
    v.check((n) => n !== 0, APPLICATION_MESSAGES.notZero),
  );

/** The four (amount, unit) pairs of the Token tab, each capped by its unit. */
const TIME_PAIRS = [
  ['amountTime', 'timeUnit'],
  ['refreshTokenExpirationAmountTime', 'refreshTokenExpirationTimeUnit'],
  ['userActivateTokenTime', 'userActivateTokenTimeUnit'],
  ['assignPasswordTokenTime', 'assignPasswordTokenTimeUnit'],
] as const;

const applicationFields = {
  name: ApplicationNameSchema,
  title: ApplicationTitleSchema,
  urlApp: ApplicationUrlSchema,
  urlAssignPassword: ApplicationUrlSchema,
  landing: ApplicationUrlSchema,
  description: DescriptionSchema,
  /** true Transversal, false Producto. */
  typeApplication: v.boolean(required),
  isVisible: v.boolean(required),
  amountTime: SignedTimeSchema('amountTime'),
  timeUnit: TimeUnitSchema,
  refreshTokenExpirationAmountTime: SignedTimeSchema('refreshTokenExpirationAmountTime'),
  refreshTokenExpirationTimeUnit: TimeUnitSchema,
  userActivateTokenTime: PositiveTimeSchema('userActivateTokenTime'),
  userActivateTokenTimeUnit: TimeUnitSchema,
  assignPasswordTokenTime: PositiveTimeSchema('assignPasswordTokenTime'),
  assignPasswordTokenTimeUnit: TimeUnitSchema,
  maxRefreshTokens: v.optional(LimitSchema('maxRefreshTokens', TOKENS_MAX), APPLICATION_DEFAULTS.maxRefreshTokens),
  maxRefreshTokensByUser: v.pipe(
    integer('maxRefreshTokensByUser'),
    v.minValue(0, minValue(0)),
    v.maxValue(TOKENS_MAX, maxValue(TOKENS_MAX)),
  ),
  isConcurrentSession: v.boolean(required),
  maxConcurrentTokens: v.optional(
    v.pipe(
      integer('maxConcurrentTokens'),
      v.minValue(1, APPLICATION_MESSAGES.concurrentRange),
      v.maxValue(TOKENS_MAX, APPLICATION_MESSAGES.concurrentRange),
    ),
    APPLICATION_DEFAULTS.maxConcurrentTokens,
  ),
  maxConcurrentTokensByUser: v.optional(
    LimitSchema('maxConcurrentTokensByUser', TOKENS_MAX),
    APPLICATION_DEFAULTS.maxConcurrentTokensByUser,
  ),
  numberPasswordChanges: v.pipe(
    integer('numberPasswordChanges'),
    v.minValue(-1, APPLICATION_MESSAGES.fromMinusOne),
    v.maxValue(TIME_AMOUNT_MAX, maxValue(TIME_AMOUNT_MAX)),
  ),
  passwordExpiration: LimitSchema('passwordExpiration', PASSWORD_EXPIRATION_MAX),
  passwordTypeExpiration: v.pipe(v.optional(v.number(required), 0), v.picklist([3, 4], required)),
  mechanismAfterSetPass: v.pipe(v.optional(v.number(required), 0), v.picklist([1, 2], required)),
  /** The sign-in screens ask for the captcha (parameter captchaApply); absent: unchanged (a new application: off). */
  captchaApply: v.optional(v.boolean()),
  /** Second factor 'off' / 'optional' / 'required' (parameter secondFactor); absent: unchanged (a new application: off). */
  secondFactor: v.optional(v.picklist(SECOND_FACTOR_POLICIES, required)),
  /** The sign-in offers a passkey without a password (parameter passkeySignIn); absent: unchanged (a new application: off). */
  passkeySignIn: v.optional(v.boolean()),
  /** IANA zone its notifications are sent in; absent: Colombia's on create, unchanged on modify. */
  timeZone: v.optional(TimeZoneSchema),
};

/** Each time amount within its unit's cap: 525600 min, 8760 h, 365 d (docs/product/applications.md); -1 passes. */
function unitCaps<T extends Record<(typeof TIME_PAIRS)[number][number], number>>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const value = dataset.value;
    for (const [amount, unit] of TIME_PAIRS) {
      const cap = TOKEN_TIME_CAPS[value[unit]];
      if (cap !== undefined && value[amount] > cap) {
        addIssue({
          message: maxValue(cap),
          path: [{ type: 'object', origin: 'value', input: value as Record<string, unknown>, key: amount, value: value[amount] }],
        });
      }
    }
  });
}

/** POST /api/application/create body (every tab of the form; state active). */
const CreateApplicationObject = v.object(applicationFields);
export const CreateApplicationRequestSchema = v.pipe(CreateApplicationObject, unitCaps<v.InferOutput<typeof CreateApplicationObject>>());

/**
 * POST /api/application/modify body: the whole application as the list answers it (the extra
 * fields of the record are ignored), `idState` flipped to switch it on or off. Nothing changed:
 * 400 'No hay cambios para guardar'.
 */
const ModifyApplicationObject = v.object({
  id: v.pipe(
    v.number(required),
    v.integer(es.request.invalidId),
    v.minValue(1, es.request.invalidId),
    v.maxValue(2_147_483_647, es.request.invalidId),
  ),
  idState: v.pipe(v.number(required), v.picklist([0, 1], required)),
  ...applicationFields,
});
export const ModifyApplicationRequestSchema = v.pipe(ModifyApplicationObject, unitCaps<v.InferOutput<typeof ModifyApplicationObject>>());

/** The fields of the form (what a re-sent application is compared on to tell a state toggle). */
export const APPLICATION_FORM_FIELDS = Object.keys(applicationFields) as (keyof typeof applicationFields)[];

/** The state toggle's minimum: the application's id and its new state (the rest re-sent unchanged). */
export const ApplicationStateRequestSchema = v.object({
  id: ModifyApplicationObject.entries.id,
  idState: ModifyApplicationObject.entries.idState,
});

export type CreateApplicationRequest = v.InferOutput<typeof CreateApplicationRequestSchema>;
export type ModifyApplicationRequest = v.InferOutput<typeof ModifyApplicationRequestSchema>;

/** An application as the list and the form show it (docs/product/applications.md, Fields). */
export interface ApplicationAdminRecord {
  id: number;
  name: string;
  title: string;
  urlApp: string;
  urlAssignPassword: string;
  landing: string;
  description: string;
  typeApplication: boolean;
  isVisible: boolean;
  /** 0 active, 1 inactive. */
  idState: number;
  /** ISO-8601. */
  modifiedOn: string;
  amountTime: number;
  timeUnit: number;
  /** amountTime and timeUnit together: '60 Minutos'. */
  amountTimeComb: string;
  refreshTokenExpirationAmountTime: number;
  refreshTokenExpirationTimeUnit: number;
  userActivateTokenTime: number;
  userActivateTokenTimeUnit: number;
  assignPasswordTokenTime: number;
  assignPasswordTokenTimeUnit: number;
  maxRefreshTokens: number;
  maxRefreshTokensByUser: number;
  isConcurrentSession: boolean;
  maxConcurrentTokens: number;
  maxConcurrentTokensByUser: number;
  numberPasswordChanges: number;
  passwordExpiration: number;
  passwordTypeExpiration: number;
  mechanismAfterSetPass: number;
  /** The sign-in screens ask for the captcha (parameter captchaApply). */
  captchaApply: boolean;
  /** Second factor policy (parameter secondFactor; docs/adr/0037-second-factors.md). */
  secondFactor: SecondFactorPolicy;
  /** The sign-in offers a passkey without a password (parameter passkeySignIn). */
  passkeySignIn: boolean;
  /** IANA zone its notifications are sent in ('America/Bogota'). */
  timeZone: string;
  version: string;
  /** Users holding at least one role in the application. */
  count: number;
  /** Roles the application offers. */
  rolCount: number;
  /** Role assignments in the application (user and role pairs). */
  rolCountUnique: number;
}

export const ApplicationAdminRecordSchema = resultSchema<ApplicationAdminRecord>()(
  v.object({
    id: v.number(),
    name: v.string(),
    title: v.string(),
    urlApp: v.string(),
    urlAssignPassword: v.string(),
    landing: v.string(),
    description: v.string(),
    typeApplication: v.boolean(),
    isVisible: v.boolean(),
    idState: v.number(),
    modifiedOn: v.string(),
    amountTime: v.number(),
    timeUnit: v.number(),
    amountTimeComb: v.string(),
    refreshTokenExpirationAmountTime: v.number(),
    refreshTokenExpirationTimeUnit: v.number(),
    userActivateTokenTime: v.number(),
    userActivateTokenTimeUnit: v.number(),
    assignPasswordTokenTime: v.number(),
    assignPasswordTokenTimeUnit: v.number(),
    maxRefreshTokens: v.number(),
    maxRefreshTokensByUser: v.number(),
    isConcurrentSession: v.boolean(),
    maxConcurrentTokens: v.number(),
    maxConcurrentTokensByUser: v.number(),
    numberPasswordChanges: v.number(),
    passwordExpiration: v.number(),
    passwordTypeExpiration: v.number(),
    mechanismAfterSetPass: v.number(),
    captchaApply: v.boolean(),
    secondFactor: v.picklist(SECOND_FACTOR_POLICIES),
    passkeySignIn: v.boolean(),
    timeZone: v.string(),
    version: v.string(),
    count: v.number(),
    rolCount: v.number(),
    rolCountUnique: v.number(),
  }),
);

/** GET /api/application/list result: every application but RESETOTP, active ones first. */
export interface ApplicationAdminListResult {
  records: ApplicationAdminRecord[];
  count: number;
}
export const ApplicationAdminListResultSchema = resultSchema<ApplicationAdminListResult>()(
  v.object({ records: v.array(ApplicationAdminRecordSchema), count: v.number() }),
);

/** An application a selector offers (menus, notifications): visible and active ones only. */
export interface ApplicationOption {
  id: number;
  name: string;
  title: string;
  /** IANA zone its notifications are sent in. */
  timeZone?: string;
}
/** How a selector names an application: its title, and its name too when another option has the same title. */
export function applicationOptionLabel(
  option: Pick<ApplicationOption, 'id' | 'name' | 'title'>,
  options: readonly Pick<ApplicationOption, 'id' | 'title'>[],
): string {
  if (!option.title) return option.name;
  return options.some((other) => other.id !== option.id && other.title === option.title)
    ? `${option.title} (${option.name})`
    : option.title;
}

export interface ApplicationOptionsResult {
  records: ApplicationOption[];
  count: number;
}
export const ApplicationOptionsResultSchema = resultSchema<ApplicationOptionsResult>()(
  v.object({
    records: v.array(v.object({ id: v.number(), name: v.string(), title: v.string(), timeZone: v.optional(v.string()) })),
    count: v.number(),
  }),
);

/** The reply of a create or modify: the documented text (docs/product/applications.md, Saving) and the application's id. */
export interface ApplicationWriteResult {
  information: string;
  informationCode: string;
  id: number;
}
export const ApplicationWriteResultSchema = resultSchema<ApplicationWriteResult>()(
  v.object({ information: v.string(), informationCode: v.string(), id: v.number() }),
);
