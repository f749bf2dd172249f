import type { FastifyInstance } from 'fastify';
import {
  CreateOtpResetRequestSchema,
  CreateOtpResetResultSchema,
  ErrorResultSchema,
  INFORMATION_CODES,
  OTP_RESET_MESSAGES,
  OTP_RESET_REQUESTS_PATH,
  OtpResetRequestParamsSchema,
  OtpResetRequestRecordSchema,
  VALIDATE_OTP_MAIL_PATH,
  ValidateOtpMailRequestSchema,
  type CreateOtpResetResult,
  type Envelope,
  type ErrorResult,
  type OtpResetRequestRecord,
} from '@suite/shared/contracts';
import { parseInput } from '../../http/errors';
import { authenticate, type AuthUser } from '../../security/auth';
import { otpResetService, refusalText } from './service';

/**
 * OTP reset (portal spec §2 screen 12, §7; docs/security/otp-reset.md): the application's
 * request and its state (bearer token of the application's own account), and the public
 * confirmation from the e-mailed link, answered in `statusDetails[0]` as the spec reads it.
 */
export default async function otpResetRoutes(app: FastifyInstance): Promise<void> {
  const { limits } = app.ctx;
  const service = otpResetService(app.ctx);

  app.post(
    OTP_RESET_REQUESTS_PATH,
    { preHandler: authenticate, config: { ...limits.reset, contract: { summary: "An application asks to confirm by e-mail a user's OTP reset", tag: 'otp-reset', body: CreateOtpResetRequestSchema, result: CreateOtpResetResultSchema, auth: true } } },
    async (request): Promise<Envelope<CreateOtpResetResult>> => {
      const body = parseInput(CreateOtpResetRequestSchema, request.body);
      return { statusCode: 200, result: await service.create(request, request.user as AuthUser, body) };
    },
  );

  app.get(
    `${OTP_RESET_REQUESTS_PATH}/:id`,
    { preHandler: authenticate, config: { contract: { summary: 'The state of an OTP-reset request, for the application that made it', tag: 'otp-reset', result: OtpResetRequestRecordSchema, auth: true } } },
    async (request): Promise<Envelope<OtpResetRequestRecord>> => {
      const { id } = parseInput(OtpResetRequestParamsSchema, request.params, 'params');
      return { statusCode: 200, result: await service.read(request.user as AuthUser, id) };
    },
  );

  app.post(
    VALIDATE_OTP_MAIL_PATH,
    { config: { ...limits.reset, contract: { summary: 'Confirm an OTP-reset request from its e-mailed link', tag: 'otp-reset', body: ValidateOtpMailRequestSchema, result: ErrorResultSchema } } },
    async (request, reply): Promise<Envelope<ErrorResult>> => {
      const { token } = parseInput(ValidateOtpMailRequestSchema, request.body);
      const outcome = await service.validate(token);
      reply.header('cache-control', 'no-store');
      if (outcome.ok) {
        const information = OTP_RESET_MESSAGES.sent;
        return { statusCode: 200, result: { information, informationCode: INFORMATION_CODES.success }, statusDetails: [{ code: INFORMATION_CODES.success, description: information }] };
      }
      // R11 with the reason (portal spec §7); a 400 like every refused input, nothing changed
      const information = refusalText(outcome.refusal);
      reply.code(400);
      return { statusCode: 400, result: { information, informationCode: INFORMATION_CODES.badCredentials }, statusDetails: [{ code: INFORMATION_CODES.badCredentials, description: information }] };
    },
  );
}
