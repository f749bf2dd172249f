import {
  browserName,
  call,
  encryptPayloadAsync,
  getRuntimeConfig,
  passwordsApi,
  sessionTabId,
  type CertificateLoginRequest,
  type CertificateResetResult,
  type DocumentTypeRecord,
  type Envelope,
  type ExistsUsersAccountResult,
  type LoginResult,
} from '@suite/shared';
import { publicOptions } from './publicRequests';

/** The calls of the certificate sign-in and reset (docs/product/sign-in.md, docs/product/passwords.md; docs/security/certificate.md). */

/** The types of the select (result.records.result.records). */
export async function fetchDocumentTypes(): Promise<DocumentTypeRecord[]> {
  const result = await call(passwordsApi.certificateDocumentTypes, {}, publicOptions());
  const records = result?.records?.result?.records;
  return Array.isArray(records) ? records : [];
}

/** The certificate sign-in, the password encrypted as the sign-in's. */
export async function requestCertificateSignIn(
  documentType: number,
  documentNumber: string,
  password: string,
  tokenCaptcha = '',
): Promise<Envelope<LoginResult>> {
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
  return { statusCode: 200, result: await call(passwordsApi.certificateSignIn, { body }, publicOptions()) };
}

/** The certificate accounts tied to a document. */
export async function requestAccountsOfDocument(documentType: number, documentNumber: string): Promise<Envelope<ExistsUsersAccountResult>> {
  return {
    statusCode: 200,
    result: await call(
      passwordsApi.certificateAccounts,
      { headers: { documentType: String(documentType), documentNumber } },
      publicOptions(),
    ),
  };
}

const account = (UserName: string) => ({ UserName, appname: getRuntimeConfig().appName });

/** The reset link of an account whose password was set by hand. */
export async function requestCertificateResetLink(userName: string): Promise<Envelope<CertificateResetResult>> {
  return { statusCode: 200, result: await call(passwordsApi.certificateResetLink, { body: account(userName) }, publicOptions()) };
}

/** E-mails a new reset code. */
export async function requestResetCode(userName: string): Promise<Envelope<CertificateResetResult>> {
  return { statusCode: 200, result: await call(passwordsApi.certificateSendCode, { body: account(userName) }, publicOptions()) };
}

/** Checks the code; success puts the certificate's password back. */
export async function validateResetCode(userName: string, code: string): Promise<Envelope<CertificateResetResult>> {
  return {
    statusCode: 200,
    result: await call(passwordsApi.certificateValidateCode, { body: { ...account(userName), OtpCode: code } }, publicOptions()),
  };
}
