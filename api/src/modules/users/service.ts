import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import * as v from 'valibot';
import {
  CERTIFICATE_MESSAGES,
  INFORMATION_CODES,
  USER_MESSAGES,
  USER_EXISTS_CODES,
  USER_STATE,
  USER_TYPE,
  documentSchema,
  type CreateUserRequestSchema,
  type ModifyUserRequestSchema,
  type UserCompanyInput,
  type UserDetail,
  type UserRoleInput,
} from '@suite/shared/contracts';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { ApiError, badRequest } from '../../http/errors';
import { CONSOLE_APP } from '../../security/auth';
import { actorGrants, assertNotAbove, assertWithin, guardConsoleHolders, roleGrants, type Grants } from '../access/guard';
import { announceAccessChange } from '../access/grants';
import { recordAudit, type AuditActor } from '../../security/audit';
import { findPasswordApplication } from '../passwords/queries';
import { queuePasswordMail } from '../passwords/send-link';
import { announceSessionsEnded } from '../sessions/service';
import { findUserDetail, selectUserDetails, toUserDetail } from './queries';

type CreateUser = v.InferOutput<typeof CreateUserRequestSchema>;
type ModifyUser = v.InferOutput<typeof ModifyUserRequestSchema>;
type UserData = Omit<CreateUser, 'customer' | 'roles'>;
type Trx = Transaction<DB>;

/** User types whose active state the console may switch (docs/product/users.md, Screens). */
export const STATE_TOGGLE_USER_TYPES: readonly number[] = [USER_TYPE.user, USER_TYPE.certifiedUser];
/** States the toggle moves between; any other (pending activation 3, blocked 6) is refused. */
const TOGGLEABLE_STATES: readonly number[] = [USER_STATE.active, USER_STATE.inactive];

export const userNotFound = () => new ApiError(404, USER_MESSAGES.notFound, INFORMATION_CODES.notFound);

/** The user's state, companies and roles as one JSON-ready value: the audit log's before/after. */
export async function userSnapshot(trx: Trx, userId: string): Promise<Record<string, unknown> | null> {
  const user = await findUserDetail(trx, userId);
  if (!user) return null;
  const companies = await trx
    .selectFrom('user_customers')
    .select(['customer_id', 'principal', 'assigned'])
    .where('user_id', '=', userId)
    .orderBy('customer_id')
    .execute();
  const roles = await trx
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('applications as a', 'a.id', 'ur.application_id')
    .select(['r.name as role', 'a.name as application'])
    .where('ur.user_id', '=', userId)
    .orderBy('a.name')
    .orderBy('r.name')
    .execute();
  return { ...user, companies, roles };
}

/** Country, document type and user type of the payload, as ids; the document's rule by its type. */
async function resolveReferences(trx: Trx, data: UserData) {
  const type = await trx.selectFrom('user_types').select('id').where('id', '=', data.idTypeUser).executeTakeFirst();
  if (!type) throw badRequest(USER_MESSAGES.userTypeUnknown);
  const country = await trx
    .selectFrom('countries')
    .select('id')
    .where(sql<string>`upper(country_code)`, '=', data.countryCode.toUpperCase())
    .where('idstate', '=', 0)
    .executeTakeFirst();
  if (!country) throw badRequest(USER_MESSAGES.countryUnknown);
  const documentType = await trx
    .selectFrom('document_types')
    .select(['id', 'alphanumeric'])
    .where('country_id', '=', country.id)
    .where(sql<string>`upper(allowed)`, '=', data.documentType.toUpperCase())
    .where('idstate', '=', 0)
    .executeTakeFirst();
  if (!documentType) throw badRequest(USER_MESSAGES.documentTypeUnknown);
  const document = v.safeParse(documentSchema(documentType.alphanumeric), data.document);
  if (!document.success) throw badRequest(document.issues[0].message);
  return { countryId: country.id, documentTypeId: documentType.id, document: document.output };
}

/** The user's own columns from the form's data, its references checked (create and modify). */
async function userColumns(trx: Trx, data: UserData) {
  const refs = await resolveReferences(trx, data);
  return {
    user_name: data.userName,
    email: data.email,
    names: data.names,
    surnames: data.surnames,
    document: refs.document,
    document_type_id: refs.documentTypeId,
    country_id: refs.countryId,
    phone_number: data.phoneNumber || null,
    typeuserid: data.idTypeUser,
  };
}

export type IdentityField = 'user_name' | 'email';

/**
 * The users (deleted ones too, after the others) whose user name or e-mail is `value`,
 * case-insensitively; `exceptId` leaves one user out. At most 10.
 */
export async function usersHolding(db: Kysely<DB> | Trx, field: IdentityField, value: string, exceptId?: string): Promise<UserDetail[]> {
  let query = selectUserDetails(db).where(sql<string>`lower(${sql.ref(`u.${field}`)})`, '=', value.toLowerCase());
  if (exceptId) query = query.where('u.id', '<>', exceptId);
  return (await query.orderBy('u.deleted').orderBy('u.modified_on', 'desc').limit(10).execute()).map(toUserDetail);
}

/**
 * User names and e-mails are unique among users (case-insensitive). A value held only by a
 * deleted user is refused with A20 and that user, so the card can offer to reactivate it.
 * `exceptId`: the user being modified. A transaction-scoped advisory lock per value serialises
 * concurrent saves of the same e-mail (e-mails have no unique index: older accounts may share one).
 */
async function assertUnique(trx: Trx, field: IdentityField, value: string, exceptId?: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`users.${field}:${value.toLowerCase()}`}))`.execute(trx);
  const holders = await usersHolding(trx, field, value, exceptId);
  if (holders.some((u) => !u.deleted)) throw badRequest(field === 'user_name' ? USER_MESSAGES.userNameInUse : USER_MESSAGES.emailInUse);
  if (holders.length) throw new ApiError(400, USER_MESSAGES.deletedUserMatch, USER_EXISTS_CODES.deleted, { users: holders });
}

/**
 * Applies the companies of the payload: each entry sets its flags (principal and assigned both
 * false removes the user from it); entries not sent stay. The main company sent replaces the
 * previous one. Afterwards the user must belong to exactly one main company.
 */
async function applyCompanies(trx: Trx, userId: string, companies: readonly UserCompanyInput[]): Promise<void> {
  const ids = companies.map((c) => c.id.toLowerCase());
  if (new Set(ids).size !== ids.length) throw badRequest(USER_MESSAGES.companyRepeated);
  if (ids.length) {
    const found = await trx.selectFrom('customers').select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw badRequest(USER_MESSAGES.companyUnknown);
  }
  const main = companies.find((c) => c.principal);
  if (main) {
    await trx
      .updateTable('user_customers')
      .set({ principal: false, modified_on: new Date() })
      .where('user_id', '=', userId)
      .where('principal', '=', true)
      .where('customer_id', '<>', main.id)
      .execute();
  }
  const kept = companies.filter((c) => c.principal || c.assigned);
  const dropped = companies.filter((c) => !c.principal && !c.assigned).map((c) => c.id);
  if (dropped.length) await trx.deleteFrom('user_customers').where('user_id', '=', userId).where('customer_id', 'in', dropped).execute();
  if (kept.length) {
    await trx
      .insertInto('user_customers')
      .values(
        kept.map((c) => ({ user_id: userId, customer_id: c.id, principal: c.principal, assigned: c.assigned, modified_on: new Date() })),
      )
      .onConflict((oc) =>
        oc.columns(['user_id', 'customer_id']).doUpdateSet((eb) => ({
          principal: eb.ref('excluded.principal'),
          assigned: eb.ref('excluded.assigned'),
          modified_on: eb.ref('excluded.modified_on'),
        })),
      )
      .execute();
  }
  // a demoted main company that is not assigned either is no longer the user's
  await trx
    .deleteFrom('user_customers')
    .where('user_id', '=', userId)
    .where('principal', '=', false)
    .where('assigned', '=', false)
    .execute();
  const mains = await trx
    .selectFrom('user_customers')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('principal', '=', true)
    .executeTakeFirstOrThrow();
  if (mains.n !== 1) throw badRequest(mains.n === 0 ? USER_MESSAGES.mainCompanyRequired : USER_MESSAGES.oneMainCompany);
}

/** A role in an application, as one key. */
const pairKey = (r: { role_id: number; application_id: number }) => `${r.role_id}:${r.application_id}`;

/**
 * Applies the roles of the payload, per application: assigned entries are granted (the role must
 * be active and offered in that visible, active application), unassigned ones revoked; entries not sent
 * stay. Afterwards the user must hold at least one role. A role is given or taken away only by
 * an actor who holds all it gives in that application (`held`, read before the change).
 */
async function applyRoles(
  trx: Trx,
  userId: string,
  roles: readonly UserRoleInput[],
  actor: AuditActor | undefined,
  held: Grants | undefined,
): Promise<void> {
  const offered = await trx
    .selectFrom('role_applications as ra')
    .innerJoin('roles as r', 'r.id', 'ra.role_id')
    .innerJoin('applications as a', 'a.id', 'ra.application_id')
    .select(['ra.role_id', 'ra.application_id', 'r.name', 'a.name as application', 'r.idstate', 'a.idstate as application_state'])
    .where('a.is_visible', '=', true)
    .where(
      sql<string>`lower(r.name)`,
      'in',
      roles.map((r) => r.name.toLowerCase()),
    )
    .execute();
  const current = await trx.selectFrom('user_roles').select(['role_id', 'application_id']).where('user_id', '=', userId).execute();
  const has = new Set(current.map(pairKey));
  // an inactive role (or a role of an inactive application) may still be taken away, never given
  const givable = (o: (typeof offered)[number]) => o.idstate === 0 && o.application_state === 0;
  const found = roles.map((role) => {
    const named = offered.filter((o) => o.name.toLowerCase() === role.name.toLowerCase());
    if (role.application !== undefined) {
      const match = named.find((o) => o.application.toLowerCase() === role.application?.toLowerCase());
      // taking away a role the user does not hold changes nothing: only giving needs it givable
      if (!match || (role.assigned && !givable(match))) throw badRequest(USER_MESSAGES.roleUnknown);
      return match;
    }
    // named without its application: the one application where it can be given (or is held, to take it away)
    const candidates = named.filter((o) => (role.assigned ? givable(o) : has.has(pairKey(o))));
    if (candidates.length === 0) throw badRequest(USER_MESSAGES.roleUnknown);
    if (candidates.length > 1) throw badRequest(USER_MESSAGES.roleApplicationAmbiguous);
    return candidates[0];
  });
  if (new Set(found.map(pairKey)).size !== found.length) throw badRequest(USER_MESSAGES.roleRepeated);
  const grants: { user_id: string; role_id: number; application_id: number }[] = [];
  const revokes: { role_id: number; application_id: number }[] = [];
  roles.forEach((role, i) => {
    const { role_id, application_id } = found[i];
    if (role.assigned) grants.push({ user_id: userId, role_id, application_id });
    else revokes.push({ role_id, application_id });
  });
  // a role given or taken away only by someone who holds all it gives there
  for (const r of [...grants.filter((g) => !has.has(pairKey(g))), ...revokes.filter((g) => has.has(pairKey(g)))]) {
    assertWithin(actor, held, await roleGrants(trx, r.role_id, r.application_id));
  }
  // the user's next call, on any instance, is authorized with the roles as they are now
  if (grants.length || revokes.length) await announceAccessChange(trx);
  for (const r of revokes) {
    await trx
      .deleteFrom('user_roles')
      .where('user_id', '=', userId)
      .where('role_id', '=', r.role_id)
      .where('application_id', '=', r.application_id)
      .execute();
  }
  if (grants.length)
    await trx
      .insertInto('user_roles')
      .values(grants)
      .onConflict((oc) => oc.doNothing())
      .execute();
  const remaining = await trx
    .selectFrom('user_roles')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (remaining.n < 1) throw badRequest(USER_MESSAGES.roleRequired);
}

/** The unique index a PostgreSQL unique violation names, or undefined for any other error. */
function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' ? `${e.constraint ?? ''}${e.message ?? ''}` : undefined;
}

async function inTransaction<T>(db: Kysely<DB>, work: (trx: Trx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    // a concurrent save won the user name, or another certificate user holds the document: a 400, not a 500
    const index = uniqueViolation(error);
    if (index?.includes('users_user_name_key')) throw badRequest(USER_MESSAGES.userNameInUse);
    if (index?.includes('users_certificate_document_key')) throw badRequest(CERTIFICATE_MESSAGES.documentInUse);
    throw error;
  }
}

/**
 * Mails the console's activation link to a user just created. A mail failure does not undo the
 * user (SendUserActivationEmail sends it again): it is logged, not thrown.
 */
export async function sendActivationOfCreated(
  ctx: Pick<AppContext, 'db' | 'outbox' | 'payloadKey' | 'config' | 'directory'>,
  request: FastifyRequest,
  user: UserDetail,
): Promise<void> {
  try {
    const application = await findPasswordApplication(ctx.db, CONSOLE_APP);
    if (application) {
      await queuePasswordMail(ctx, request, 'activation', user, application);
    }
  } catch (err) {
    request.log.warn({ err, userId: user.id }, 'activation e-mail of a created user not sent');
  }
}

/** Creates a user pending activation, with its companies and roles, and audits it. */
export async function createUser(db: Kysely<DB>, actor: AuditActor | undefined, body: CreateUser): Promise<UserDetail> {
  return inTransaction(db, async (trx) => {
    const columns = await userColumns(trx, body);
    await assertUnique(trx, 'user_name', body.userName);
    await assertUnique(trx, 'email', body.email);
    const now = new Date();
    const { id } = await trx
      .insertInto('users')
      .values({
        ...columns,
        // the activation e-mail's link sets the password and makes the account active
        idstate: USER_STATE.pendingActivation,
        created_on: now,
        modified_on: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await applyCompanies(trx, id, body.customer);
    await applyRoles(trx, id, body.roles, actor, await actorGrants(trx, actor));
    const after = await userSnapshot(trx, id);
    await recordAudit(trx, { actor, action: 'user.create', entity: 'user', entityId: id, after });
    return (await findUserDetail(trx, id)) as UserDetail;
  });
}

/** Updates a user's data (and companies / roles when sent) and audits it. */
export async function modifyUser(db: Kysely<DB>, actor: AuditActor | undefined, body: ModifyUser): Promise<UserDetail> {
  return inTransaction(db, async (trx) => {
    // only taking a role away can take a console write privilege from its last holder
    const keepsConsoleHolders = body.roles?.some((role) => !role.assigned) ? await guardConsoleHolders(trx) : undefined;
    const current = await trx
      .selectFrom('users')
      .select(['id', 'user_name', 'email'])
      .where('id', '=', body.id)
      .where('deleted', '=', false)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw userNotFound();
    const held = await actorGrants(trx, actor);
    await assertNotAbove(trx, actor, held, body.id);
    const before = await userSnapshot(trx, body.id);
    const columns = await userColumns(trx, body);
    if (current.user_name.toLowerCase() !== body.userName.toLowerCase()) await assertUnique(trx, 'user_name', body.userName, body.id);
    if (current.email.toLowerCase() !== body.email.toLowerCase()) await assertUnique(trx, 'email', body.email, body.id);
    await trx
      .updateTable('users')
      .set({
        ...columns,
        modified_on: new Date(),
      })
      .where('id', '=', body.id)
      .execute();
    if (body.customer) await applyCompanies(trx, body.id, body.customer);
    if (body.roles) await applyRoles(trx, body.id, body.roles, actor, held);
    await keepsConsoleHolders?.();
    // the name the roles' holders lists show and search may have changed (PostgreSQL sends one notification per transaction)
    await announceAccessChange(trx);
    const after = await userSnapshot(trx, body.id);
    await recordAudit(trx, { actor, action: 'user.modify', entity: 'user', entityId: body.id, before, after });
    return (await findUserDetail(trx, body.id)) as UserDetail;
  });
}

/**
 * Switches a user between active and inactive (types 2 and 4 only; never a blocked or pending
 * user), announcing it to every instance's session cache. Returns whether the state changed — the
 * caller then forgets the user's cached sessions here and, when inactive, ends them.
 */
export async function setUserState(
  db: Kysely<DB>,
  actor: AuditActor | undefined,
  id: string,
  idstate: number,
): Promise<{ changed: boolean }> {
  return inTransaction(db, async (trx) => {
    // only switching a user off can take a console write privilege from its last holder
    const keepsConsoleHolders = idstate !== USER_STATE.active ? await guardConsoleHolders(trx) : undefined;
    const user = await trx
      .selectFrom('users')
      .select(['id', 'idstate', 'typeuserid'])
      .where('id', '=', id)
      .where('deleted', '=', false)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw userNotFound();
    await assertNotAbove(trx, actor, await actorGrants(trx, actor), id);
    if (!STATE_TOGGLE_USER_TYPES.includes(user.typeuserid) || !TOGGLEABLE_STATES.includes(user.idstate)) {
      throw badRequest(USER_MESSAGES.stateNotChangeable);
    }
    if (user.idstate === idstate) return { changed: false };
    const before = await userSnapshot(trx, id);
    await trx.updateTable('users').set({ idstate, modified_on: new Date() }).where('id', '=', id).execute();
    await keepsConsoleHolders?.();
    // the user's sessions are not live from the commit on, on every instance, even before they are revoked
    await announceSessionsEnded(trx, { users: [id] });
    await recordAudit(trx, { actor, action: 'user.state', entity: 'user', entityId: id, before, after: await userSnapshot(trx, id) });
    return { changed: true };
  });
}

/** Marks a user deleted (kept for reactivation and the audit trail). */
export async function deleteUser(db: Kysely<DB>, actor: AuditActor | undefined, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const keepsConsoleHolders = await guardConsoleHolders(trx);
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', id)
      .where('deleted', '=', false)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw userNotFound();
    await assertNotAbove(trx, actor, await actorGrants(trx, actor), id);
    const before = await userSnapshot(trx, id);
    await trx.updateTable('users').set({ deleted: true, modified_on: new Date() }).where('id', '=', id).execute();
    await keepsConsoleHolders();
    // a deleted user holds no role any more in the roles' holders lists
    await announceAccessChange(trx);
    // and no live session, on any instance, from the commit on
    await announceSessionsEnded(trx, { users: [id] });
    await recordAudit(trx, { actor, action: 'user.delete', entity: 'user', entityId: id, before, after: await userSnapshot(trx, id) });
  });
}

/**
 * Brings a deleted user back: active when it has a password, pending activation when it never
 * set one, still blocked when it was blocked. Refused when its e-mail is now another user's.
 */
export async function reactivateUser(db: Kysely<DB>, actor: AuditActor | undefined, id: string): Promise<UserDetail> {
  return inTransaction(db, async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'deleted', 'email', 'idstate', 'password_hash'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw userNotFound();
    if (!user.deleted) throw badRequest(USER_MESSAGES.notDeleted);
    // an account is brought back with its roles: only by someone who holds all they give
    await assertNotAbove(trx, actor, await actorGrants(trx, actor), id);
    await sql`select pg_advisory_xact_lock(hashtext(${`users.email:${user.email.toLowerCase()}`}))`.execute(trx);
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', user.email.toLowerCase())
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (taken) throw badRequest(USER_MESSAGES.emailInUse);
    const before = await userSnapshot(trx, id);
    const idstate =
      user.idstate === USER_STATE.blocked ? USER_STATE.blocked : user.password_hash ? USER_STATE.active : USER_STATE.pendingActivation;
    await trx.updateTable('users').set({ deleted: false, idstate, modified_on: new Date() }).where('id', '=', id).execute();
    await announceAccessChange(trx);
    await recordAudit(trx, { actor, action: 'user.reactivate', entity: 'user', entityId: id, before, after: await userSnapshot(trx, id) });
    return (await findUserDetail(trx, id)) as UserDetail;
  });
}
