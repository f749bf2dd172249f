import type { FastifyInstance } from 'fastify';
import { ok, userSessionsApi } from '@suite/shared/contracts';
import { route } from '../../http/route';
import { userSecurityService } from './service';

/** A person's sessions and lockout in the users console (docs/product/users.md, Sessions and lockout). */
export default async function userSecurityRoutes(app: FastifyInstance): Promise<void> {
  const service = userSecurityService(app.ctx);
  route(app, userSessionsApi.list, async ({ params }) => ok(await service.list(params.id)), { noStore: true });
  route(app, userSessionsApi.close, async ({ params }, request) => ok(await service.closeOne(request, params.id, params.sessionId)));
  route(app, userSessionsApi.closeAll, async ({ params }, request) => ok(await service.closeAll(request, params.id)));
  route(app, userSessionsApi.unlock, async ({ params }, request) => ok(await service.unlock(request, params.id)));
}
