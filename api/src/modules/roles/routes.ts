import type { FastifyInstance } from 'fastify';
import {
  CountRolesByUserHeadersSchema,
  CountRolesByUserResultSchema,
  INFORMATION_CODES,
  RoleListHeadersSchema,
  RoleListResultSchema,
  USER_MESSAGES,
  type CountRolesByUserResult,
  type Envelope,
  type RoleListResult,
} from '@suite/shared/contracts';
import { ApiError, parseInput } from '../../http/errors';
import { requirePrivilege } from '../../security/auth';
import { pickHeaders } from '../../http/headers';
import { findVisibleApplicationId, roleCountsByApplication, rolesWithAssignment } from './queries';

/**
 * Roles as the user card assigns them (console spec §4, §7): the roles an application offers
 * with the user's assignment, and per application the count of roles offered and held.
 * Hidden applications (RESETOTP) and inactive ones never appear.
 */
export default async function roleRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  // the roles screen lists roles too
  app.get('/api/role/list', { preHandler: requirePrivilege('USERS_READ', 'ROLES_READ'), config: { contract: { summary: "Roles of an application with a user's assignment", tag: 'roles', headers: RoleListHeadersSchema, result: RoleListResultSchema, auth: ['USERS_READ', 'ROLES_READ'] } } }, async (request): Promise<Envelope<RoleListResult>> => {
    const headers = parseInput(RoleListHeadersSchema, pickHeaders(request, ['application', 'user']), 'headers');
    let applicationId: number | null = null;
    if (headers.application) {
      const found = await findVisibleApplicationId(db, headers.application);
      // the card empties its list on R11
      if (found === undefined) throw new ApiError(404, USER_MESSAGES.applicationUnknown, INFORMATION_CODES.badCredentials);
      applicationId = found;
    }
    const records = await rolesWithAssignment(db, applicationId, headers.user || null);
    return { statusCode: 200, result: { records, count: records.length } };
  });

  app.get('/api/application/GetCountRolesByUser', { preHandler: requirePrivilege('USERS_READ'), config: { contract: { summary: 'Roles offered and held per application', tag: 'roles', headers: CountRolesByUserHeadersSchema, result: CountRolesByUserResultSchema, auth: ['USERS_READ'] } } }, async (request): Promise<Envelope<CountRolesByUserResult>> => {
    const { user } = parseInput(CountRolesByUserHeadersSchema, pickHeaders(request, ['user']), 'headers');
    return { statusCode: 200, result: { records: await roleCountsByApplication(db, user || null) } };
  });
}
