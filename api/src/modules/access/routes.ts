import type { FastifyInstance } from 'fastify';
import {
  ACCESS_MESSAGES,
  INFORMATION_CODES,
  USER_MESSAGES,
  accessApi,
  type AccessWriteResult,
  type Envelope,
} from '@suite/shared/contracts';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';
import { actorOf } from '../../security/audit';
import { actorGrants } from './guard';
import {
  applicationsOfPrivilege,
  assignableApplications,
  findPrivilege,
  findRole,
  findVisibleApplicationId,
  listPrivileges,
  listRolesWithApplications,
  privilegesHeldBy,
  roleApplicationsOf,
  roleCountsByApplication,
  rolesGrantingPrivilege,
  rolesWithAssignment,
  userExists,
} from './queries';
import {
  createPrivilege,
  createRole,
  modifyPrivilege,
  modifyRole,
  privilegeNotFound,
  roleNotFound,
  setRoleState,
  unknownForList,
  type AccessChange,
} from './service';

/**
 * Roles and privileges (declared in @suite/shared/contracts, accessApi). Hidden applications
 * (RESETOTP) never appear. A write that changes what roles grant drops the cached grants once
 * committed (every other instance drops them on the NOTIFY the service sent in the transaction).
 */
export default async function accessRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  const answer = (change: AccessChange): Envelope<AccessWriteResult> => {
    if (change.grantsChanged) app.ctx.access.dropAll();
    return { statusCode: 200, result: { information: change.information, informationCode: INFORMATION_CODES.success, id: change.id } };
  };

  // ------------------------------------------------------------ privileges

  route(app, accessApi.privilegeList, async ({ headers }, request) => {
    let applicationId: number | null = null;
    if (headers.application) {
      applicationId = (await findVisibleApplicationId(db, headers.application)) ?? null;
      if (applicationId === null) throw unknownForList(ACCESS_MESSAGES.applicationUnknown);
    }
    if (headers.rol !== '' && !(await findRole(db, headers.rol))) throw unknownForList(ACCESS_MESSAGES.roleUnknown);
    const records = await listPrivileges(db, { applicationId, roleId: headers.rol === '' ? null : headers.rol });
    if (applicationId === null) return { statusCode: 200, result: { records, count: records.length } };
    // the role card offers only what the caller may give in that application (guard.ts)
    const grants = await actorGrants(db, actorOf(request));
    const givable = records.map((record) => ({ ...record, givable: grants?.has(`${applicationId}:${record.id}`) ?? false }));
    return { statusCode: 200, result: { records: givable, count: givable.length } };
  });

  route(app, accessApi.privilegeCreate, async ({ body }, request) => answer(await createPrivilege(db, actorOf(request), body)));

  route(app, accessApi.privilegeModify, async ({ body }, request) => answer(await modifyPrivilege(db, actorOf(request), body)));

  route(app, accessApi.applicationsOfPrivilege, async ({ headers: { id } }) => {
    if (!(await findPrivilege(db, id))) throw privilegeNotFound();
    const records = await applicationsOfPrivilege(db, id);
    return { statusCode: 200, result: { records, count: records.length } };
  });

  route(app, accessApi.assignableApplications, async () => {
    const records = await assignableApplications(db);
    return { statusCode: 200, result: { records, count: records.length } };
  });

  route(app, accessApi.privilegeRoles, async ({ headers: { id } }) => {
    if (!(await findPrivilege(db, id))) throw privilegeNotFound();
    return { statusCode: 200, result: { records: await rolesGrantingPrivilege(db, id) } };
  });

  // ------------------------------------------------------------ roles

  route(app, accessApi.roleList, async ({ headers }) => {
    if (!headers.application && !headers.user) {
      const records = await listRolesWithApplications(db);
      return { statusCode: 200, result: { records, count: records.length } };
    }
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

  route(app, accessApi.roleCountsByUser, async ({ headers: { user } }) => ({
    statusCode: 200,
    result: { records: await roleCountsByApplication(db, user || null) },
  }));

  route(app, accessApi.roleApplications, async ({ headers: { id } }) => {
    if (!(await findRole(db, id))) throw roleNotFound();
    return { statusCode: 200, result: { records: (await roleApplicationsOf(db, [id])).get(id) ?? [] } };
  });

  route(app, accessApi.roleCreate, async ({ body }, request) => answer(await createRole(db, actorOf(request), body)));

  route(app, accessApi.roleModify, async ({ body }, request) =>
    answer('name' in body ? await modifyRole(db, actorOf(request), body) : await setRoleState(db, actorOf(request), body.id, body.idstate)),
  );

  route(app, accessApi.roleUsers, async ({ headers }) => {
    if (!(await findRole(db, headers.id))) throw roleNotFound();
    const [page, size] = headers.pages.split(',').map(Number);
    return { statusCode: 200, result: await app.ctx.roleHolders.page(headers.id, headers.search, Math.max(1, page), size) };
  });

  route(app, accessApi.userPrivileges, async ({ headers: { user } }) => {
    if (!(await userExists(db, user))) throw new ApiError(404, USER_MESSAGES.notFound, INFORMATION_CODES.notFound);
    return { statusCode: 200, result: { records: await privilegesHeldBy(db, user) } };
  });
}
