import type { FastifyInstance } from 'fastify';
import {
  CERTIFICATE_LOGIN_PATH,
  CertificateAccountRequestSchema,
  CertificateLoginRequestSchema,
  DocumentTypesLoginResultSchema,
  ErrorResultSchema,
  ExistsUsersAccountHeadersSchema,
  ExistsUsersAccountResultSchema,
  LoginResultSchema,
  ValidateOtpUserRequestSchema,
  type CertificateResetResult,
  type DocumentTypesLoginResult,
  type Envelope,
  type ExistsUsersAccountResult,
  type LoginResult,
} from '@suite/shared/contracts';
import { parseInput } from '../../http/errors';
import { pickHeaders } from '../../http/headers';
import { certificateFlows } from './service';

/** Certificate users (issue 15): sign-in by document and the reset by link or e-mailed code. Public. */
export default async function certificateRoutes(app: FastifyInstance): Promise<void> {
  const { limits } = app.ctx;
  const flows = certificateFlows(app.ctx);

  app.get('/api/documentType/GetDocumentTypesLogin', { config: { contract: { summary: 'Document types of the certificate sign-in', tag: 'certificate', result: DocumentTypesLoginResultSchema } } }, async (): Promise<Envelope<DocumentTypesLoginResult>> => {
    return { statusCode: 200, result: await flows.documentTypes() };
  });

  app.post(CERTIFICATE_LOGIN_PATH, { config: { ...limits.login, contract: { summary: 'Sign in with a certificate user (document and password)', tag: 'certificate', body: CertificateLoginRequestSchema, result: LoginResultSchema } } }, async (request, reply): Promise<Envelope<LoginResult>> => {
    const body = parseInput(CertificateLoginRequestSchema, request.body);
    const result = await flows.signIn(request, reply, body);
    reply.header('cache-control', 'no-store');
    return { statusCode: 200, result };
  });

  app.get('/api/login/GetExistsUsersAccount', { config: { ...limits.reset, contract: { summary: 'Certificate accounts of a document', tag: 'certificate', headers: ExistsUsersAccountHeadersSchema, result: ExistsUsersAccountResultSchema } } }, async (request, reply): Promise<Envelope<ExistsUsersAccountResult>> => {
    const headers = parseInput(ExistsUsersAccountHeadersSchema, pickHeaders(request, ['documentType', 'documentNumber', 'appName']), 'headers');
    reply.header('cache-control', 'no-store');
    return { statusCode: 200, result: await flows.accounts(headers.documentType, headers.documentNumber) };
  });

  app.post('/api/login/resetPasswordCertificateUser', { config: { ...limits.reset, contract: { summary: 'Send a reset link to a certificate user whose password was assigned by hand', tag: 'certificate', body: CertificateAccountRequestSchema, result: ErrorResultSchema } } }, async (request): Promise<Envelope<CertificateResetResult>> => {
    const body = parseInput(CertificateAccountRequestSchema, request.body);
    return { statusCode: 200, result: await flows.resetByLink(request, body) };
  });

  app.post('/api/user/send-otp-user', { config: { ...limits.reset, contract: { summary: 'E-mail a reset code to a certificate user', tag: 'certificate', body: CertificateAccountRequestSchema, result: ErrorResultSchema } } }, async (request): Promise<Envelope<CertificateResetResult>> => {
    const body = parseInput(CertificateAccountRequestSchema, request.body);
    return { statusCode: 200, result: await flows.sendCode(request, body) };
  });

  app.post('/api/user/validate-otp-user', { config: { ...limits.reset, contract: { summary: "Check a reset code and put the certificate's initial password back", tag: 'certificate', body: ValidateOtpUserRequestSchema, result: ErrorResultSchema } } }, async (request): Promise<Envelope<CertificateResetResult>> => {
    const body = parseInput(ValidateOtpUserRequestSchema, request.body);
    return { statusCode: 200, result: await flows.validateCode(request, body) };
  });
}
