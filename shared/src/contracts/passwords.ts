import * as v from 'valibot';
import { es } from '../phrases/es';
import { resultSchema } from './envelope';
import { USER_NAME_MAX } from './login';
import { maxMessage } from './validation';

/**
 * Password and reset-by-e-mail contracts (docs/product/passwords.md). The same schemas run in
 * the screens (mfe-auth) and in the API (POST /api/login/AssignPassword, ChangePassword,
 * GetUsersResetPassword).
 */

/** Special characters a password may (and must, at least one) contain (docs/product/passwords.md, Password rules). */
export const PASSWORD_SPECIALS = '!#$%&/(){}<=>?¿¡*;:,.+_-';
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound of ours, so hashing cost stays bounded (docs/product/passwords.md, Password rules). */
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = es.password;

const escapeClass = (s: string) => s.replace(/[\\\]\-^/]/g, (c) => `\\${c}`);
const SPECIAL_CLASS = `[${escapeClass(PASSWORD_SPECIALS)}]`;
const SPECIAL_RE = new RegExp(SPECIAL_CLASS, 'u');
const ALLOWED_ONLY_RE = new RegExp(`^(?:\\p{L}|\\p{Nd}|${SPECIAL_CLASS})*$`, 'u');
const UPPER_RE = /\p{Lu}/u;
const LOWER_RE = /\p{Ll}/u;
const DIGIT_RE = /\p{Nd}/u;

/** One boolean per password rule (docs/product/passwords.md, Password rules), for the screens' live checklist. */
export interface PasswordChecklist {
  length: boolean;
  upper: boolean;
  lower: boolean;
  digit: boolean;
  special: boolean;
  allowedOnly: boolean;
}

export function passwordChecklist(pw: string): PasswordChecklist {
  const s = typeof pw === 'string' ? pw : '';
  const len = [...s].length;
  return {
    length: len >= PASSWORD_MIN_LENGTH && len <= PASSWORD_MAX_LENGTH,
    upper: UPPER_RE.test(s),
    lower: LOWER_RE.test(s),
    digit: DIGIT_RE.test(s),
    special: SPECIAL_RE.test(s),
    allowedOnly: ALLOWED_ONLY_RE.test(s),
  };
}

export function isStrongPassword(pw: string): boolean {
  return Object.values(passwordChecklist(pw)).every(Boolean);
}

/** A new password (creation, change, reset; docs/product/passwords.md, Password rules). */
export const PasswordSchema = v.pipe(
  v.string(PASSWORD_MESSAGES.required),
  v.nonEmpty(PASSWORD_MESSAGES.required),
  v.check((pw) => isStrongPassword(pw), PASSWORD_MESSAGES.weak),
);

export const RESET_EMAIL_MESSAGES = es.resetEmail;

/** E-mail pattern of the reset (docs/product/passwords.md, Reset by e-mail): top-level domain of 2 to 4 letters. */
export const RESET_EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,4}$/;

/**
 * The forgot-password e-mail field, at most 100 characters (docs/product/passwords.md, Reset by
 * e-mail). The screens word the empty field two ways ('El Campo email es obligatorio', or 'Ingresa
 * un email valido' in the `myself` look).
 */
export function resetEmailSchema(requiredMessage: string = RESET_EMAIL_MESSAGES.required) {
  return v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.maxLength(100, RESET_EMAIL_MESSAGES.max),
    v.regex(RESET_EMAIL_PATTERN, RESET_EMAIL_MESSAGES.format),
  );
}

export const ResetEmailSchema = resetEmailSchema();

/**
 * The decrypted query string of an activation/reset link:
 * `<origin>/changepassword?<encodeURIComponent(encryptPayload(JSON.stringify(payload), payloadKey))>`.
 * `token` is a random 256-bit base64url value, single use, expiring (docs/architecture.md §5;
 * docs/product/passwords.md, Links).
 */
export interface PasswordLinkPayload {
  user: string;
  token: string;
  tenantLanguage?: string;
  isUserActivation: boolean;
}

/**
 * `mechanismAfterSetPass` values (docs/product/passwords.md, Links): 1 = go to the application's
 * login, 2 = application home (automatic sign-in).
 */
export const MECHANISM_AFTER_SET_PASS = { applicationLogin: 1, applicationHome: 2 } as const;

/** POST /api/login/GetUsersResetPassword request; without `appname`, the application of the page's host. */
export const GetUsersResetPasswordRequestSchema = v.object({
  email: ResetEmailSchema,
  appname: v.optional(v.pipe(v.string(), v.nonEmpty(es.messages.required), v.maxLength(50, maxMessage(50)))),
});
export type GetUsersResetPasswordRequest = v.InferOutput<typeof GetUsersResetPasswordRequestSchema>;

/** One account of GetUsersResetPassword (docs/product/passwords.md, Calls); `email` is masked. */
export interface UserAccountEntry {
  username: string;
  email: string;
  assignManualPassword: boolean;
}
export interface GetUsersResetPasswordResult {
  users: UserAccountEntry[];
}

/** POST /api/login/ResetPassword request; `user` is a user name or an e-mail. */
export const ResetPasswordRequestSchema = v.object({
  appname: v.pipe(v.string(), v.nonEmpty(es.messages.required), v.maxLength(50, maxMessage(50))),
  user: v.pipe(v.string(), v.trim(), v.nonEmpty(PASSWORD_MESSAGES.required), v.maxLength(USER_NAME_MAX, maxMessage(USER_NAME_MAX))),
  isByUser: v.optional(v.boolean()),
  isInvalidLinkScreen: v.optional(v.boolean()),
});
export type ResetPasswordRequest = v.InferOutput<typeof ResetPasswordRequestSchema>;
export interface ResetPasswordResult {
  information: string;
  maskedEmail: string;
}

/** POST /api/login/AssignPassword request; `password` is encrypted with encryptPayload. */
export const AssignPasswordRequestSchema = v.object({
  user: v.pipe(v.string(), v.trim(), v.nonEmpty(es.messages.required), v.maxLength(USER_NAME_MAX, maxMessage(USER_NAME_MAX))),
  token: v.pipe(v.string(), v.nonEmpty(es.messages.required), v.maxLength(200, maxMessage(200))),
  appname: v.pipe(v.string(), v.nonEmpty(es.messages.required), v.maxLength(50, maxMessage(50))),
  password: v.pipe(v.string(), v.nonEmpty(PASSWORD_MESSAGES.required), v.maxLength(1024, maxMessage(1024))),
  isUserActivation: v.optional(v.boolean(), false),
});
export type AssignPasswordRequest = v.InferOutput<typeof AssignPasswordRequestSchema>;

export interface AssignPasswordApp {
  name: string;
  title: string;
  urlApp: string;
  landing: string;
}
/**
 * AssignPassword reply `result`. Refusals carry informationCode R31 (invalid or used link, 400)
 * or R32 (expired link, 410; for an activation also `email` and `user` for /resendemail),
 * R400 (weak password), R33 (password in history).
 */
export interface AssignPasswordResult {
  information: string;
  informationCode?: string;
  apps: AssignPasswordApp[];
  mechanismAfterSetPass: number;
  email?: string;
  user?: string;
}

/** POST /api/login/ChangePassword request; `password` and `newpassword` are encrypted. */
export const ChangePasswordRequestSchema = v.object({
  user: v.pipe(v.string(), v.trim(), v.nonEmpty(PASSWORD_MESSAGES.required), v.maxLength(USER_NAME_MAX, maxMessage(USER_NAME_MAX))),
  password: v.pipe(v.string(), v.nonEmpty(PASSWORD_MESSAGES.required), v.maxLength(1024, maxMessage(1024))),
  newpassword: v.pipe(v.string(), v.nonEmpty(PASSWORD_MESSAGES.required), v.maxLength(1024, maxMessage(1024))),
  appname: v.pipe(v.string(), v.nonEmpty(es.messages.required), v.maxLength(50, maxMessage(50))),
  /** The solved captcha, when the application (or the account's own) asks for it. */
  tokenCaptcha: v.optional(v.string()),
});
export type ChangePasswordRequest = v.InferOutput<typeof ChangePasswordRequestSchema>;

/** POST /api/user/SendUserActivationEmail request. */
export const SendUserActivationEmailRequestSchema = v.object({
  user: v.pipe(v.string(), v.trim(), v.nonEmpty(PASSWORD_MESSAGES.required), v.maxLength(USER_NAME_MAX, maxMessage(USER_NAME_MAX))),
  appname: v.pipe(v.string(), v.nonEmpty(es.messages.required), v.maxLength(50, maxMessage(50))),
});

/**
 * Masked e-mail of the check-email screens (docs/product/passwords.md, Masked e-mails): '***' plus
 * the last part of the address, i.e. the last third (at least one character) of the local part and
 * the domain: 'juan.perez@example.com' → '***rez@example.com'.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const keep = Math.max(1, Math.floor(local.length / 3));
  return `***${local.slice(local.length - keep)}${email.slice(at)}`;
}

/**
 * Masked e-mail of the resend flow (docs/product/passwords.md, Masked e-mails): the first third of
 * the local part, the rest hidden up to the domain: 'juan.perez@example.com' →
 * 'jua*******@example.com'.
 */
export function maskEmailKeepStart(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const keep = Math.max(1, Math.floor(local.length / 3));
  return `${local.slice(0, keep)}${'*'.repeat(local.length - keep)}${email.slice(at)}`;
}

/** Reply `result` schemas of the password flows (their types are above). */
export const GetUsersResetPasswordResultSchema = resultSchema<GetUsersResetPasswordResult>()(
  v.object({
    users: v.array(
      resultSchema<UserAccountEntry>()(v.object({ username: v.string(), email: v.string(), assignManualPassword: v.boolean() })),
    ),
  }),
);
export const ResetPasswordResultSchema = resultSchema<ResetPasswordResult>()(
  v.object({ information: v.string(), maskedEmail: v.string() }),
);
export const AssignPasswordResultSchema = resultSchema<AssignPasswordResult>()(
  v.object({
    information: v.string(),
    informationCode: v.optional(v.string()),
    apps: v.array(
      resultSchema<AssignPasswordApp>()(v.object({ name: v.string(), title: v.string(), urlApp: v.string(), landing: v.string() })),
    ),
    mechanismAfterSetPass: v.number(),
    email: v.optional(v.string()),
    user: v.optional(v.string()),
  }),
);
