import type { Kysely, Transaction } from 'kysely';
import type * as v from 'valibot';
import {
  ACCESS_MESSAGES,
  INFORMATION_CODES,
  formatMessage,
  isActiveState,
  type CreatePrivilegeRequestSchema,
  type CreateRoleRequestSchema,
  type ModifyPrivilegeRequestSchema,
  type ModifyRoleRequestSchema,
  type RoleApplicationInput,
} from '@suite/shared/contracts';
import type { DB } from '../../db/schema';
import { ApiError, badRequest } from '../../http/errors';
import { recordAudit, type AuditActor } from '../../security/audit';
import { announceAccessChange } from './grants';
import { actorGrants, assertWithin, changedGrants, guardConsoleHolders, privilegeGrants, roleGrants } from './guard';
import {
  activePrivilegesOf,
  findPrivilege,
  findRole,
  insertPrivilege,
  insertRole,
  listPrivileges,
  privilegeNameTaken,
  roleApplicationsOf,
  roleNameTaken,
  setPrivilegeApplications,
  setRoleApplications,
  updatePrivilege,
  updateRole,
  visibleApplicationsNamed,
  type ApplicationRow,
  type ResolvedRoleApplication,
} from './queries';

type Trx = Transaction<DB>;
type CreatePrivilege = v.InferOutput<typeof CreatePrivilegeRequestSchema>;
type ModifyPrivilege = v.InferOutput<typeof ModifyPrivilegeRequestSchema>;
type CreateRole = v.InferOutput<typeof CreateRoleRequestSchema>;
type ModifyRole = v.InferOutput<typeof ModifyRoleRequestSchema>;

/** What a write did: the reply's message, the id, and whether what roles grant (or which uses are audited) changed: drop the cached grants. */
export interface AccessChange {
  id: number;
  information: string;
  grantsChanged: boolean;
}

export const privilegeNotFound = () => new ApiError(404, ACCESS_MESSAGES.privilegeUnknown, INFORMATION_CODES.notFound);
export const roleNotFound = () => new ApiError(404, ACCESS_MESSAGES.roleUnknown, INFORMATION_CODES.notFound);
/** An unknown application or role named by a list's header: R11, on which the screen empties its list (docs/product/access.md, Calls). */
export const unknownForList = (information: string) => new ApiError(400, information, INFORMATION_CODES.badCredentials);

/** A concurrent save took the name between our check and our insert: the same 400 as the check. */
async function inTransaction<T>(db: Kysely<DB>, work: (trx: Trx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    const e = error as { code?: string; constraint?: string; message?: string };
    const where = `${e?.constraint ?? ''}${e?.message ?? ''}`;
    if (e?.code === '23505' && where.includes('privileges_name_key')) throw badRequest(ACCESS_MESSAGES.privilegeNameInUse);
    if (e?.code === '23505' && where.includes('roles_name_key')) throw badRequest(ACCESS_MESSAGES.roleNameInUse);
    throw error;
  }
}

/** The visible applications named, each one known; else 400. */
async function resolveApplications(trx: Trx, names: readonly string[]): Promise<ApplicationRow[]> {
  const found = await visibleApplicationsNamed(trx, names);
  const byName = new Map(found.map((a) => [a.name.toLowerCase(), a]));
  return names.map((name) => {
    const application = byName.get(name.toLowerCase());
    if (!application) throw badRequest(ACCESS_MESSAGES.applicationUnknown);
    return application;
  });
}

/** The privilege as the audit log keeps it (its visible applications included). */
async function privilegeSnapshot(trx: Trx, id: number) {
  const [record] = await listPrivileges(trx, { privilegeId: id });
  return record ?? null;
}

/** The role as the audit log keeps it, with its visible applications and their privileges. */
async function roleSnapshot(trx: Trx, id: number) {
  const role = await findRole(trx, id);
  if (!role) return null;
  return { ...role, applications: (await roleApplicationsOf(trx, [id])).get(id) ?? [] };
}

/** An unchanged save changes nothing and says so (the transaction is rolled back by the throw). */
function refuseUnchanged(before: unknown, after: unknown): void {
  if (JSON.stringify(before) === JSON.stringify(after)) throw badRequest(ACCESS_MESSAGES.noChanges);
}

/** Whether what a privilege or role grants differs: its state, or which applications and privileges it covers. */
function grantsDiffer(
  before: { idstate: number; application?: unknown; applications?: { name: string; privilege: string[] }[] },
  after: typeof before,
): boolean {
  const grants = (s: typeof before) =>
    JSON.stringify([isActiveState(s.idstate), s.application, s.applications?.map((a) => [a.name, a.privilege])]);
  return grants(before) !== grants(after);
}

/** Creates a privilege held by the applications named, and audits it. */
export async function createPrivilege(db: Kysely<DB>, actor: AuditActor | undefined, body: CreatePrivilege): Promise<AccessChange> {
  return inTransaction(db, async (trx) => {
    if (await privilegeNameTaken(trx, body.name)) throw badRequest(ACCESS_MESSAGES.privilegeNameInUse);
    const applications = await resolveApplications(trx, body.application);
    const id = await insertPrivilege(trx, {
      name: body.name,
      description: body.description,
      licence: body.licence,
      is_auditable: body.isAuditable,
    });
    await setPrivilegeApplications(
      trx,
      id,
      applications.map((a) => a.id),
    );
    await recordAudit(trx, {
      actor,
      action: 'privilege.create',
      entity: 'privilege',
      entityId: String(id),
      after: await privilegeSnapshot(trx, id),
    });
    // nobody holds a new privilege yet: what roles grant is unchanged
    return { id, information: ACCESS_MESSAGES.privilegeCreated, grantsChanged: false };
  });
}

/**
 * Saves a privilege: not renamed, its visible applications replaced. A change of state or of
 * its applications changes what every role giving it grants: announced in the transaction.
 */
export async function modifyPrivilege(db: Kysely<DB>, actor: AuditActor | undefined, body: ModifyPrivilege): Promise<AccessChange> {
  return inTransaction(db, async (trx) => {
    const keepsConsoleHolders = await guardConsoleHolders(trx);
    const current = await findPrivilege(trx, body.id, true);
    if (!current) throw privilegeNotFound();
    if (current.name.toLowerCase() !== body.name.toLowerCase()) throw badRequest(ACCESS_MESSAGES.privilegeNotRenamable);
    const applications = await resolveApplications(trx, body.application);
    const before = (await privilegeSnapshot(trx, body.id)) as NonNullable<Awaited<ReturnType<typeof privilegeSnapshot>>>;
    // a privilege switched, or given to or taken from an application, only where the actor's roles give it
    const assigned = await actorGrants(trx, actor, { assigned: true });
    const grantedBefore = await privilegeGrants(trx, body.id);
    await updatePrivilege(trx, body.id, {
      description: body.description,
      idstate: body.idstate,
      licence: body.licence,
      is_auditable: body.isAuditable,
    });
    await setPrivilegeApplications(
      trx,
      body.id,
      applications.map((a) => a.id),
    );
    const after = (await privilegeSnapshot(trx, body.id)) as typeof before;
    refuseUnchanged(before, after);
    assertWithin(actor, assigned, changedGrants(grantedBefore, await privilegeGrants(trx, body.id)));
    await keepsConsoleHolders();
    const stateChanged = isActiveState(before.idstate) !== isActiveState(after.idstate);
    // whether its uses are audited is read with the grants (AccessGrants.auditable): it takes effect on the next call too
    const grantsChanged = grantsDiffer(before, after) || before.isAuditable !== after.isAuditable;
    if (grantsChanged) await announceAccessChange(trx);
    await recordAudit(trx, { actor, action: 'privilege.modify', entity: 'privilege', entityId: String(body.id), before, after });
    const information = !stateChanged
      ? ACCESS_MESSAGES.privilegeUpdated
      : isActiveState(after.idstate)
        ? ACCESS_MESSAGES.privilegeNowActive
        : ACCESS_MESSAGES.privilegeNowInactive;
    return { id: body.id, information, grantsChanged };
  });
}

/**
 * A role's applications as stored: each a visible application, each privilege active and held by
 * the application it is given in (else 400 naming both).
 */
async function resolveRoleApplications(trx: Trx, inputs: readonly RoleApplicationInput[]): Promise<ResolvedRoleApplication[]> {
  const applications = await resolveApplications(
    trx,
    inputs.map((a) => a.name),
  );
  const resolved: ResolvedRoleApplication[] = [];
  for (const [i, input] of inputs.entries()) {
    const application = applications[i];
    const found = await activePrivilegesOf(trx, application.id, input.privilege);
    const byName = new Map(found.map((p) => [p.name.toLowerCase(), p.id]));
    const privilegeIds = input.privilege.map((name) => {
      const id = byName.get(name.toLowerCase());
      if (id === undefined)
        throw badRequest(formatMessage(ACCESS_MESSAGES.privilegeNotInApplication, { privilege: name, application: application.name }));
      return id;
    });
    resolved.push({ applicationId: application.id, isVisible: input.isVisible, privilegeIds });
  }
  return resolved;
}

/** Creates an active role with its applications and privileges, and audits it. */
export async function createRole(db: Kysely<DB>, actor: AuditActor | undefined, body: CreateRole): Promise<AccessChange> {
  return inTransaction(db, async (trx) => {
    if (await roleNameTaken(trx, body.name)) throw badRequest(ACCESS_MESSAGES.roleNameInUse);
    const applications = await resolveRoleApplications(trx, body.application);
    const held = await actorGrants(trx, actor);
    const id = await insertRole(trx, { name: body.name, description: body.description, alias: body.alias });
    await setRoleApplications(trx, id, applications);
    // a role gives only what its author holds
    assertWithin(actor, held, await roleGrants(trx, id));
    await recordAudit(trx, { actor, action: 'role.create', entity: 'role', entityId: String(id), after: await roleSnapshot(trx, id) });
    // nobody holds a new role yet: what roles grant is unchanged
    return { id, information: ACCESS_MESSAGES.roleCreated, grantsChanged: false };
  });
}

/** The reply's text after a role's save: the state's text (docs/product/access.md, States) when its state changed. */
function roleSavedText(before: { idstate: number }, after: { idstate: number }, otherwise: string): string {
  if (isActiveState(before.idstate) === isActiveState(after.idstate)) return otherwise;
  return isActiveState(after.idstate) ? ACCESS_MESSAGES.roleNowActive : ACCESS_MESSAGES.roleNowInactive;
}

/**
 * Saves a whole role (its visible applications and privileges replaced; `idstate` kept when not
 * sent). A change of state, applications or privileges is announced in the transaction.
 */
export async function modifyRole(db: Kysely<DB>, actor: AuditActor | undefined, body: ModifyRole): Promise<AccessChange> {
  return inTransaction(db, async (trx) => {
    const keepsConsoleHolders = await guardConsoleHolders(trx);
    const current = await findRole(trx, body.id, true);
    if (!current) throw roleNotFound();
    if (current.name.toLowerCase() !== body.name.toLowerCase() && (await roleNameTaken(trx, body.name, body.id)))
      throw badRequest(ACCESS_MESSAGES.roleNameInUse);
    const applications = await resolveRoleApplications(trx, body.application);
    const before = (await roleSnapshot(trx, body.id)) as NonNullable<Awaited<ReturnType<typeof roleSnapshot>>>;
    const held = await actorGrants(trx, actor);
    const grantedBefore = await roleGrants(trx, body.id);
    await updateRole(trx, body.id, {
      name: body.name,
      description: body.description,
      alias: body.alias,
      idstate: body.idstate ?? current.idstate,
    });
    await setRoleApplications(trx, body.id, applications);
    const after = (await roleSnapshot(trx, body.id)) as typeof before;
    refuseUnchanged(before, after);
    // what the role gives or takes away from its holders, only within what the actor holds
    assertWithin(actor, held, changedGrants(grantedBefore, await roleGrants(trx, body.id)));
    await keepsConsoleHolders();
    const grantsChanged = grantsDiffer(before, after);
    if (grantsChanged) await announceAccessChange(trx);
    await recordAudit(trx, { actor, action: 'role.modify', entity: 'role', entityId: String(body.id), before, after });
    return { id: body.id, information: roleSavedText(before, after, ACCESS_MESSAGES.roleUpdated), grantsChanged };
  });
}

/** Switches a role on or off (POST /api/role/modify with id, description, idstate); announced in the transaction. */
export async function setRoleState(db: Kysely<DB>, actor: AuditActor | undefined, id: number, idstate: number): Promise<AccessChange> {
  return inTransaction(db, async (trx) => {
    const keepsConsoleHolders = await guardConsoleHolders(trx);
    const current = await findRole(trx, id, true);
    if (!current) throw roleNotFound();
    if (isActiveState(current.idstate) === isActiveState(idstate)) throw badRequest(ACCESS_MESSAGES.noChanges);
    const before = await roleSnapshot(trx, id);
    const held = await actorGrants(trx, actor);
    const grantedBefore = await roleGrants(trx, id);
    await updateRole(trx, id, { idstate });
    assertWithin(actor, held, changedGrants(grantedBefore, await roleGrants(trx, id)));
    await keepsConsoleHolders();
    await announceAccessChange(trx);
    const after = await roleSnapshot(trx, id);
    await recordAudit(trx, { actor, action: 'role.state', entity: 'role', entityId: String(id), before, after });
    return { id, information: roleSavedText(current, { idstate }, ACCESS_MESSAGES.roleUpdated), grantsChanged: true };
  });
}
