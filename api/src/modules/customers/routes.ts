import type { FastifyInstance } from 'fastify';
import { usersApi } from '@suite/shared/contracts';
import { route } from '../../http/route';
import { companiesOf } from './queries';

/** Companies (docs/product/users.md, Companies): the user card's companies tab (declared in usersApi). */
export default async function customerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  route(app, usersApi.customers, async ({ headers: { userid } }) => ({
    statusCode: 200,
    result: { customers: await companiesOf(db, userid, false) },
  }));

  route(app, usersApi.customersOfUser, async ({ headers: { userId } }) => ({
    statusCode: 200,
    result: { customers: await companiesOf(db, userId, true) },
  }));
}
