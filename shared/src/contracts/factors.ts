import type {
  AuthenticationExtensionsClientOutputs,
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import * as v from 'valibot';
import { es } from '../phrases/es';
import { endpoint } from './endpoint';
import { resultSchema } from './envelope';
import { LoginRequestSchema, LoginResultSchema } from './login';

/**
 * Second factors (docs/adr/0037-second-factors.md): a person's authenticator apps (TOTP, RFC 6238)
 * and passkeys, ten single-use recovery codes, and the second step of a sign-in when the
 * application's policy asks for one.
 */
export const FACTOR_MESSAGES = es.factors;

/** An application's policy (its `secondFactor` parameter): 'Desactivado' / 'Opcional' / 'Obligatorio'. */
export const SECOND_FACTOR_POLICIES = ['off', 'optional', 'required'] as const;
export type SecondFactorPolicy = (typeof SECOND_FACTOR_POLICIES)[number];

export const FACTOR_KINDS = ['totp', 'passkey'] as const;
export type FactorKind = (typeof FACTOR_KINDS)[number];
/** How a second step may be answered. */
export type SecondFactorMethod = FactorKind | 'recovery';

/** The authenticator codes: 6 digits, a new one every 30 s (RFC 6238's defaults, what every app shows). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes given at once; each works one time. */
export const RECOVERY_CODES_COUNT = 10;
/** How long the second step of a sign-in waits. */
export const SECOND_STEP_SECONDS = 5 * 60;
export const FACTOR_NAME_MAX = 60;

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
export const SecondStepChallengeSchema = v.pipe(v.string(), v.regex(CHALLENGE, es.factors.stepExpired));
export const TotpCodeSchema = v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, es.factors.codeFormat));
/** Ten letters and digits, shown as two groups of five (`k3f9a-2mx7q`); typed with or without the dash. */
export const RecoveryCodeSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.regex(/^[a-z0-9]{5}-?[a-z0-9]{5}$/, es.factors.recoveryCodeFormat),
  v.transform((code) => code.replace('-', '')),
);
export const FactorNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, es.factors.nameRequired),
  v.maxLength(FACTOR_NAME_MAX, es.factors.nameTooLong),
);
/** The person's password again, before a change of their factors. */
export const CurrentPasswordSchema = v.pipe(
  v.string(),
  v.minLength(1, es.factors.passwordRequired),
  v.maxLength(200, es.factors.passwordRequired),
);
const FactorIdSchema = v.pipe(v.string(), v.uuid(es.factors.factorUnknown));

/** A WebAuthn value the browser sends as base64url text. */
const webAuthnText = (max: number) =>
  v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]*={0,2}$/, es.factors.passkeyFormat), v.maxLength(max, es.factors.passkeyFormat));
const TRANSPORTS_MAX = 10;
const credentialFields = {
  id: webAuthnText(1400),
  rawId: webAuthnText(1400),
  type: v.literal('public-key', es.factors.passkeyFormat),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'], es.factors.passkeyFormat)),
  clientExtensionResults: v.optional(
    v.custom<AuthenticationExtensionsClientOutputs>(
      (x) => typeof x === 'object' && x !== null && !Array.isArray(x),
      es.factors.passkeyFormat,
    ),
    {},
  ),
};

/** A passkey's answer to a sign-in's challenge (WebAuthn's AuthenticationResponseJSON), checked by the API. */
export const PasskeyAssertionSchema = v.pipe(
  v.object({
    ...credentialFields,
    response: v.object({
      clientDataJSON: webAuthnText(4096),
      authenticatorData: webAuthnText(4096),
      signature: webAuthnText(1024),
      userHandle: v.optional(webAuthnText(128)),
    }),
  }),
  v.transform((value) => value as AuthenticationResponseJSON),
);

/** A new passkey as the browser registered it (WebAuthn's RegistrationResponseJSON). */
export const PasskeyRegistrationSchema = v.pipe(
  v.object({
    ...credentialFields,
    response: v.object({
      clientDataJSON: webAuthnText(4096),
      attestationObject: webAuthnText(16384),
      authenticatorData: v.optional(webAuthnText(4096)),
      // hints for the browser's later prompts ('internal', 'hybrid', 'usb'…); new kinds appear over time
      transports: v.optional(
        v.pipe(
          v.array(v.pipe(v.string(), v.maxLength(32, es.factors.passkeyFormat))),
          v.maxLength(TRANSPORTS_MAX, es.factors.passkeyFormat),
        ),
      ),
      publicKeyAlgorithm: v.optional(v.number()),
      publicKey: v.optional(webAuthnText(4096)),
    }),
  }),
  v.transform((value) => value as RegistrationResponseJSON),
);

/** POST /api/Login/SecondFactor: one of an authenticator's code, a passkey's answer or a recovery code. */
export const SecondFactorRequestSchema = v.pipe(
  v.object({
    challenge: SecondStepChallengeSchema,
    code: v.optional(TotpCodeSchema),
    recoveryCode: v.optional(RecoveryCodeSchema),
    passkey: v.optional(PasskeyAssertionSchema),
  }),
  v.check((body) => [body.code, body.recoveryCode, body.passkey].filter((x) => x !== undefined).length === 1, es.factors.codeFormat),
);

/** What the browser's passkey is asked (navigator.credentials.get), with a challenge kept five minutes. */
export interface PasskeyRequest {
  options: PublicKeyCredentialRequestOptionsJSON;
}
export const PasskeyRequestSchema = v.object({
  options: v.custom<PublicKeyCredentialRequestOptionsJSON>((x) => typeof x === 'object' && x !== null && 'challenge' in x),
});

/** What the browser is asked to create (navigator.credentials.create): a discoverable passkey of the person. */
export interface PasskeyCreation {
  options: PublicKeyCredentialCreationOptionsJSON;
}
export const PasskeyCreationSchema = v.object({
  options: v.custom<PublicKeyCredentialCreationOptionsJSON>((x) => typeof x === 'object' && x !== null && 'challenge' in x),
});

/** POST /api/Login/Passkey/Options: an application that offers 'Ingresar con llave de acceso'. */
export const PasskeySignInOptionsRequestSchema = v.pick(LoginRequestSchema, ['appname']);
/** POST /api/Login/Passkey: the passkey's answer, with the session's tab and browser as a sign-in sends them. */
export const PasskeySignInRequestSchema = v.object({
  ...v.pick(LoginRequestSchema, ['appname', 'idSessionTab', 'Browser']).entries,
  passkey: PasskeyAssertionSchema,
});

/** The authenticator set up in a sign-in: its challenge, and the name the page gives it in its language. */
export const SecondStepRequestSchema = v.object({ challenge: SecondStepChallengeSchema, name: v.optional(FactorNameSchema) });

/** A new authenticator's secret: as a QR code (an SVG image) and as text ('Clave'), until a first code confirms it. */
export interface TotpSetup {
  id: string;
  /** Base32, the 'Clave' typed into an app that cannot scan. */
  secret: string;
  /** otpauth:// URI (what the QR code holds). */
  uri: string;
  /** data: URL of the QR code (SVG). */
  qr: string;
}
export const TotpSetupSchema = resultSchema<TotpSetup>()(v.object({ id: v.string(), secret: v.string(), uri: v.string(), qr: v.string() }));

export interface AccountFactor {
  id: string;
  kind: FactorKind;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
const AccountFactorSchema = v.object({
  id: v.string(),
  kind: v.picklist(FACTOR_KINDS),
  name: v.string(),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
});

export interface AccountFactors {
  factors: AccountFactor[];
  /** Unused recovery codes left. */
  recoveryCodesLeft: number;
}
export const AccountFactorsSchema = resultSchema<AccountFactors>()(
  v.object({ factors: v.array(AccountFactorSchema), recoveryCodesLeft: v.number() }),
);

export interface RecoveryCodes {
  /** Shown once: only their hashes are kept. */
  codes: string[];
}
export const RecoveryCodesSchema = resultSchema<RecoveryCodes>()(v.object({ codes: v.array(v.string()) }));

export interface ConfirmedFactor {
  factor: AccountFactor;
  /** A person's first factor comes with their recovery codes (shown once). */
  recoveryCodes?: string[];
}
export const ConfirmedFactorSchema = resultSchema<ConfirmedFactor>()(
  v.object({ factor: AccountFactorSchema, recoveryCodes: v.optional(v.array(v.string())) }),
);

export const PasswordRequestSchema = v.object({ password: CurrentPasswordSchema });
export const ConfirmPasskeyRequestSchema = v.object({ passkey: PasskeyRegistrationSchema, name: FactorNameSchema });
export const ConfirmTotpRequestSchema = v.object({ id: FactorIdSchema, code: TotpCodeSchema, name: FactorNameSchema });
export const RenameFactorRequestSchema = v.object({ name: FactorNameSchema });
export const FactorParamsSchema = v.object({ id: FactorIdSchema });
export const UserFactorsParamsSchema = v.object({ id: v.pipe(v.string(), v.uuid(es.factors.userUnknown)) });
export const UserFactorParamsSchema = v.object({ id: v.pipe(v.string(), v.uuid(es.factors.userUnknown)), factorId: FactorIdSchema });

/** The second step of a sign-in: answered with a code, or first an authenticator set up when the application requires one. */
export const secondFactorApi = {
  verify: endpoint({
    method: 'POST',
    path: '/api/Login/SecondFactor',
    summary: 'Complete a sign-in with an authenticator code or a recovery code',
    tag: 'auth',
    body: SecondFactorRequestSchema,
    result: LoginResultSchema,
    access: 'public',
  }),
  enrolTotp: endpoint({
    method: 'POST',
    path: '/api/Login/SecondFactor/Totp',
    summary: 'Set up an authenticator app in a sign-in whose application requires a second factor',
    tag: 'auth',
    body: SecondStepRequestSchema,
    result: TotpSetupSchema,
    access: 'public',
  }),
  passkeyOptions: endpoint({
    method: 'POST',
    path: '/api/Login/SecondFactor/Passkey',
    summary: "The challenge a person's passkey answers in the second step of a sign-in",
    tag: 'auth',
    body: v.object({ challenge: SecondStepChallengeSchema }),
    result: PasskeyRequestSchema,
    access: 'public',
  }),
};

/** 'Ingresar con llave de acceso': a discoverable passkey, no user name typed, where the application allows it. */
export const passkeySignInApi = {
  options: endpoint({
    method: 'POST',
    path: '/api/Login/Passkey/Options',
    summary: 'Begin a sign-in with a passkey (the application must allow it)',
    tag: 'auth',
    body: PasskeySignInOptionsRequestSchema,
    result: PasskeyRequestSchema,
    access: 'public',
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/api/Login/Passkey',
    summary: "Sign in with a passkey's answer (user verification required: the passkey is both factors)",
    tag: 'auth',
    body: PasskeySignInRequestSchema,
    result: LoginResultSchema,
    access: 'public',
  }),
};

/** A person's own factors (the /security page): changes ask for the password again; every change is audited. */
export const accountFactorsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/account/factors',
    summary: "The signed-in person's second factors",
    tag: 'account',
    result: AccountFactorsSchema,
    access: 'session',
  }),
  startTotp: endpoint({
    method: 'POST',
    path: '/api/account/factors/totp',
    summary: 'Begin setting up an authenticator app',
    tag: 'account',
    body: PasswordRequestSchema,
    result: TotpSetupSchema,
    access: 'session',
    audited: true,
  }),
  confirmTotp: endpoint({
    method: 'POST',
    path: '/api/account/factors/totp/confirm',
    summary: 'Confirm a new authenticator app with its first code',
    tag: 'account',
    body: ConfirmTotpRequestSchema,
    result: ConfirmedFactorSchema,
    access: 'session',
    audited: true,
  }),
  startPasskey: endpoint({
    method: 'POST',
    path: '/api/account/factors/passkey',
    summary: 'Begin adding a passkey',
    tag: 'account',
    body: PasswordRequestSchema,
    result: PasskeyCreationSchema,
    access: 'session',
  }),
  confirmPasskey: endpoint({
    method: 'POST',
    path: '/api/account/factors/passkey/confirm',
    summary: 'Register the passkey the browser created',
    tag: 'account',
    body: ConfirmPasskeyRequestSchema,
    result: ConfirmedFactorSchema,
    access: 'session',
    audited: true,
  }),
  rename: endpoint({
    method: 'PUT',
    path: '/api/account/factors/:id',
    summary: 'Rename a second factor',
    tag: 'account',
    params: FactorParamsSchema,
    body: RenameFactorRequestSchema,
    result: ConfirmedFactorSchema,
    access: 'session',
    audited: true,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/api/account/factors/:id/remove',
    summary: 'Remove a second factor',
    tag: 'account',
    params: FactorParamsSchema,
    body: PasswordRequestSchema,
    result: AccountFactorsSchema,
    access: 'session',
    audited: true,
  }),
  recoveryCodes: endpoint({
    method: 'POST',
    path: '/api/account/recovery-codes',
    summary: 'Replace the recovery codes with ten new ones',
    tag: 'account',
    body: PasswordRequestSchema,
    result: RecoveryCodesSchema,
    access: 'session',
    audited: true,
  }),
};

/** A person's factors in the users console: read with USERS_READ, removed with USERS_WRITE (within the escalation rules; the person is told by e-mail). */
export const userFactorsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/user/:id/factors',
    summary: "A person's second factors",
    tag: 'users',
    params: UserFactorsParamsSchema,
    result: AccountFactorsSchema,
    access: ['USERS_READ'],
  }),
  remove: endpoint({
    method: 'POST',
    path: '/api/user/:id/factors/:factorId/remove',
    summary: "Remove a person's second factor (the person is told by e-mail)",
    tag: 'users',
    params: UserFactorParamsSchema,
    result: AccountFactorsSchema,
    access: ['USERS_WRITE'],
    audited: true,
  }),
};
