import { sql, type Kysely } from 'kysely';
import { ACCESS_MESSAGES, INFORMATION_CODES, MESSAGES, USER_STATE, formatMessage } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';
import { CONSOLE_WRITE_PRIVILEGES } from '../../db/seeds/data';
import { ApiError, badRequest } from '../../http/errors';
import { CONSOLE_APP } from '../../security/auth';
import type { AuditActor } from '../../security/audit';

/**
 * The rules among administrators (docs/security/administrators.md), checked inside the change's
 * transaction, against what the actor holds before the change:
 * - nobody gives or takes away what they do not hold: a privilege added to or removed from a
 *   role, a role given to or taken from a user, an application added to or removed from a
 *   privilege (or the privilege switched on or off) only for privileges the actor holds there;
 * - nobody acts on an account that holds more than they do;
 * - the console cannot be locked out: no change leaves one of its write privileges with no
 *   active holder (changes that could are serialized by one transaction lock).
 *
 * The console's full administrator — who holds every write privilege of the console — has
 * nothing above them: they may give and act on anything (Keycloak's realm administrator), so new
 * privileges and other applications' privileges can be given at all.
 *
 * A grant is a privilege in an application, written `<application id>:<privilege id>`.
 */
/** A change's transaction, or the database for a read. */
type Trx = Kysely<DB>;

/** What an actor may give or act on: the grants they hold, or everything. */
export interface Grants {
  has(grant: string): boolean;
}

const EVERYTHING: Grants = { has: () => true };

const forbidden = () => new ApiError(403, MESSAGES.forbidden, INFORMATION_CODES.forbidden);

const grantKey = (row: { application_id: number; privilege_id: number }) => `${row.application_id}:${row.privilege_id}`;
const grantSet = (rows: readonly { application_id: number; privilege_id: number }[]) => new Set(rows.map(grantKey));

/**
 * What a user holds now, in every application: what `suite_user_privileges` says per application
 * (the one definition of holding, which tokens and authorization read too; migration 0022).
 */
export async function heldGrants(trx: Trx, userId: string): Promise<Set<string>> {
  const { rows } = await sql<{ application_id: number; privilege_id: number }>`
    select a.id as application_id, p.id as privilege_id
      from applications a
      cross join lateral unnest(suite_user_privileges(${userId}::uuid, a.id)) held(name)
      join privileges p on p.name = held.name
     where exists (select 1 from user_roles ur where ur.user_id = ${userId}::uuid and ur.application_id = a.id)`.execute(trx);
  return grantSet(rows);
}

/**
 * What a role gives its holders now (in one application when named): its active privileges
 * that each application holds, while the role is active.
 */
export async function roleGrants(trx: Trx, roleId: number, applicationId?: number): Promise<Set<string>> {
  const { rows } = await sql<{ application_id: number; privilege_id: number }>`
    select rp.application_id, rp.privilege_id
      from role_privileges rp
      join roles r on r.id = rp.role_id and r.idstate = 0
      join privileges p on p.id = rp.privilege_id and p.idstate = 0
      join application_privileges apr on apr.application_id = rp.application_id and apr.privilege_id = rp.privilege_id
     where rp.role_id = ${roleId}::int and (${applicationId ?? null}::int is null or rp.application_id = ${applicationId ?? null}::int)`.execute(
    trx,
  );
  return grantSet(rows);
}

/** What a privilege grants wherever a role gives it: the applications holding it, while it is active. */
export async function privilegeGrants(trx: Trx, privilegeId: number): Promise<Set<string>> {
  const { rows } = await sql<{ application_id: number; privilege_id: number }>`
    select apr.application_id, apr.privilege_id
      from application_privileges apr
      join privileges p on p.id = apr.privilege_id and p.idstate = 0
     where apr.privilege_id = ${privilegeId}::int`.execute(trx);
  return grantSet(rows);
}

/**
 * Where a user's active roles give a privilege, whatever the privilege's state and whether the
 * application holds it now: whom a privilege's switch or applications concern (a switched-off
 * privilege is held by nobody, yet those whose roles give it may switch it on again).
 */
export async function assignedGrants(trx: Trx, userId: string): Promise<Set<string>> {
  const { rows } = await sql<{ application_id: number; privilege_id: number }>`
    select distinct rp.application_id, rp.privilege_id
      from user_roles ur
      join roles r on r.id = ur.role_id and r.idstate = 0
      join role_privileges rp on rp.role_id = ur.role_id and rp.application_id = ur.application_id
     where ur.user_id = ${userId}::uuid`.execute(trx);
  return grantSet(rows);
}

/** The grants in one set and not the other: what a change gives or takes away. */
export function changedGrants(before: ReadonlySet<string>, after: ReadonlySet<string>): Set<string> {
  const changed = new Set<string>();
  for (const grant of before) if (!after.has(grant)) changed.add(grant);
  for (const grant of after) if (!before.has(grant)) changed.add(grant);
  return changed;
}

/** 403 unless the actor holds every grant a change gives or takes away. An internal call (no actor) is not an administrator's. */
export function assertWithin(actor: AuditActor | undefined, held: Grants | undefined, changed: Iterable<string>): void {
  if (!actor || !held) return;
  for (const grant of changed) if (!held.has(grant)) throw forbidden();
}

/** 403 when the user acted on holds anything the actor does not: nobody acts on an account above theirs. */
export async function assertNotAbove(
  trx: Trx,
  actor: AuditActor | undefined,
  actorHeld: Grants | undefined,
  userId: string,
): Promise<void> {
  if (!actor || !actorHeld || actor.id === userId) return;
  assertWithin(actor, actorHeld, await heldGrants(trx, userId));
}

/** Whether `held` includes every write privilege of the console, in the console. */
async function holdsAllOfConsole(trx: Trx, held: ReadonlySet<string>): Promise<boolean> {
  const { rows } = await sql<{ application_id: number; privilege_id: number }>`
    select a.id as application_id, p.id as privilege_id
      from applications a cross join privileges p
     where lower(a.name) = ${CONSOLE_APP} and p.name = any(${[...CONSOLE_WRITE_PRIVILEGES]}::text[])`.execute(trx);
  return rows.length === CONSOLE_WRITE_PRIVILEGES.length && rows.every((row) => held.has(grantKey(row)));
}

/**
 * What the actor holds before a change, read in its transaction (undefined for an internal call);
 * everything for the console's full administrator. `assigned` reads where the actor's roles give
 * a privilege whatever its state (a privilege's own switch and applications).
 */
export async function actorGrants(trx: Trx, actor: AuditActor | undefined, { assigned = false } = {}): Promise<Grants | undefined> {
  if (!actor) return undefined;
  const held = await heldGrants(trx, actor.id);
  if (await holdsAllOfConsole(trx, held)) return EVERYTHING;
  return assigned ? assignedGrants(trx, actor.id) : held;
}

/** Active, not deleted holders of each write privilege of the console. */
async function consoleWriteHolders(trx: Trx): Promise<Map<string, number>> {
  const { rows } = await sql<{ name: string; holders: number }>`
    select p.name, count(distinct u.id)::int as holders
      from users u
      join user_roles ur on ur.user_id = u.id
      join applications a on a.id = ur.application_id and lower(a.name) = ${CONSOLE_APP}
      join roles r on r.id = ur.role_id and r.idstate = 0
      join role_privileges rp on rp.role_id = ur.role_id and rp.application_id = ur.application_id
      join privileges p on p.id = rp.privilege_id and p.idstate = 0 and p.name = any(${[...CONSOLE_WRITE_PRIVILEGES]}::text[])
      join application_privileges apr on apr.application_id = a.id and apr.privilege_id = p.id
     where u.deleted = false and u.idstate = ${USER_STATE.active}
     group by p.name`.execute(trx);
  return new Map(rows.map((row) => [row.name, row.holders]));
}

/**
 * Starts a change that could take a console write privilege from its last active holder: takes
 * the lock every such change takes (two administrators taking each other's last privilege at
 * once are then one after the other), and counts the holders. The returned check, called once
 * the change is made, refuses it (400, nothing saved) if a privilege that had a holder has none.
 */
export async function guardConsoleHolders(trx: Trx): Promise<() => Promise<void>> {
  await sql`select pg_advisory_xact_lock(hashtext('access.console-write-holders'))`.execute(trx);
  const before = await consoleWriteHolders(trx);
  return async () => {
    const after = await consoleWriteHolders(trx);
    for (const [privilege, holders] of before) {
      if (holders > 0 && !(after.get(privilege) ?? 0)) throw badRequest(formatMessage(ACCESS_MESSAGES.lastConsoleHolder, { privilege }));
    }
  };
}
