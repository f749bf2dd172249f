import type { FastifyInstance } from 'fastify';
import { INFORMATION_CODES, passwordsApi } from '@suite/shared/contracts';
import { withApplication } from '../../http/request-app';
import { route } from '../../http/route';
import { passwordFlows } from './service';

/** Password flows (issue 4; declared in @suite/shared/contracts, passwordsApi); their behaviour is in ./service. */
export default async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const { limits } = app.ctx;
  const flows = passwordFlows(app.ctx);

  route(
    app,
    passwordsApi.usersForReset,
    async ({ body }, request) => ({
      statusCode: 200,
      result: await flows.usersForReset(await withApplication(app.ctx, request, body)),
    }),
    {
      config: limits.reset,
    },
  );

  route(
    app,
    passwordsApi.passwordReset,
    async ({ body }, request) => ({ statusCode: 200, result: await flows.requestReset(request, body) }),
    { config: limits.reset },
  );

  route(
    app,
    passwordsApi.activationEmail,
    async ({ body }, request) => {
      const result = await flows.sendActivation(request, body);
      return { statusCode: 200, result, statusDetails: [{ code: INFORMATION_CODES.success, description: result.information }] };
    },
    { config: limits.reset },
  );

  route(
    app,
    passwordsApi.assignPassword,
    async ({ body }, request) => ({ statusCode: 200, result: await flows.assignPassword(request, body) }),
    { config: limits.login },
  );

  route(
    app,
    passwordsApi.changePassword,
    async ({ body }, request, reply) => ({ statusCode: 200, result: await flows.changePassword(request, reply, body) }),
    { config: limits.login },
  );
}
