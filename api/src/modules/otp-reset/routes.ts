import type { FastifyInstance } from 'fastify';
import { INFORMATION_CODES, OTP_RESET_MESSAGES, passwordsApi } from '@suite/shared/contracts';
import { route } from '../../http/route';
import type { AuthUser } from '../../security/auth';
import { otpResetService, refusalText } from './service';

/**
 * OTP reset (docs/product/passwords.md, OTP reset; docs/security/otp-reset.md; declared in passwordsApi):
 * the application's request and its state (bearer token of the application's own account), and
 * the public confirmation from the e-mailed link, answered in `statusDetails[0]`, where the page reads it.
 */
export default async function otpResetRoutes(app: FastifyInstance): Promise<void> {
  const { limits } = app.ctx;
  const service = otpResetService(app.ctx);

  route(
    app,
    passwordsApi.otpResetCreate,
    async ({ body }, request) => ({ statusCode: 200, result: await service.create(request, request.user as AuthUser, body) }),
    { config: limits.reset },
  );

  route(app, passwordsApi.otpResetRead, async ({ params: { id } }, request) => ({
    statusCode: 200,
    result: await service.read(request.user as AuthUser, id),
  }));

  route(
    app,
    passwordsApi.otpResetValidate,
    async ({ body: { token } }, _request, reply) => {
      const outcome = await service.validate(token);
      if (outcome.ok) {
        const information = OTP_RESET_MESSAGES.sent;
        return {
          statusCode: 200,
          result: { information, informationCode: INFORMATION_CODES.success },
          statusDetails: [{ code: INFORMATION_CODES.success, description: information }],
        };
      }
      // R11 with the reason; a 400 like every refused input, nothing changed
      const information = refusalText(outcome.refusal);
      reply.code(400);
      return {
        statusCode: 400,
        result: { information, informationCode: INFORMATION_CODES.badCredentials },
        statusDetails: [{ code: INFORMATION_CODES.badCredentials, description: information }],
      };
    },
    { config: limits.reset, noStore: true },
  );
}
