import type { FastifyInstance } from 'fastify';
import { passwordsApi } from '@suite/shared/contracts';
import { route } from '../../http/route';
import { oidcFlows } from './service';

/** External sign-in through an OpenID provider (portal spec §7; docs/security/oidc.md; declared in passwordsApi). Public. */
export default async function oidcRoutes(app: FastifyInstance): Promise<void> {
  const { limits } = app.ctx;
  const flows = oidcFlows(app.ctx);

  route(
    app,
    passwordsApi.oidcConnect,
    async ({ headers }, request, reply) => {
      const result = await flows.connect(request, reply, headers);
      reply.header('cache-control', 'no-store');
      return { statusCode: 200, result };
    },
    { config: limits.login },
  );

  route(
    app,
    passwordsApi.oidcExchange,
    async ({ body }, request, reply) => {
      const result = await flows.exchange(request, reply, body);
      reply.header('cache-control', 'no-store');
      return { statusCode: 200, result };
    },
    { config: limits.login },
  );
}
