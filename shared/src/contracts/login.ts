import * as v from 'valibot';
import { es } from '../phrases/es';
import { resultSchema } from './envelope';
import { formatMessage, maxMessage } from './validation';

/** Device type the portal sends (docs/product/sign-in.md, Limits). */
export const TYPE_DEVICE_ID = 2;

/**
 * Failed sign-in attempts allowed before a temporary lock (docs/product/sign-in.md, Lockout). R11
 * replies carry `failedLoginInformation.failedAttempts`; attempts left =
 * LOGIN_MAX_FAILED_ATTEMPTS − failedAttempts.
 */
export const LOGIN_MAX_FAILED_ATTEMPTS = 3;

/**
 * A user name as the portal's calls carry it (sign-in, password flows, refresh): at most 100
 * characters, the user form's limit (docs/product/users.md, Limits).
 */
export const USER_NAME_MAX = 100;

/** Longest textual IP address (IPv4-mapped IPv6): 45 characters. */
export const IP_MAX_LENGTH = 45;
const IP_MESSAGE = formatMessage(es.request.ipInvalid, { max: IP_MAX_LENGTH });
const IpText = v.pipe(v.string(), v.ip(IP_MESSAGE));

/**
 * POST /api/Login request (docs/product/sign-in.md, Calls). `password` is encrypted with
 * encryptPayload. `ip` is the client's own claim (the portal sends ''): bounded and checked, never
 * stored — the session records the address the server sees (TRUST_PROXY).
 */
export const LoginRequestSchema = v.object({
  user: v.pipe(v.string(), v.trim(), v.nonEmpty(es.messages.required), v.maxLength(USER_NAME_MAX, maxMessage(USER_NAME_MAX))),
  password: v.pipe(v.string(), v.nonEmpty(es.messages.required), v.maxLength(1024, maxMessage(1024))),
  appname: v.pipe(v.string(), v.nonEmpty(es.messages.required), v.maxLength(50, maxMessage(50))),
  ip: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(IP_MAX_LENGTH, IP_MESSAGE),
      v.check((value) => value === '' || v.is(IpText, value), IP_MESSAGE),
    ),
  ),
  Browser: v.optional(v.string()),
  TypeDeviceId: v.optional(v.number()),
  idSessionTab: v.optional(v.pipe(v.string(), v.regex(/^\d{16}$/, es.request.sessionTabInvalid))),
  page: v.optional(v.string()),
  tokenCaptcha: v.optional(v.string()),
});
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>;

/** The sign-in form's fields: the request's user and password rules (the form validates what the API does). */
export const SignInFieldsSchema = v.pick(LoginRequestSchema, ['user', 'password']);
export type SignInFieldValues = v.InferInput<typeof SignInFieldsSchema>;
export type SignInFieldName = keyof SignInFieldValues;

/** Each sign-in field's first message under the contract; a valid field has none. */
export function signInFieldErrors(values: SignInFieldValues): Partial<Record<SignInFieldName, string>> {
  const errors: Partial<Record<SignInFieldName, string>> = {};
  for (const field of ['user', 'password'] as const) {
    const result = v.safeParse(SignInFieldsSchema.entries[field], values[field]);
    if (!result.success) errors[field] = result.issues[0].message;
  }
  return errors;
}

/** What a sign-in sends of the fields (the user trimmed), or null when a field breaks the contract. */
export function signInFieldsOutput(values: SignInFieldValues): v.InferOutput<typeof SignInFieldsSchema> | null {
  const result = v.safeParse(SignInFieldsSchema, values);
  return result.success ? result.output : null;
}

export interface FailedLoginInformation {
  failedAttempts: number;
  /** Seconds left of a temporary lock. */
  lockTime: number;
}
const FailedLoginInformationSchema = resultSchema<FailedLoginInformation>()(v.object({ failedAttempts: v.number(), lockTime: v.number() }));

/** A company of the person signing in, as the sign-in reply lists it. */
export interface EnterpriseEntry {
  id: string;
  name: string;
  /** The person's main company. */
  principal: boolean;
}
export const EnterpriseEntrySchema = resultSchema<EnterpriseEntry>()(
  v.object({ id: v.string(), name: v.string(), principal: v.boolean() }),
);

/**
 * POST /api/Login reply `result` (docs/product/sign-in.md, Calls and Outcomes). Success:
 * informationCode A10, `token`, `refreshToken` and `urlApp` — for an application in another origin
 * `urlApp` carries a single-use `?code=` for POST /api/login/GenerateTokens. Refusals
 * (docs/security/codes.md): R11 (401, failedLoginInformation.failedAttempts), R13 (423,
 * failedLoginInformation.lockTime = seconds left), A20 (403, isBlocked, messageParameter =
 * contact), R14, R18 (403, urlApp = where to change the password), R21, R22, R23 (403).
 */
export interface LoginResult {
  information: string;
  informationCode: string;
  urlApp?: string;
  token?: string;
  refreshToken?: string;
  /** The person's companies, the main one first (docs/product/sign-in.md, Calls). */
  ententerpriseList?: EnterpriseEntry[];
  failedLoginInformation?: FailedLoginInformation;
  isBlocked?: boolean;
  messageParameter?: string;
  /** The password was right and the application asks for a second step: no token yet (informationCode A30). */
  secondFactor?: SecondFactorStep;
  /** Recovery codes of a person's first factor, set up in this sign-in: shown once. */
  recoveryCodes?: string[];
}

/** The second step of a sign-in (docs/adr/0037-second-factors.md). */
export interface SecondFactorStep {
  /** Single use, for five minutes: what the second step sends back. */
  challenge: string;
  /** How the person may answer: their authenticator's code, a passkey, a recovery code. */
  methods: ('totp' | 'passkey' | 'recovery')[];
  /** The application requires a second factor and the person has none: an authenticator is set up first. */
  enrol: boolean;
}
const SecondFactorStepSchema = v.object({
  challenge: v.string(),
  methods: v.array(v.picklist(['totp', 'passkey', 'recovery'])),
  enrol: v.boolean(),
});

export const LoginResultSchema = resultSchema<LoginResult>()(
  v.object({
    information: v.string(),
    informationCode: v.string(),
    urlApp: v.optional(v.string()),
    token: v.optional(v.string()),
    refreshToken: v.optional(v.string()),
    ententerpriseList: v.optional(v.array(EnterpriseEntrySchema)),
    failedLoginInformation: v.optional(FailedLoginInformationSchema),
    isBlocked: v.optional(v.boolean()),
    messageParameter: v.optional(v.string()),
    secondFactor: v.optional(SecondFactorStepSchema),
    recoveryCodes: v.optional(v.array(v.string())),
  }),
);

/** Claims of the access token (docs/product/sessions.md, Tokens). */
export interface AccessTokenClaims {
  identifier: string;
  unique_name: string;
  nameid: string;
  given_name: string;
  family_name: string;
  customerName: string;
  privileges: string[];
  APPS: string[];
  exp: number;
  /** Issued at (seconds). */
  iat?: number;
  /** Issuer (the API, `TOKEN_ISSUER`). */
  iss?: string;
  /** Audience: the application name the token was issued for (the login's `appname`). */
  aud?: string | string[];
  /** Subject: the user id (same as identifier/nameid). */
  sub?: string;
  /** Session id of the sign-in that issued the token. */
  sid?: string;
  /** Token id. */
  jti?: string;
}

/** Time units of application token settings (docs/product/applications.md, Fields): 1 minutes, 2 hours, 3 days. */
export const TIME_UNIT = { minutes: 1, hours: 2, days: 3 } as const;

/** Seconds in `amount` of `unit` (anything but 1 or 2 counts as days). */
export function durationSeconds(amount: number, unit: number): number {
  const factor = unit === TIME_UNIT.minutes ? 60 : unit === TIME_UNIT.hours ? 3600 : 86400;
  return amount * factor;
}
