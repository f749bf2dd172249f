import * as v from 'valibot';
import { es } from '../phrases/es';
import { resultSchema } from './envelope';
import { USER_NAME_MAX } from './login';
import { maxMessage } from './validation';

/**
 * The sign-in captcha (docs/product/sign-in.md, Captcha) and the OTP-reset requests
 * (docs/product/passwords.md, OTP reset; docs/security/otp-reset.md,
 * docs/adr/0017-captcha-and-otp-reset.md).
 */
export const OTP_RESET_MESSAGES = es.otpReset;

/** GET: a new ALTCHA challenge for the sign-in screens of an application with `captchaApply`. */
export const CAPTCHA_CHALLENGE_PATH = '/api/captcha/challenge';

/**
 * The link's query: `?link=<token>`. The page reads the token after the first 6 characters of the
 * search string (docs/product/passwords.md, OTP reset), so the name and its `=` are exactly 5
 * characters.
 */
const LINK_PREFIX = '?link=';

/** The e-mailed link of an OTP-reset request: `<origin>/resetotp?link=<token>`. */
export function otpResetLink(origin: string, resetOtpPath: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${resetOtpPath}${LINK_PREFIX}${encodeURIComponent(token)}`;
}

/** The token of a /resetotp search string: what follows its first 6 characters. */
export function otpResetTokenOf(search: string): string {
  try {
    return decodeURIComponent(search.slice(LINK_PREFIX.length));
  } catch {
    return '';
  }
}

/** A link token: 256 random bits in base64url (43 characters). */
const TokenSchema = v.pipe(v.string(), v.trim(), v.nonEmpty(es.messages.required), v.maxLength(200, maxMessage(200)));

/** POST /api/login/ValidateOtpMail body (docs/product/passwords.md, Calls). */
export const ValidateOtpMailRequestSchema = v.object({ token: TokenSchema });
export type ValidateOtpMailRequest = v.InferOutput<typeof ValidateOtpMailRequestSchema>;

/** POST /api/otp-reset/requests body: the application (its token's audience) and the user to reset. */
export const CreateOtpResetRequestSchema = v.object({
  appName: v.pipe(v.string(), v.trim(), v.nonEmpty(es.messages.required), v.maxLength(50, maxMessage(50))),
  userName: v.pipe(v.string(), v.trim(), v.nonEmpty(es.messages.required), v.maxLength(USER_NAME_MAX, maxMessage(USER_NAME_MAX))),
});
export type CreateOtpResetRequest = v.InferOutput<typeof CreateOtpResetRequestSchema>;

/** pending: mailed, not confirmed yet; validated: the user confirmed; expired: the link ran out unconfirmed. */
export type OtpResetState = 'pending' | 'validated' | 'expired';

/** A request as its application reads it. */
export interface OtpResetRequestRecord {
  id: string;
  appName: string;
  userName: string;
  state: OtpResetState;
  /** ISO-8601. */
  createdAt: string;
  expiresAt: string;
  validatedAt: string | null;
}
export const OtpResetRequestRecordSchema = resultSchema<OtpResetRequestRecord>()(
  v.object({
    id: v.string(),
    appName: v.string(),
    userName: v.string(),
    state: v.picklist(['pending', 'validated', 'expired']),
    createdAt: v.string(),
    expiresAt: v.string(),
    validatedAt: v.nullable(v.string()),
  }),
);

/** The create's reply: the message and the request (its id to read the state with). */
export interface CreateOtpResetResult {
  information: string;
  informationCode: string;
  request: OtpResetRequestRecord;
}
export const CreateOtpResetResultSchema = resultSchema<CreateOtpResetResult>()(
  v.object({ information: v.string(), informationCode: v.string(), request: OtpResetRequestRecordSchema }),
);

/** GET /api/otp-reset/requests/:id params. */
export const OtpResetRequestParamsSchema = v.object({ id: v.pipe(v.string(), v.uuid(es.request.invalidId)) });
