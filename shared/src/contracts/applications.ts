import * as v from 'valibot';
import { es } from '../phrases/es';
import { publishedAs } from './endpoint';
import { resultSchema } from './envelope';
import { APP_NAME_PATTERN } from './messages';
import { maxMessage } from './validation';

/**
 * Public per-application data of the portal (docs/product/portal.md, Calls): version, parameters,
 * maintenance window and free-trial information. A missing or malformed header is a 400 R400; an
 * unknown application is a 404 R404.
 */

const appName = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(es.messages.required),
  v.maxLength(50, maxMessage(50)),
  v.regex(APP_NAME_PATTERN, es.request.appNameInvalid),
);

/**
 * A required header that the page may send blank: a blank one counts as not sent, so a blank
 * and a missing header are refused alike, by `schema` ('Expected string but received undefined').
 */
function filled<S extends v.GenericSchema<string, unknown>>(schema: S) {
  return v.pipe(
    v.optional(v.unknown(), ''),
    v.transform((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value)),
    schema,
  );
}

/** Headers checked with the rule of `filled`, documented as `schema` says them. */
function filledHeaders<S extends v.ObjectSchema<v.ObjectEntries, undefined>>(
  schema: S,
  required: ReadonlyArray<keyof S['entries'] & string>,
) {
  const entries: v.ObjectEntries = { ...schema.entries };
  for (const name of required) entries[name] = filled(schema.entries[name] as v.GenericSchema<string, unknown>);
  return publishedAs(v.object(entries) as unknown as S, schema);
}

/** Header `appName` (every call below). */
export const AppNameHeadersSchema = filledHeaders(v.object({ appName }), ['appName']);

/** GET /api/application/getVersionApp headers: appName, and optionally tenant and tenantLanguage (ES, EN, PT). */
export const AppVersionHeadersSchema = filledHeaders(
  v.object({
    appName,
    tenant: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, maxMessage(50)), v.regex(/^[\w.-]*$/, es.request.tenantInvalid))),
    tenantLanguage: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^(es|en|pt)?$/i, es.request.tenantLanguageInvalid))),
  }),
  ['appName'],
);

/** GET /api/application/getVersionApp reply `result`. */
export interface AppVersionResult {
  version: string;
}
export const AppVersionResultSchema = resultSchema<AppVersionResult>()(v.object({ version: v.string() }));

/** Groups of application parameters (header `parameterType`, case-insensitive; `all` returns every group). */
export const PARAMETER_TYPES = ['login', 'general', 'all'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** The JSON type of a parameter's value. */
export type ParameterValueType = 'boolean' | 'number' | 'string' | 'object' | 'array';

/** GET /api/application/GetParametersApp headers. */
export const AppParametersHeadersSchema = filledHeaders(
  v.object({
    appName,
    parameterType: v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.picklist(PARAMETER_TYPES, `parameterType debe ser ${PARAMETER_TYPES.join(', ')}`),
    ),
  }),
  ['appName', 'parameterType'],
);

/** One parameter: `value` is JSON text (parse it, or use parameterValue). */
export interface AppParameter {
  name: string;
  value: string;
  type: ParameterValueType;
}

/** GET /api/application/GetParametersApp reply `result`. */
export interface AppParametersResult {
  parameters: AppParameter[];
}
const PARAMETER_VALUE_TYPES = ['boolean', 'number', 'string', 'object', 'array'] as const satisfies readonly ParameterValueType[];
export const AppParametersResultSchema = resultSchema<AppParametersResult>()(
  v.object({
    parameters: v.array(
      resultSchema<AppParameter>()(v.object({ name: v.string(), value: v.string(), type: v.picklist(PARAMETER_VALUE_TYPES) })),
    ),
  }),
);

/** A parameter's decoded value; undefined when it is missing or its JSON does not parse. */
export function parameterValue<T = unknown>(parameters: readonly AppParameter[], name: string): T | undefined {
  const found = parameters.find((p) => p.name === name);
  if (!found) return undefined;
  try {
    return JSON.parse(found.value) as T;
  } catch {
    return undefined;
  }
}

/** Names of the parameters seeded for every application. */
export const APP_PARAMETERS = {
  /** login, boolean: the sign-in screens show a captcha. */
  captchaApply: 'captchaApply',
  /** login, string: second factor 'off' / 'optional' / 'required' (docs/adr/0037-second-factors.md). */
  secondFactor: 'secondFactor',
  /** login, boolean: the sign-in offers a passkey without a password. */
  passkeySignIn: 'passkeySignIn',
  /** login, number: failed attempts allowed before a temporary lock. */
  maxFailedAttempts: 'maxFailedAttempts',
  /** login, string: who to contact when the user is blocked ('Para solucionarlo, comuníquese al {contact}'). */
  supportContact: 'supportContact',
  /** login, string: the buy link of applications that show one. */
  buyUrl: 'buyUrl',
  /** general, number: seconds before the "resend e-mail" link is offered again. */
  resendEmailSeconds: 'resendEmailSeconds',
  /** general, number: delay before validating the hub session after connecting (ms). */
  sessionValidationDelayMs: 'sessionValidationDelayMs',
} as const;

/** GET /api/application/getMaintenanceWindow reply `result`. */
export interface MaintenanceWindowResult {
  isMaintenance: boolean;
  message: string;
  /** ISO-8601 end of the active window, when there is one. */
  endsAt?: string;
}
export const MaintenanceWindowResultSchema = resultSchema<MaintenanceWindowResult>()(
  v.object({ isMaintenance: v.boolean(), message: v.string(), endsAt: v.optional(v.string()) }),
);

/** GET /api/application/isFreeTrial reply `result`. */
export interface FreeTrialResult {
  isFreeTrial: boolean;
  urlFreeTrial: string;
  codeFreeTrial: string;
}
export const FreeTrialResultSchema = resultSchema<FreeTrialResult>()(
  v.object({ isFreeTrial: v.boolean(), urlFreeTrial: v.string(), codeFreeTrial: v.string() }),
);
