import type { FastifyInstance } from 'fastify';
import { ok, passwordsApi } from '@suite/shared/contracts';
import { withApplication } from '../../http/request-app';
import { route } from '../../http/route';
import { certificateFlows } from './service';

/** Certificate users (issue 15; declared in @suite/shared/contracts, passwordsApi): sign-in by document and the reset by link or e-mailed code. */
export default async function certificateRoutes(app: FastifyInstance): Promise<void> {
  const { limits } = app.ctx;
  const flows = certificateFlows(app.ctx);

  route(app, passwordsApi.certificateDocumentTypes, async () => ({ statusCode: 200, result: await flows.documentTypes() }));

  route(app, passwordsApi.certificateSignIn, async ({ body }, request, reply) => ok(await flows.signIn(request, reply, body)), {
    config: limits.login,
    noStore: true,
  });

  route(
    app,
    passwordsApi.certificateAccounts,
    async ({ headers }) => ok(await flows.accounts(headers.documentType, headers.documentNumber)),
    { config: limits.reset, noStore: true },
  );

  route(
    app,
    passwordsApi.certificateResetLink,
    async ({ body }, request) => ({
      statusCode: 200,
      result: await flows.resetByLink(request, await withApplication(app.ctx, request, body)),
    }),
    { config: limits.reset },
  );

  route(
    app,
    passwordsApi.certificateSendCode,
    async ({ body }, request) => ({
      statusCode: 200,
      result: await flows.sendCode(request, await withApplication(app.ctx, request, body)),
    }),
    { config: limits.reset },
  );

  route(
    app,
    passwordsApi.certificateValidateCode,
    async ({ body }, request) => ({
      statusCode: 200,
      result: await flows.validateCode(request, await withApplication(app.ctx, request, body)),
    }),
    { config: limits.reset },
  );
}
