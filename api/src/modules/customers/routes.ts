import type { FastifyInstance } from 'fastify';
import {
  CustomersByUserHeadersSchema,
  CustomersHeadersSchema,
  CustomersResultSchema,
  type CustomersResult,
  type Envelope,
} from '@suite/shared/contracts';
import { parseInput } from '../../http/errors';
import { pickHeaders } from '../../http/headers';
import { requirePrivilege } from '../../security/auth';
import { companiesOf } from './queries';

/** Companies (console spec §7): the user card's companies tab. USERS_READ. */
export default async function customerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  const read = { preHandler: requirePrivilege('USERS_READ') };

  app.get('/api/customer/GetCustomer', { ...read, config: { contract: { summary: "Companies with a user's flags", tag: 'customers', headers: CustomersHeadersSchema, result: CustomersResultSchema, auth: ['USERS_READ'] } } }, async (request): Promise<Envelope<CustomersResult>> => {
    const { userid } = parseInput(CustomersHeadersSchema, pickHeaders(request, ['userid']), 'headers');
    return { statusCode: 200, result: { customers: await companiesOf(db, userid, false) } };
  });

  app.get('/api/customer/GetCustomerByUser', { ...read, config: { contract: { summary: 'Companies of a user', tag: 'customers', headers: CustomersByUserHeadersSchema, result: CustomersResultSchema, auth: ['USERS_READ'] } } }, async (request): Promise<Envelope<CustomersResult>> => {
    const { userId } = parseInput(CustomersByUserHeadersSchema, pickHeaders(request, ['userId', 'app']), 'headers');
    return { statusCode: 200, result: { customers: await companiesOf(db, userId, true) } };
  });
}
