import * as v from 'valibot';
import {
  APPLICATION_DEFAULTS,
  APPLICATION_MESSAGES,
  CreateApplicationRequestSchema,
  DEFAULT_TIME_ZONE,
  PASSWORD_EXPIRATION_MAX,
  TIME_AMOUNT_MAX,
  VALIDATION_MESSAGES,
  type ApplicationAdminRecord,
  type CreateApplicationRequest,
  applicationWarnings,
  type ApplicationWarning,
} from '@suite/shared/console';

/**
 * The application form (docs/product/applications.md): its four tabs, what each
 * holds, and the rules, which are the contract's (`CreateApplicationRequestSchema`, the one the
 * API runs). Numbers are held as the text typed, so a half-typed value stays on screen.
 */

export const TABS = ['basic', 'token', 'password', 'configuration'] as const;
export type TabId = (typeof TABS)[number];

export type Field = keyof CreateApplicationRequest;
/** Whole numbers typed by hand (held as text). */
export const NUMBER_FIELDS = [
  'amountTime',
  'refreshTokenExpirationAmountTime',
  'userActivateTokenTime',
  'assignPasswordTokenTime',
  'maxRefreshTokens',
  'maxRefreshTokensByUser',
  'maxConcurrentTokens',
  'maxConcurrentTokensByUser',
  'numberPasswordChanges',
  'passwordExpiration',
] as const satisfies readonly Field[];
export type NumberField = (typeof NUMBER_FIELDS)[number];

/** The form's values: the request's, numbers as text; a choice (unit, type, mechanism) 0 until chosen. */
export type ApplicationForm = {
  [K in Field]: K extends NumberField ? string : CreateApplicationRequest[K] extends number ? number : CreateApplicationRequest[K];
};
export type FormErrors = Partial<Record<Field, string>>;

/** What each tab holds, in the order shown. */
export const TAB_FIELDS: Record<TabId, readonly Field[]> = {
  basic: ['name', 'title', 'description', 'urlApp', 'urlAssignPassword', 'landing'],
  token: [
    'amountTime',
    'timeUnit',
    'refreshTokenExpirationAmountTime',
    'refreshTokenExpirationTimeUnit',
    'userActivateTokenTime',
    'userActivateTokenTimeUnit',
    'assignPasswordTokenTime',
    'assignPasswordTokenTimeUnit',
    'maxRefreshTokens',
    'maxRefreshTokensByUser',
    'isConcurrentSession',
    'maxConcurrentTokens',
    'maxConcurrentTokensByUser',
  ],
  password: ['numberPasswordChanges', 'passwordExpiration', 'passwordTypeExpiration'],
  configuration: ['typeApplication', 'isVisible', 'mechanismAfterSetPass', 'timeZone', 'captchaApply', 'secondFactor', 'passkeySignIn'],
};

/** The (amount, unit) pairs shown as one value-and-unit input with arrows. */
export const AMOUNT_UNITS = {
  amountTime: 'timeUnit',
  refreshTokenExpirationAmountTime: 'refreshTokenExpirationTimeUnit',
  userActivateTokenTime: 'userActivateTokenTimeUnit',
  assignPasswordTokenTime: 'assignPasswordTokenTimeUnit',
  passwordExpiration: 'passwordTypeExpiration',
} as const satisfies Partial<Record<NumberField, Field>>;
export type AmountField = keyof typeof AMOUNT_UNITS;

/** The documented message per tab once it is saved (docs/product/applications.md, Saving). */
export const TAB_SAVED: Record<TabId, string> = {
  basic: APPLICATION_MESSAGES.basicUpdated,
  token: APPLICATION_MESSAGES.tokenUpdated,
  password: APPLICATION_MESSAGES.passwordUpdated,
  configuration: APPLICATION_MESSAGES.configurationUpdated,
};

/** A new application: nothing chosen, the documented defaults, visible, its concurrency off. */
export const EMPTY_FORM: ApplicationForm = {
  name: '',
  title: '',
  description: '',
  urlApp: '',
  urlAssignPassword: '',
  landing: '',
  typeApplication: false,
  isVisible: true,
  amountTime: '',
  timeUnit: 0,
  refreshTokenExpirationAmountTime: '',
  refreshTokenExpirationTimeUnit: 0,
  userActivateTokenTime: '',
  userActivateTokenTimeUnit: 0,
  assignPasswordTokenTime: '',
  assignPasswordTokenTimeUnit: 0,
  maxRefreshTokens: String(APPLICATION_DEFAULTS.maxRefreshTokens),
  maxRefreshTokensByUser: '',
  isConcurrentSession: false,
  maxConcurrentTokens: String(APPLICATION_DEFAULTS.maxConcurrentTokens),
  maxConcurrentTokensByUser: String(APPLICATION_DEFAULTS.maxConcurrentTokensByUser),
  numberPasswordChanges: '',
  passwordExpiration: '',
  passwordTypeExpiration: 0,
  mechanismAfterSetPass: 0,
  captchaApply: false,
  secondFactor: 'off',
  passkeySignIn: false,
  timeZone: DEFAULT_TIME_ZONE,
};

const FIELDS = Object.keys(EMPTY_FORM) as Field[];
const isNumberField = (field: Field): field is NumberField => (NUMBER_FIELDS as readonly Field[]).includes(field);

/** The stored application as the form holds it. */
export function recordToForm(record: ApplicationAdminRecord): ApplicationForm {
  const form = {} as Record<Field, unknown>;
  for (const field of FIELDS) form[field] = isNumberField(field) ? String(record[field]) : record[field];
  return form as ApplicationForm;
}

/** Text as a whole number: '' and '-' are no number (the rules name them). */
const toNumber = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The request's fields from the form (text trimmed by the contract, numbers read). */
export function formToBody(form: ApplicationForm): CreateApplicationRequest {
  const body = {} as Record<Field, unknown>;
  for (const field of FIELDS) body[field] = isNumberField(field) ? toNumber(form[field]) : form[field];
  return body as CreateApplicationRequest;
}

/** Values of `fields` from `from`, the rest from `into`. */
export function withFields(into: ApplicationForm, from: ApplicationForm, fields: readonly Field[]): ApplicationForm {
  const next = { ...into } as Record<Field, unknown>;
  for (const field of fields) next[field] = from[field];
  return next as ApplicationForm;
}

const same = (a: unknown, b: unknown) => (typeof a === 'string' && typeof b === 'string' ? a.trim() === b.trim() : a === b);

/** Whether the tab's fields differ from `stored`. */
export const tabChanged = (form: ApplicationForm, stored: ApplicationForm, tab: TabId) =>
  TAB_FIELDS[tab].some((field) => !same(form[field], stored[field]));

/** A valid application: what the other tabs hold while one tab is checked on its own. */
const STAND_IN: ApplicationForm = {
  ...EMPTY_FORM,
  name: 'app',
  title: 'app',
  urlApp: 'https://app.example',
  urlAssignPassword: 'https://app.example',
  landing: 'https://app.example',
  amountTime: '1',
  timeUnit: 1,
  refreshTokenExpirationAmountTime: '1',
  refreshTokenExpirationTimeUnit: 1,
  userActivateTokenTime: '1',
  userActivateTokenTimeUnit: 1,
  assignPasswordTokenTime: '1',
  assignPasswordTokenTimeUnit: 1,
  maxRefreshTokensByUser: '0',
  numberPasswordChanges: '-1',
  passwordExpiration: '-1',
  passwordTypeExpiration: 3,
  mechanismAfterSetPass: 1,
};

/**
 * The tab's errors by the contract (first message per field), the tab checked on its own so a
 * rule across its fields (a time within its unit's cap) applies while other tabs are still empty.
 * A number left empty is required.
 */
export function tabErrors(form: ApplicationForm, tab: TabId): FormErrors {
  const fields = TAB_FIELDS[tab];
  const errors: FormErrors = {};
  const result = v.safeParse(CreateApplicationRequestSchema, formToBody(withFields(STAND_IN, form, fields)), { abortPipeEarly: true });
  for (const issue of result.issues ?? []) {
    const field = issue.path?.[0]?.key as Field | undefined;
    if (field && fields.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  for (const field of fields) if (isNumberField(field) && form[field].trim() === '') errors[field] = VALIDATION_MESSAGES.required;
  return errors;
}

/** Every tab's errors. */
export const formErrors = (form: ApplicationForm): FormErrors =>
  Object.assign({}, ...TABS.map((tab) => tabErrors(form, tab))) as FormErrors;

/** The first tab with an error, if any. */
export const firstInvalidTab = (form: ApplicationForm): TabId | undefined =>
  TABS.find((tab) => Object.keys(tabErrors(form, tab)).length > 0);

/** How many characters a number field takes: 6 digits (10 for the password expiry), and '-' where -1 is allowed. */
export const NUMBER_LIMITS: Record<NumberField, { negative: boolean; digits: number }> = {
  amountTime: { negative: true, digits: 6 },
  refreshTokenExpirationAmountTime: { negative: true, digits: 6 },
  userActivateTokenTime: { negative: false, digits: 6 },
  assignPasswordTokenTime: { negative: false, digits: 6 },
  maxRefreshTokens: { negative: true, digits: 3 },
  maxRefreshTokensByUser: { negative: false, digits: 3 },
  maxConcurrentTokens: { negative: false, digits: 3 },
  maxConcurrentTokensByUser: { negative: true, digits: 3 },
  numberPasswordChanges: { negative: true, digits: 6 },
  passwordExpiration: { negative: true, digits: 10 },
};

/** What a number field keeps of a typed text: digits (and a leading '-' where -1 is allowed), up to its length. */
export function typedNumber(field: NumberField, text: string): string {
  const { negative, digits } = NUMBER_LIMITS[field];
  const sign = negative && text.trimStart().startsWith('-') ? '-' : '';
  return sign + text.replace(/\D/g, '').slice(0, digits);
}

const ARROW_MAX: Record<AmountField, number> = {
  amountTime: TIME_AMOUNT_MAX,
  refreshTokenExpirationAmountTime: TIME_AMOUNT_MAX,
  userActivateTokenTime: TIME_AMOUNT_MAX,
  assignPasswordTokenTime: TIME_AMOUNT_MAX,
  passwordExpiration: PASSWORD_EXPIRATION_MAX,
};

/** The up arrow: one more, from 1 when empty or not above 0, never past the field's maximum. */
export function increment(field: AmountField, text: string): string {
  const value = toNumber(text);
  if (Number.isNaN(value) || value < 1) return '1';
  return String(Math.min(value + 1, ARROW_MAX[field]));
}

/** The down arrow: one less, never under 1; a value not above 1 stays. */
export function decrement(text: string): string {
  const value = toNumber(text);
  return !Number.isNaN(value) && value > 1 ? String(value - 1) : text;
}

/** Whether the down arrow can move the value. */
export const canDecrement = (text: string) => toNumber(text) > 1;

/**
 * The cross-field warnings (applicationWarnings) that concern a tab: those naming one of its
 * fields, so a link outliving the password shows on Token and on Contraseña. Advice: saving stays open.
 */
export function tabWarnings(form: ApplicationForm, tab: TabId): ApplicationWarning[] {
  return applicationWarnings(formToBody(form)).filter((warning) =>
    warning.fields.some((field) => (TAB_FIELDS[tab] as readonly string[]).includes(field)),
  );
}
