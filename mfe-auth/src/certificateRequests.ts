import {
  CERTIFICATE_LOGIN_PATH,
  apiClient,
  browserName,
  encryptPayloadAsync,
  getRuntimeConfig,
  sessionTabId,
  type CertificateLoginRequest,
  type CertificateResetResult,
  type DocumentTypeRecord,
  type DocumentTypesLoginResult,
  type Envelope,
  type ExistsUsersAccountResult,
  type LoginResult,
} from '@suite/shared';
import { publicOptions } from './publicRequests';

/** The calls of the certificate sign-in and reset (portal spec §7; docs/security/certificate.md). */

/** GET /api/documentType/GetDocumentTypesLogin: the types of the select (result.records.result.records). */
export async function fetchDocumentTypes(): Promise<DocumentTypeRecord[]> {
  const reply = await apiClient.get<DocumentTypesLoginResult>('documentType/GetDocumentTypesLogin', publicOptions());
  const records = reply.result?.records?.result?.records;
  return Array.isArray(records) ? records : [];
}

/** POST /api/login/LoginCertificate with the password encrypted as the sign-in's. */
export async function requestCertificateSignIn(documentType: number, documentNumber: string, password: string, tokenCaptcha = ''): Promise<Envelope<LoginResult>> {
  const { payloadKey, appName } = getRuntimeConfig();
  const body: CertificateLoginRequest = {
    documentType,
    documentNumber,
    password: await encryptPayloadAsync(password, payloadKey),
    appname: appName,
    page: window.location.search,
    tokenCaptcha,
    Browser: browserName(),
    idSessionTab: sessionTabId(),
  };
  return apiClient.post<LoginResult>(CERTIFICATE_LOGIN_PATH.replace(/^\/api\//, ''), body, publicOptions());
}

/** GET /api/login/GetExistsUsersAccount: the certificate accounts tied to a document. */
export function requestAccountsOfDocument(documentType: number, documentNumber: string): Promise<Envelope<ExistsUsersAccountResult>> {
  const options = publicOptions();
  return apiClient.get<ExistsUsersAccountResult>('login/GetExistsUsersAccount', {
    ...options,
    headers: { ...options.headers, documentType: String(documentType), documentNumber },
  });
}

const account = (UserName: string) => ({ UserName, appname: getRuntimeConfig().appName });

/** POST /api/login/resetPasswordCertificateUser: the reset link of an account whose password was set by hand. */
export function requestCertificateResetLink(userName: string): Promise<Envelope<CertificateResetResult>> {
  return apiClient.post<CertificateResetResult>('login/resetPasswordCertificateUser', account(userName), publicOptions());
}

/** POST /api/user/send-otp-user: e-mails a new reset code. */
export function requestResetCode(userName: string): Promise<Envelope<CertificateResetResult>> {
  return apiClient.post<CertificateResetResult>('user/send-otp-user', account(userName), publicOptions());
}

/** POST /api/user/validate-otp-user: checks the code; success puts the certificate's password back. */
export function validateResetCode(userName: string, code: string): Promise<Envelope<CertificateResetResult>> {
  return apiClient.post<CertificateResetResult>('user/validate-otp-user', { ...account(userName), OtpCode: code }, publicOptions());
}
