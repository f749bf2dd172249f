import { randomInt } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  CERTIFICATE_MESSAGES,
  INFORMATION_CODES,
  MESSAGES,
  RESET_CODE_LENGTH,
  RESET_CODE_MINUTES,
  certificateDocumentSchema,
  maskEmailKeepStart,
  type CertificateAccountRequest,
  type CertificateCodeRequest,
  type CertificateLoginRequest,
  type CertificateResetResult,
  type DocumentTypesLoginResult,
  type ExistsUsersAccountResult,
  type LoginResult,
  type ValidateOtpUserRequest,
} from '@suite/shared/contracts';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import { SharedLimiter, tooManyRequests } from '../../http/rate-limit';
import { decoyVerify, hashPassword, verifyPassword } from '../../security/passwords';
import { signIn } from '../auth/service';
import { afterPasswordSet, findOpenApplication } from '../passwords/service';
import { queuePasswordMail, sendPasswordMail, tenantLanguage } from '../passwords/send-link';
import {
  accountsOfDocument,
  certificateAccount,
  certificateAccountsOfEmail,
  certificateDocumentType,
  certificateDocumentTypes,
  certificateUserName,
  claimCodeAttempt,
  recentCodeCounts,
  restoreCertificatePassword,
  signInVariantOf,
  storeResetCode,
  type CertificateAccount,
} from './queries';

/** A reset call's body with its application: the route fills it from the page's host when the call left it out. */
type WithApp = { appname: string };

/** The window of the limits of reset codes: RESET_ADDRESS_RATE_LIMIT per account, RESET_RATE_LIMIT per client. */
const CODE_LIMIT_SECONDS = 3600;

const badRequest = (information: string) => new ApiError(400, information, INFORMATION_CODES.badRequest);

/**
 * The name a sign-in by an unknown document goes through the credential check with: longer than
 * any user name (users.user_name holds 1 to 100 characters), so it names no account, while the
 * document still gets a lockout counter of its own and the same decoy verify as an unknown name.
 */
export function unknownDocumentName(documentTypeId: number, documentNumber: string): string {
  return `certificate-document:${documentTypeId}:${documentNumber.toUpperCase()}:`.padEnd(101, '#');
}

/** A random code of RESET_CODE_LENGTH digits (crypto randomness, uniform). */
export function newResetCode(): string {
  return String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
}

/**
 * The subject a code counts on: the account's id, or, when no account can get a code, what was
 * asked for — `~` and the user name, or `@` and the e-mail, so an e-mail has a budget of its own.
 */
const codeSubject = (account: CertificateAccount | undefined, asked: string) => account?.id ?? asked;
const nameSubject = (userName: string) => `~${userName.trim().toLowerCase()}`;
const emailSubject = (email: string) => `@${email.trim().toLowerCase()}`;

/** An account whose password the certificate assigned (it resets by code); the others reset by link. */
const resetsByCode = (account: CertificateAccount | undefined): account is CertificateAccount & { certificate_password_hash: string } =>
  Boolean(account?.certificate_password_hash);

export type CertificateFlows = ReturnType<typeof certificateFlows>;

/**
 * Certificate users (docs/security/certificate.md): document types, sign-in by document through
 * the one credential check, the accounts of a document, and the two resets — by link for a
 * password assigned by hand, by e-mailed code back to the certificate's initial password.
 */
export function certificateFlows(ctx: AppContext) {
  const { db, config } = ctx;
  const perAddress = new SharedLimiter(
    db,
    'certificate-flows',
    config.rateLimit.resetPerAddressPerHour,
    3600_000,
    config.rateLimit.enabled,
  );

  /** The document's type must be one offered for certificates, and the number must follow its rule. */
  async function checkedDocument(documentTypeId: number, documentNumber: string): Promise<string> {
    const type = await certificateDocumentType(db, documentTypeId);
    if (!type) throw badRequest(CERTIFICATE_MESSAGES.documentTypeInvalid);
    const number = v.safeParse(certificateDocumentSchema(type.alphanumeric), documentNumber);
    if (!number.success) throw badRequest(number.issues[0].message);
    return number.output;
  }

  /**
   * The account a code call names (docs/product/passwords.md, Calls): by user name, or by e-mail —
   * the certificate users of the e-mail, narrowed to the document's holder when one is given, and
   * only when exactly one remains. `asked` is what codeSubject falls back on. One lookup either
   * way, and no answer tells whether an e-mail has accounts.
   */
  async function namedAccount(body: CertificateCodeRequest): Promise<{ found: CertificateAccount | undefined; asked: string }> {
    if (body.UserName !== undefined) return { found: await certificateAccount(db, body.UserName), asked: nameSubject(body.UserName) };
    const email = body.Email ?? '';
    const document =
      body.documentType !== undefined && body.documentNumber !== undefined
        ? { documentTypeId: body.documentType, documentNumber: await checkedDocument(body.documentType, body.documentNumber) }
        : undefined;
    const rows = await certificateAccountsOfEmail(db, email, document);
    return { found: rows.length === 1 ? rows[0] : undefined, asked: emailSubject(email) };
  }

  return {
    async documentTypes(): Promise<DocumentTypesLoginResult> {
      const records = await certificateDocumentTypes(db);
      return { records: { result: { records, count: records.length } } };
    },

    /**
     * Signs a certificate user in by document: the document names the account, then the sign-in
     * is POST /api/Login's own (credential check, lockout, outcomes, tokens, sessions, limits).
     */
    async signIn(request: FastifyRequest, reply: FastifyReply, body: CertificateLoginRequest): Promise<LoginResult> {
      const variant = await signInVariantOf(db, body.appname);
      if (variant === undefined) throw new ApiError(400, MESSAGES.applicationUnknown, INFORMATION_CODES.badRequest);
      if (variant !== 'certificate') throw badRequest(CERTIFICATE_MESSAGES.notCertificateApp);
      const number = await checkedDocument(body.documentType, body.documentNumber);
      const userName = (await certificateUserName(db, body.documentType, number)) ?? unknownDocumentName(body.documentType, number);
      return signIn(
        ctx,
        request,
        reply,
        {
          user: userName,
          password: body.password,
          appname: body.appname,
          page: body.page,
          tokenCaptcha: body.tokenCaptcha,
          Browser: body.Browser,
          idSessionTab: body.idSessionTab,
        },
        'certificate',
      );
    },

    /** The accounts tied to a document (the reset screen lists them to pick one: docs/product/passwords.md, Certificate users). */
    async accounts(documentTypeId: number, documentNumber: string): Promise<ExistsUsersAccountResult> {
      const number = await checkedDocument(documentTypeId, documentNumber);
      await perAddress.enforce(`document:${documentTypeId}:${number}`);
      const rows = await accountsOfDocument(db, documentTypeId, number);
      if (rows.length === 0) throw new ApiError(404, CERTIFICATE_MESSAGES.noAccounts, INFORMATION_CODES.notFound);
      return {
        accounts: rows.map((r) => ({ username: r.user_name, email: maskEmailKeepStart(r.email), assignManualPassword: !resetsByCode(r) })),
      };
    },

    /** Mails a reset link to an account whose password was assigned by hand; the same answer for any other name. */
    async resetByLink(request: FastifyRequest, body: CertificateAccountRequest & WithApp): Promise<CertificateResetResult> {
      const application = await findOpenApplication(db, body.appname);
      const account = await certificateAccount(db, body.UserName);
      await perAddress.enforce(`account:${codeSubject(account, nameSubject(body.UserName))}`);
      // one queued job either way: the answer takes the same time for every name
      await queuePasswordMail(ctx, request, 'reset', account && !resetsByCode(account) ? account : undefined, application);
      return { information: MESSAGES.resetEmailSent, informationCode: INFORMATION_CODES.success };
    },

    /**
     * Mails a new code to an account whose password the certificate assigned (its earlier codes
     * die). Any other name, and an e-mail naming no single account, gets the same answer and a
     * code row no one can use, so the limits count it alike and the timing is the same.
     */
    async sendCode(request: FastifyRequest, body: CertificateCodeRequest & WithApp): Promise<CertificateResetResult> {
      const application = await findOpenApplication(db, body.appname);
      const { found, asked } = await namedAccount(body);
      const account = resetsByCode(found) ? found : undefined;
      const subject = codeSubject(account, asked);
      const client = request.ip;
      if (config.rateLimit.enabled) {
        const recent = await recentCodeCounts(db, subject, client, CODE_LIMIT_SECONDS);
        if (recent.subject >= config.rateLimit.resetPerAddressPerHour || recent.client >= config.rateLimit.resetPerMinute) {
          throw tooManyRequests(CODE_LIMIT_SECONDS, MESSAGES.tooManyRequestsForAccount);
        }
      }
      const code = newResetCode();
      const seconds = RESET_CODE_MINUTES * 60;
      await storeResetCode(db, {
        subject,
        userId: account?.id ?? null,
        applicationId: application.id,
        codeHash: await hashPassword(code),
        seconds,
        client,
      });
      if (account) {
        await sendPasswordMail(ctx, 'resetCode', account, application, tenantLanguage(request, application), undefined, seconds, code);
        request.log.info({ userId: account.id, app: application.name }, 'certificate reset code sent');
      }
      return { information: CERTIFICATE_MESSAGES.codeSent, informationCode: INFORMATION_CODES.success };
    },

    /**
     * Checks a code: each call takes one of its five tries; the right one puts the certificate's
     * initial password back (lockout lifted, sessions ended, a notice mailed). A wrong, spent or
     * expired code changes nothing but its count of tries.
     */
    async validateCode(request: FastifyRequest, body: ValidateOtpUserRequest & WithApp): Promise<CertificateResetResult> {
      const application = await findOpenApplication(db, body.appname);
      const { found, asked } = await namedAccount(body);
      const account = resetsByCode(found) ? found : undefined;
      const claimed = await claimCodeAttempt(db, codeSubject(account, asked), application.id);
      if (!claimed || !account) {
        await decoyVerify(body.OtpCode);
        throw badRequest(CERTIFICATE_MESSAGES.codeExpired);
      }
      if (!(await verifyPassword(claimed.code_hash, body.OtpCode))) throw badRequest(CERTIFICATE_MESSAGES.codeWrong);
      if (!(await restoreCertificatePassword(db, claimed.id, account))) throw badRequest(CERTIFICATE_MESSAGES.codeExpired);
      await afterPasswordSet(ctx, request, account, application);
      request.log.info({ userId: account.id, app: application.name }, 'certificate password restored by code');
      return { information: CERTIFICATE_MESSAGES.passwordRestored, informationCode: INFORMATION_CODES.success };
    },
  };
}
