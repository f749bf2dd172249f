import { sql, type Kysely, type Transaction } from 'kysely';
import { USER_STATE, type OtpResetRequestRecord, type OtpResetState } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

/** The application a request is made for (active ones only). */
export async function findActiveApplication(db: Executor, name: string) {
  return db
    .selectFrom('applications')
    .select(['id', 'name', 'title', 'default_language'])
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .where('idstate', '=', 0)
    .executeTakeFirst();
}

/** The caller's user type (the application account is type 1). */
export async function userTypeOf(db: Executor, userId: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('typeuserid').where('id', '=', userId).where('deleted', '=', false).executeTakeFirst();
  return row?.typeuserid;
}

/** The user whose OTP is to be reset: active, not deleted, with an e-mail. */
export async function findResettableUser(db: Executor, userName: string) {
  return db
    .selectFrom('users')
    .select(['id', 'user_name', 'email', 'names'])
    .where(sql<boolean>`lower(user_name) = lower(${userName})`)
    .where('deleted', '=', false)
    .where('idstate', '=', USER_STATE.active)
    .where('email', '<>', '')
    .executeTakeFirst();
}

/** A new link spends the user's earlier unconfirmed links for the same application. */
export async function expirePendingRequests(trx: Transaction<DB>, applicationId: number, userId: string): Promise<void> {
  await trx
    .updateTable('otp_reset_requests')
    .set({ expires_at: sql<Date>`now()` })
    .where('application_id', '=', applicationId)
    .where('user_id', '=', userId)
    .where('validated_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
}

export async function insertRequest(
  trx: Transaction<DB>,
  input: { applicationId: number; userId: string; requestedBy: string; tokenHash: string; seconds: number },
): Promise<string> {
  const row = await trx
    .insertInto('otp_reset_requests')
    .values({
      application_id: input.applicationId,
      user_id: input.userId,
      requested_by: input.requestedBy,
      token_hash: input.tokenHash,
      expires_at: sql<Date>`now() + make_interval(secs => ${input.seconds})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface RequestRow {
  id: string;
  app_name: string;
  user_name: string;
  created_at: Date | string;
  expires_at: Date | string;
  validated_at: Date | string | null;
  expired: boolean;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function toRecord(r: RequestRow): OtpResetRequestRecord {
  const state: OtpResetState = r.validated_at ? 'validated' : r.expired ? 'expired' : 'pending';
  return {
    id: r.id,
    appName: r.app_name,
    userName: r.user_name,
    state,
    createdAt: iso(r.created_at),
    expiresAt: iso(r.expires_at),
    validatedAt: r.validated_at ? iso(r.validated_at) : null,
  };
}

function selectRequests(db: Executor) {
  return db
    .selectFrom('otp_reset_requests as r')
    .innerJoin('applications as a', 'a.id', 'r.application_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'a.name as app_name',
      'u.user_name',
      'r.created_at',
      'r.expires_at',
      'r.validated_at',
      sql<boolean>`r.expires_at <= now()`.as('expired'),
    ]);
}

/** A request as its application reads it, or undefined when it is not one of `applicationNames`. */
export async function findRequest(db: Executor, id: string, applicationNames: string[]): Promise<OtpResetRequestRecord | undefined> {
  if (applicationNames.length === 0) return undefined;
  const row = await selectRequests(db)
    .where('r.id', '=', id)
    .where(sql<boolean>`lower(a.name) in (${sql.join(applicationNames.map((n) => n.toLowerCase()))})`)
    .executeTakeFirst();
  return row ? toRecord(row as RequestRow) : undefined;
}

/** The request by id (the audit's snapshot). */
export async function requestById(db: Executor, id: string): Promise<OtpResetRequestRecord> {
  return toRecord((await selectRequests(db).where('r.id', '=', id).executeTakeFirstOrThrow()) as RequestRow);
}

/** The request of a link token, locked for the confirmation. */
export async function requestOfToken(trx: Transaction<DB>, tokenHash: string) {
  return trx
    .selectFrom('otp_reset_requests')
    .select(['id', 'validated_at', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function markValidated(trx: Transaction<DB>, id: string): Promise<void> {
  await trx.updateTable('otp_reset_requests').set({ validated_at: sql<Date>`now()` }).where('id', '=', id).execute();
}
