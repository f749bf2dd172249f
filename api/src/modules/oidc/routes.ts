import type { FastifyInstance } from 'fastify';
import { ok, passwordsApi } from '@suite/shared/contracts';
import { route } from '../../http/route';
import { oidcFlows } from './service';

/** External sign-in through an OpenID provider (docs/product/sign-in.md, External identity provider; docs/security/oidc.md; declared in passwordsApi). Public. */
export default async function oidcRoutes(app: FastifyInstance): Promise<void> {
  const { limits } = app.ctx;
  const flows = oidcFlows(app.ctx);

  route(app, passwordsApi.oidcConnect, async ({ headers }, request, reply) => ok(await flows.connect(request, reply, headers)), {
    config: limits.login,
    noStore: true,
  });

  route(app, passwordsApi.oidcExchange, async ({ body }, request, reply) => ok(await flows.exchange(request, reply, body)), {
    config: limits.login,
    noStore: true,
  });
}
