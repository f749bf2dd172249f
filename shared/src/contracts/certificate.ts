import * as v from 'valibot';
import { es } from '../phrases/es';
import { resultSchema, type ErrorResult } from './envelope';
import { USER_NAME_MAX } from './login';
import { ResetEmailSchema, type UserAccountEntry } from './passwords';
import type { DocumentTypeRecord } from './users-catalogs';
import { maxMessage } from './validation';

/**
 * Certificate users (type 4): sign-in by document type, number and password, and the password
 * reset by e-mailed code (docs/product/sign-in.md, Screens; docs/product/passwords.md, Certificate
 * users; docs/security/certificate.md).
 */
export const CERTIFICATE_MESSAGES = es.certificate;

/** Certificate document number: 5 to 15 characters (docs/product/sign-in.md, Fields and rules). */
export const CERTIFICATE_DOCUMENT_MIN = 5;
export const CERTIFICATE_DOCUMENT_MAX = 15;
/** Reset code: 6 digits, valid 10 minutes, 5 tries (docs/product/passwords.md, Certificate users; ASVS 6.6.3). */
export const RESET_CODE_LENGTH = 6;
export const RESET_CODE_MINUTES = 10;
export const RESET_CODE_MAX_ATTEMPTS = 5;

/** The document number's rule by its type: numeric, or alphanumeric for PA-like types (docs/product/sign-in.md). */
export function certificateDocumentSchema(alphanumeric: boolean) {
  const [pattern, message] = alphanumeric
    ? [/^[A-Za-z0-9]{5,15}$/, CERTIFICATE_MESSAGES.documentAlphanumeric]
    : [/^[0-9]{5,15}$/, CERTIFICATE_MESSAGES.documentNumeric];
  return v.pipe(v.string(), v.trim(), v.nonEmpty(es.messages.required), v.regex(pattern, message));
}

/** The reset code field (docs/product/passwords.md, Certificate users): required, exactly 6 digits. */
export const ResetCodeSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(es.messages.required),
  v.regex(/^[0-9]{6}$/, CERTIFICATE_MESSAGES.codeFormat),
);

const AppNameSchema = v.pipe(v.string(), v.trim(), v.nonEmpty(es.messages.required), v.maxLength(50, maxMessage(50)));
const DocumentTypeIdSchema = v.pipe(
  v.number(es.messages.required),
  v.integer(CERTIFICATE_MESSAGES.documentTypeInvalid),
  v.minValue(1, CERTIFICATE_MESSAGES.documentTypeInvalid),
  v.maxValue(1_000_000, CERTIFICATE_MESSAGES.documentTypeInvalid),
);
/** The number as typed; its rule depends on the type, checked against the stored type. */
const DocumentNumberSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(es.messages.required),
  v.maxLength(CERTIFICATE_DOCUMENT_MAX, CERTIFICATE_MESSAGES.documentNumeric),
);
const UserNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(es.messages.required),
  v.maxLength(USER_NAME_MAX, maxMessage(USER_NAME_MAX)),
);

/**
 * POST /api/login/LoginCertificate request (docs/product/sign-in.md, Calls); `documentType`
 * is the documentTypeId of GetDocumentTypesLogin, `password` encrypted like the sign-in's. The
 * reply is POST /api/Login's (LoginResult) with the same codes.
 */
export const CertificateLoginRequestSchema = v.object({
  documentType: DocumentTypeIdSchema,
  documentNumber: DocumentNumberSchema,
  password: v.pipe(v.string(), v.nonEmpty(es.messages.required), v.maxLength(1024, maxMessage(1024))),
  appname: AppNameSchema,
  page: v.optional(v.string()),
  tokenCaptcha: v.optional(v.string()),
  Browser: v.optional(v.string()),
  idSessionTab: v.optional(v.pipe(v.string(), v.regex(/^\d{16}$/, es.request.sessionTabInvalid))),
});
export type CertificateLoginRequest = v.InferOutput<typeof CertificateLoginRequestSchema>;

/** GET /api/documentType/GetDocumentTypesLogin reply `result`, shaped as documented (docs/product/sign-in.md, Calls). */
export interface DocumentTypesLoginResult {
  records: { result: { records: DocumentTypeRecord[]; count: number } };
}
const DocumentTypeRecordSchema = resultSchema<DocumentTypeRecord>()(
  v.object({
    documentTypeId: v.number(),
    documentTypeDescription: v.string(),
    documentTypeAllowed: v.string(),
    country: v.string(),
    alphanumeric: v.boolean(),
  }),
);
export const DocumentTypesLoginResultSchema = resultSchema<DocumentTypesLoginResult>()(
  v.object({ records: v.object({ result: v.object({ records: v.array(DocumentTypeRecordSchema), count: v.number() }) }) }),
);

/** GET /api/login/GetExistsUsersAccount headers (documentType: the documentTypeId). */
export const ExistsUsersAccountHeadersSchema = v.object({
  documentType: v.pipe(
    v.string(es.messages.required),
    v.trim(),
    v.regex(/^[0-9]{1,7}$/, CERTIFICATE_MESSAGES.documentTypeInvalid),
    v.transform(Number),
  ),
  documentNumber: v.pipe(v.string(es.messages.required), DocumentNumberSchema),
  appName: v.optional(AppNameSchema),
});
/**
 * Reply `result`: the certificate user holding the document and the other certificate users of
 * its e-mail (one person's certificates), e-mail masked keeping the first third of its local part;
 * `assignManualPassword` when the password was assigned by hand (reset by link, not by code).
 */
export interface ExistsUsersAccountResult {
  accounts: UserAccountEntry[];
}
export const ExistsUsersAccountResultSchema = resultSchema<ExistsUsersAccountResult>()(
  v.object({
    accounts: v.array(
      resultSchema<UserAccountEntry>()(v.object({ username: v.string(), email: v.string(), assignManualPassword: v.boolean() })),
    ),
  }),
);

/**
 * POST /api/login/resetPasswordCertificateUser request: the account picked from
 * GetExistsUsersAccount, named by its user name, since the page only has its e-mail masked
 * (docs/product/passwords.md, Calls). Answers ErrorResult. Here and in the code calls, without
 * `appname` the application is the one of the page's host.
 */
export const CertificateAccountRequestSchema = v.object({
  UserName: UserNameSchema,
  appname: v.optional(AppNameSchema),
});
export type CertificateAccountRequest = v.InferOutput<typeof CertificateAccountRequestSchema>;

/**
 * How the code calls name the account (docs/product/passwords.md, Calls): by `UserName` (the
 * page's pick from GetExistsUsersAccount) or by `Email`, exactly one; `documentType` and
 * `documentNumber`, both or neither and only with `Email`, narrow an e-mail several certificate
 * users share to the holder of the document.
 */
const AccountNameEntries = {
  UserName: v.optional(UserNameSchema),
  Email: v.optional(ResetEmailSchema),
  documentType: v.optional(DocumentTypeIdSchema),
  documentNumber: v.optional(DocumentNumberSchema),
};
interface AccountName {
  UserName?: string;
  Email?: string;
  documentType?: number;
  documentNumber?: string;
}
const namesOneAccount = (body: AccountName) => (body.UserName === undefined) !== (body.Email === undefined);
const documentNarrowsEmail = (body: AccountName) => {
  const hasType = body.documentType !== undefined;
  return hasType === (body.documentNumber !== undefined) && (!hasType || body.Email !== undefined);
};

/** POST /api/user/send-otp-user request (docs/product/passwords.md, Calls); answers ErrorResult. */
export const CertificateCodeRequestSchema = v.pipe(
  v.object({ ...AccountNameEntries, appname: v.optional(AppNameSchema) }),
  v.check((body) => namesOneAccount(body), CERTIFICATE_MESSAGES.accountNameOrEmail),
  v.check((body) => documentNarrowsEmail(body), CERTIFICATE_MESSAGES.documentWithEmail),
);
export type CertificateCodeRequest = v.InferOutput<typeof CertificateCodeRequestSchema>;

/** POST /api/user/validate-otp-user request (docs/product/passwords.md, Calls); answers ErrorResult. */
export const ValidateOtpUserRequestSchema = v.pipe(
  v.object({ ...AccountNameEntries, OtpCode: ResetCodeSchema, appname: v.optional(AppNameSchema) }),
  v.check((body) => namesOneAccount(body), CERTIFICATE_MESSAGES.accountNameOrEmail),
  v.check((body) => documentNarrowsEmail(body), CERTIFICATE_MESSAGES.documentWithEmail),
);
export type ValidateOtpUserRequest = v.InferOutput<typeof ValidateOtpUserRequestSchema>;
export type CertificateResetResult = ErrorResult;
