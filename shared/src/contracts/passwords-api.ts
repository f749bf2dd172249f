import {
  CertificateAccountRequestSchema,
  CertificateCodeRequestSchema,
  CertificateLoginRequestSchema,
  DocumentTypesLoginResultSchema,
  ExistsUsersAccountHeadersSchema,
  ExistsUsersAccountResultSchema,
  ValidateOtpUserRequestSchema,
} from './certificate';
import { ErrorResultSchema } from './envelope';
import { LoginResultSchema } from './login';
import { ConnectOidcHeadersSchema, ConnectOidcResultSchema, GenerateTokenOidcRequestSchema } from './oidc';
import {
  CreateOtpResetRequestSchema,
  CreateOtpResetResultSchema,
  OtpResetRequestParamsSchema,
  OtpResetRequestRecordSchema,
  ValidateOtpMailRequestSchema,
} from './otp-reset';
import {
  AssignPasswordRequestSchema,
  AssignPasswordResultSchema,
  ChangePasswordRequestSchema,
  GetUsersResetPasswordRequestSchema,
  GetUsersResetPasswordResultSchema,
  ResetPasswordRequestSchema,
  ResetPasswordResultSchema,
  SendUserActivationEmailRequestSchema,
} from './passwords';
import { endpoint, type Endpoint } from './endpoint';

/**
 * Password flows, certificate users, OTP reset and the external sign-in (docs/product/passwords.md,
 * docs/product/sign-in.md): public but for the OTP-reset requests, made with the application's own
 * access token.
 */
export const passwordsApi = {
  // ------------------------------------------------------------ reset and activation by e-mail
  usersForReset: endpoint({
    method: 'POST',
    path: '/api/login/GetUsersResetPassword',
    summary: 'Accounts that can reset their password',
    tag: 'passwords',
    body: GetUsersResetPasswordRequestSchema,
    result: GetUsersResetPasswordResultSchema,
    access: 'public',
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/api/login/ResetPassword',
    summary: 'Send a password reset link',
    tag: 'passwords',
    body: ResetPasswordRequestSchema,
    result: ResetPasswordResultSchema,
    access: 'public',
  }),
  /** Its message is in `statusDetails[0]` too (the resend screen shows it). */
  activationEmail: endpoint({
    method: 'POST',
    path: '/api/user/SendUserActivationEmail',
    summary: 'Send an activation e-mail',
    tag: 'passwords',
    body: SendUserActivationEmailRequestSchema,
    result: ErrorResultSchema,
    access: 'public',
  }),
  assignPassword: endpoint({
    method: 'POST',
    path: '/api/login/AssignPassword',
    summary: 'Set a password from an activation or reset link',
    tag: 'passwords',
    body: AssignPasswordRequestSchema,
    result: AssignPasswordResultSchema,
    access: 'public',
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/login/ChangePassword',
    summary: 'Change the password',
    tag: 'passwords',
    body: ChangePasswordRequestSchema,
    result: ErrorResultSchema,
    access: 'public',
  }),

  // ------------------------------------------------------------ certificate users
  certificateDocumentTypes: endpoint({
    method: 'GET',
    path: '/api/documentType/GetDocumentTypesLogin',
    summary: 'Document types of the certificate sign-in',
    tag: 'certificate',
    result: DocumentTypesLoginResultSchema,
    access: 'public',
  }),
  certificateSignIn: endpoint({
    method: 'POST',
    path: '/api/login/LoginCertificate',
    summary: 'Sign in with a certificate user (document and password)',
    tag: 'certificate',
    body: CertificateLoginRequestSchema,
    result: LoginResultSchema,
    access: 'public',
  }),
  certificateAccounts: endpoint({
    method: 'GET',
    path: '/api/login/GetExistsUsersAccount',
    summary: 'Certificate accounts of a document',
    tag: 'certificate',
    headers: ExistsUsersAccountHeadersSchema,
    result: ExistsUsersAccountResultSchema,
    access: 'public',
  }),
  certificateResetLink: endpoint({
    method: 'POST',
    path: '/api/login/resetPasswordCertificateUser',
    summary: 'Send a reset link to a certificate user whose password was assigned by hand',
    tag: 'certificate',
    body: CertificateAccountRequestSchema,
    result: ErrorResultSchema,
    access: 'public',
  }),
  certificateSendCode: endpoint({
    method: 'POST',
    path: '/api/user/send-otp-user',
    summary: 'E-mail a reset code to a certificate user, named by user name or e-mail',
    tag: 'certificate',
    body: CertificateCodeRequestSchema,
    result: ErrorResultSchema,
    access: 'public',
  }),
  certificateValidateCode: endpoint({
    method: 'POST',
    path: '/api/user/validate-otp-user',
    summary: "Check a reset code and put the certificate's initial password back",
    tag: 'certificate',
    body: ValidateOtpUserRequestSchema,
    result: ErrorResultSchema,
    access: 'public',
  }),

  // ------------------------------------------------------------ OTP reset (docs/security/otp-reset.md)
  /** Made with the token of the application's own account (its audience names the application). */
  otpResetCreate: endpoint({
    method: 'POST',
    path: '/api/otp-reset/requests',
    summary: "An application asks to confirm by e-mail a user's OTP reset",
    tag: 'otp-reset',
    body: CreateOtpResetRequestSchema,
    result: CreateOtpResetResultSchema,
    access: 'session',
  }),
  otpResetRead: endpoint({
    method: 'GET',
    path: '/api/otp-reset/requests/:id',
    summary: 'The state of an OTP-reset request, for the application that made it',
    tag: 'otp-reset',
    params: OtpResetRequestParamsSchema,
    result: OtpResetRequestRecordSchema,
    access: 'session',
  }),
  /**
   * The e-mailed link's token; the outcome (A10, or R11 with its reason) is in `statusDetails[0]`
   * (docs/product/passwords.md, OTP reset).
   */
  otpResetValidate: endpoint({
    method: 'POST',
    path: '/api/login/ValidateOtpMail',
    summary: 'Confirm an OTP-reset request from its e-mailed link',
    tag: 'otp-reset',
    body: ValidateOtpMailRequestSchema,
    result: ErrorResultSchema,
    access: 'public',
  }),

  // ------------------------------------------------------------ external sign-in (docs/security/oidc.md)
  oidcConnect: endpoint({
    method: 'GET',
    path: '/api/login/connect-ciam-oidc',
    summary: 'Start a sign-in at the external identity provider',
    tag: 'oidc',
    headers: ConnectOidcHeadersSchema,
    result: ConnectOidcResultSchema,
    access: 'public',
  }),
  oidcExchange: endpoint({
    method: 'POST',
    path: '/api/login/generate-token-oidc',
    summary: 'Exchange the external identity provider code for tokens',
    tag: 'oidc',
    body: GenerateTokenOidcRequestSchema,
    result: LoginResultSchema,
    access: 'public',
  }),
} as const satisfies Record<string, Endpoint>;

/** The certificate sign-in's path (docs/product/sign-in.md, Calls). */
export const CERTIFICATE_LOGIN_PATH = passwordsApi.certificateSignIn.path;
