import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  INFORMATION_CODES,
  OTP_RESET_MESSAGES,
  USER_TYPE,
  otpResetLink,
  type CreateOtpResetRequest,
  type CreateOtpResetResult,
  type OtpResetRequestRecord,
} from '@suite/shared/contracts';
import { PATHS } from '@suite/shared/federation';
import { formatPhrase } from '@suite/shared/phrases';
import type { AppContext } from '../../context';
import { ApiError, badRequest } from '../../http/errors';
import { publicOrigin } from '../../http/public-origin';
import { SharedLimiter } from '../../http/rate-limit';
import type { AuthUser } from '../../security/auth';
import { recordAudit } from '../../security/audit';
import { hashLinkToken } from '../passwords/links';
import { sendPasswordMail, tenantLanguage } from '../passwords/send-link';
import {
  expirePendingRequests,
  findActiveApplication,
  findRequest,
  findResettableUser,
  insertRequest,
  markValidated,
  requestById,
  requestOfToken,
  userTypeOf,
} from './queries';

/** Why a link was not accepted: the reason of R11 (docs/product/passwords.md, OTP reset). */
export type OtpLinkRefusal = 'invalid' | 'used' | 'expired';

const REASONS: Record<OtpLinkRefusal, string> = {
  invalid: OTP_RESET_MESSAGES.linkInvalid,
  used: OTP_RESET_MESSAGES.linkUsed,
  expired: OTP_RESET_MESSAGES.linkExpired,
};

/** 'No se puede enviar la solicitud de restablecimiento de OTP: <reason>'. */
export const refusalText = (refusal: OtpLinkRefusal) => formatPhrase(OTP_RESET_MESSAGES.refused, { reason: REASONS[refusal] });

export type ValidateOutcome = { ok: true } | { ok: false; refusal: OtpLinkRefusal };

const applicationAccountOnly = () => new ApiError(403, OTP_RESET_MESSAGES.applicationAccountOnly, INFORMATION_CODES.forbidden);

/**
 * The OTP-reset requests (docs/security/otp-reset.md): an application, through its own account
 * (a user of type Aplicación signed in to that application), asks us to confirm by e-mail that a
 * user wants their OTP device reset; the user confirms from the link (ValidateOtpMail); the
 * application reads the request's state. Every change is audited in its transaction.
 */
export function otpResetService(ctx: AppContext) {
  const { db, config } = ctx;
  // each person's mailbox gets a bounded number of these an hour, whichever instance sends them (ADR 0024)
  const perAccount = new SharedLimiter(db, 'otp-reset', config.rateLimit.resetPerAddressPerHour, 3600_000, config.rateLimit.enabled);

  /** The caller is the application's own account: type Aplicación, its token issued for `appName`. */
  async function requireApplicationAccount(caller: AuthUser, appName: string): Promise<void> {
    const forApp = caller.audience.some((aud) => aud.toLowerCase() === appName.toLowerCase());
    if (!forApp || (await userTypeOf(db, caller.id)) !== USER_TYPE.application) throw applicationAccountOnly();
  }

  return {
    async create(request: FastifyRequest, caller: AuthUser, body: CreateOtpResetRequest): Promise<CreateOtpResetResult> {
      await requireApplicationAccount(caller, body.appName);
      const application = await findActiveApplication(db, body.appName);
      if (!application) throw applicationAccountOnly();
      const user = await findResettableUser(db, body.userName);
      if (!user) throw badRequest(OTP_RESET_MESSAGES.userUnknown);
      await perAccount.enforce(`account:${user.id}`);

      const token = randomBytes(32).toString('base64url');
      const seconds = config.otpResetLinkMinutes * 60;
      const record = await db.transaction().execute(async (trx) => {
        await expirePendingRequests(trx, application.id, user.id);
        const id = await insertRequest(trx, {
          applicationId: application.id,
          userId: user.id,
          requestedBy: caller.id,
          tokenHash: hashLinkToken(token),
          seconds,
        });
        const after = await requestById(trx, id);
        await recordAudit(trx, {
          actor: { id: caller.id, userName: caller.userName },
          action: 'otp-reset.request',
          entity: 'otp_reset_request',
          entityId: id,
          after,
        });
        return after;
      });
      // the link is built from configuration (PUBLIC_URL, HOST_MAP), never from the request
      const link = otpResetLink(publicOrigin(config, application.name), PATHS.resetOtp, token);
      await sendPasswordMail(ctx, 'otpReset', user, application, tenantLanguage(request, application), link, seconds);
      request.log.info({ requestId: record.id, app: application.name }, 'otp reset requested');
      return { information: OTP_RESET_MESSAGES.created, informationCode: INFORMATION_CODES.success, request: record };
    },

    /** The request's state, for the application that made it (another's: 404, as an unknown one). */
    async read(caller: AuthUser, id: string): Promise<OtpResetRequestRecord> {
      if ((await userTypeOf(db, caller.id)) !== USER_TYPE.application) throw applicationAccountOnly();
      const record = await findRequest(db, id, caller.audience);
      if (!record) throw new ApiError(404, OTP_RESET_MESSAGES.requestUnknown, INFORMATION_CODES.notFound);
      return record;
    },

    /** Confirms a request from its link: once, before it expires; a refusal changes nothing. */
    async validate(token: string): Promise<ValidateOutcome> {
      return db.transaction().execute(async (trx) => {
        const row = await requestOfToken(trx, hashLinkToken(token));
        if (!row) return { ok: false, refusal: 'invalid' } as const;
        if (row.validated_at) return { ok: false, refusal: 'used' } as const;
        if (row.expired) return { ok: false, refusal: 'expired' } as const;
        const before = await requestById(trx, row.id);
        await markValidated(trx, row.id);
        await recordAudit(trx, {
          actor: undefined,
          action: 'otp-reset.validate',
          entity: 'otp_reset_request',
          entityId: row.id,
          before,
          after: await requestById(trx, row.id),
        });
        return { ok: true } as const;
      });
    },
  };
}
