import { sql, type Kysely, type Transaction } from 'kysely';
import { USER_STATE } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';
import type { LoginUser, SignInApplication } from '../auth/lockout';
import { refreshSecondsSql } from '../auth/queries';
import { activeMaintenanceJoin } from '../applications/queries';

/** Storage of the external sign-in: requests in flight, linked identities, the e-mail link's candidates. */

export interface PendingRequest {
  stateHash: string;
  bindingHash: string;
  applicationId: number;
  tenant?: string;
  issuer: string;
  redirectUri: string;
  nonce: string;
  codeVerifier: string;
  seconds: number;
}

export async function storeRequest(db: Kysely<DB>, input: PendingRequest): Promise<void> {
  await db
    .insertInto('oidc_requests')
    .values({
      state_hash: input.stateHash,
      binding_hash: input.bindingHash,
      application_id: input.applicationId,
      tenant: input.tenant ?? null,
      issuer: input.issuer,
      redirect_uri: input.redirectUri,
      nonce: input.nonce,
      code_verifier: input.codeVerifier,
      expires_at: sql<Date>`now() + make_interval(secs => ${input.seconds}::int)`,
    })
    .execute();
}

export interface ClaimedRequest {
  application_id: number;
  tenant: string | null;
  issuer: string;
  redirect_uri: string;
  nonce: string;
  code_verifier: string;
}

/**
 * Spends the request of a state for the browser holding its binding: one statement, so of two
 * presentations exactly one gets it; expired, spent or someone else's requests give nothing.
 */
export async function claimRequest(
  db: Kysely<DB>,
  stateHash: string | undefined,
  bindingHash: string,
): Promise<ClaimedRequest | undefined> {
  return db
    .updateTable('oidc_requests')
    .set({ used_at: sql`now()` })
    .$if(stateHash !== undefined, (q) => q.where('state_hash', '=', stateHash as string))
    .where('binding_hash', '=', bindingHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['application_id', 'tenant', 'issuer', 'redirect_uri', 'nonce', 'code_verifier'])
    .executeTakeFirst();
}

/** Requests past their expiry (spent or not) are of no further use. */
export async function purgeExpiredRequests(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('oidc_requests').where('expires_at', '<', sql<Date>`now() - interval '1 hour'`).execute();
}

/** An application as a sign-in needs it, with its maintenance window in force; undefined when unknown. */
export async function signInApplication(db: Kysely<DB>, name: string): Promise<SignInApplication | undefined> {
  const { rows } = await sql<Omit<SignInApplication, 'in_maintenance'> & { in_maintenance: boolean | null }>`
    select a.id, a.name, a.url_app, a.url_assign_password, a.idstate, a.amount_time, a.time_unit,
           ${refreshSecondsSql('a')} as refresh_seconds, a.max_refresh_tokens_by_user, a.is_concurrent_session,
           a.max_concurrent_tokens, a.max_concurrent_tokens_by_user, a.password_expiration, a.password_type_expiration,
           m.ends_at is not null as in_maintenance, m.message as maintenance_message
      from applications a
      ${activeMaintenanceJoin}
     where lower(a.name) = lower(${name})
  `.execute(db);
  const row = rows[0];
  return row ? { ...row, in_maintenance: Boolean(row.in_maintenance) } : undefined;
}

const userColumns = [
  'u.id',
  'u.user_name',
  'u.names',
  'u.surnames',
  'u.idstate',
  'u.password_hash',
  'u.password_changed_at',
  'u.created_on',
] as const;

/** The user an (issuer, subject) is linked to, if any (deleted users are nobody). */
export async function linkedUser(db: Kysely<DB>, issuer: string, subject: string): Promise<LoginUser | undefined> {
  return db
    .selectFrom('external_identities as x')
    .innerJoin('users as u', 'u.id', 'x.user_id')
    .select(userColumns)
    .where('x.issuer', '=', issuer)
    .where('x.subject', '=', subject)
    .where('u.deleted', '=', false)
    .executeTakeFirst();
}

/** Users whose proven e-mail is `email` (case-insensitive): the candidates of a link by e-mail. */
export async function usersWithVerifiedEmail(
  db: Kysely<DB>,
  email: string,
): Promise<Array<LoginUser & { email_verified_at: Date | null }>> {
  return db
    .selectFrom('users as u')
    .select([...userColumns, 'u.email_verified_at'])
    .where(sql<string>`lower(u.email)`, '=', email.toLowerCase())
    .where('u.deleted', '=', false)
    .execute();
}

/** Links (issuer, subject) to a user; false when another request linked it first. */
export async function linkIdentity(
  trx: Transaction<DB> | Kysely<DB>,
  input: { issuer: string; subject: string; userId: string; email?: string; linkedBy: string },
): Promise<boolean> {
  const row = await trx
    .insertInto('external_identities')
    .values({ issuer: input.issuer, subject: input.subject, user_id: input.userId, email: input.email ?? null, linked_by: input.linkedBy })
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function touchIdentity(db: Kysely<DB>, issuer: string, subject: string): Promise<void> {
  await db
    .updateTable('external_identities')
    .set({ last_sign_in_at: sql`now()` })
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .execute();
}

/** Whether a user may sign in at all: active (not pending activation, not blocked, not inactive). */
export const isActive = (user: Pick<LoginUser, 'idstate'>) => user.idstate === USER_STATE.active;
