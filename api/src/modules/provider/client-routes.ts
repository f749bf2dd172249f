import type { FastifyInstance } from 'fastify';
import { INFORMATION_CODES, providerClientsApi } from '@suite/shared/contracts';
import { route } from '../../http/route';
import { actorOf } from '../../security/audit';
import { listClients, removeClient, rotateClientSecret, saveClient } from './client-service';

/**
 * The applications console's Integración tab (declared in @suite/shared/contracts,
 * providerClientsApi): an application's OpenID clients. The provider reads a registration on each
 * lookup, so a change holds on every instance at once.
 */
export default async function providerClientRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  route(app, providerClientsApi.list, async ({ headers: { idApplication } }) => ({
    statusCode: 200,
    result: { clients: await listClients(db, idApplication) },
  }));

  route(
    app,
    providerClientsApi.save,
    async ({ body }, request) => ({ statusCode: 200, result: await saveClient(db, actorOf(request), body) }),
    {
      noStore: true,
    },
  );

  route(
    app,
    providerClientsApi.rotateSecret,
    async ({ body }, request) => ({ statusCode: 200, result: await rotateClientSecret(db, actorOf(request), body) }),
    { noStore: true },
  );

  route(app, providerClientsApi.remove, async ({ body }, request) => ({
    statusCode: 200,
    result: { information: await removeClient(db, actorOf(request), body), informationCode: INFORMATION_CODES.success },
  }));
}
