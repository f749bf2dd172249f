import * as v from 'valibot';
import { es } from '../phrases/es';

/**
 * Public per-application data of the portal spec (§3, §7): version, parameters, maintenance
 * window and free-trial information. A missing or malformed header is a 400 R400; an unknown
 * application is a 404 R404.
 */

const appName = v.pipe(v.string(), v.trim(), v.nonEmpty(es.messages.required), v.maxLength(50), v.regex(/^[\w.-]+$/, es.request.appNameInvalid));

/** Header `appName` (every call below). */
export const AppNameHeadersSchema = v.object({ appName });

/** GET /api/application/getVersionApp headers: appName, and optionally tenant and tenantLanguage (ES, EN, PT). */
export const AppVersionHeadersSchema = v.object({
  appName,
  tenant: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50), v.regex(/^[\w.-]*$/, es.request.tenantInvalid))),
  tenantLanguage: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^(es|en|pt)?$/i, es.request.tenantLanguageInvalid))),
});

/** GET /api/application/getVersionApp reply `result`. */
export interface AppVersionResult {
  version: string;
}

/** Groups of application parameters (header `parameterType`, case-insensitive; `all` returns every group). */
export const PARAMETER_TYPES = ['login', 'general', 'all'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** The JSON type of a parameter's value. */
export type ParameterValueType = 'boolean' | 'number' | 'string' | 'object' | 'array';

/** GET /api/application/GetParametersApp headers. */
export const AppParametersHeadersSchema = v.object({
  appName,
  parameterType: v.pipe(
    v.string(),
    v.trim(),
    v.toLowerCase(),
    v.picklist(PARAMETER_TYPES, `parameterType debe ser ${PARAMETER_TYPES.join(', ')}`),
  ),
});

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

/** GET /api/application/isFreeTrial reply `result`. */
export interface FreeTrialResult {
  isFreeTrial: boolean;
  urlFreeTrial: string;
  codeFreeTrial: string;
}

