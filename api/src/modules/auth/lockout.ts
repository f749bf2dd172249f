import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import { LOGIN_MAX_FAILED_ATTEMPTS, USER_STATE } from '@suite/shared/contracts';
import type { LockoutConfig } from '../../config';
import type { DB } from '../../db/schema';

/**
 * Sign-in lockout (docs/security/lockout.md). Before its password is verified, an attempt
 * *claims* a slot in one atomic statement: a round allows LOGIN_MAX_FAILED_ATTEMPTS − failures
 * attempts in flight, so however many wrong passwords arrive together at most three are ever
 * verified per round. After the verify, a failure is recorded in one statement too; the third
 * failure sets the temporary lock (or, after repeated locks, the permanent block). A success
 * deletes the row: counters, lock and escalation start over. Attempts that find every slot taken
 * wait briefly for one (parallel right passwords all get in). Names without an account get a row
 * of their own, so they answer exactly like accounts.
 */

/** Seconds an in-flight slot is held at most (an instance that died mid-verify frees it this way). */
const IN_FLIGHT_LEASE_SECONDS = 30;

/** The application as a sign-in sees it (suite_sign_in_begin). */
export interface SignInApplication {
  id: number;
  name: string;
  url_app: string;
  url_assign_password: string;
  idstate: number;
  amount_time: number;
  time_unit: number;
  /** Refresh-token lifetime (refreshTokenExpirationAmountTime/Unit; one day when unset). */
  refresh_seconds: number;
  max_refresh_tokens_by_user: number;
  is_concurrent_session: boolean;
  max_concurrent_tokens: number;
  max_concurrent_tokens_by_user: number;
  password_expiration: number;
  password_type_expiration: number;
  in_maintenance: boolean;
  maintenance_message: string | null;
}

/** The user a sign-in names (not deleted), with what the sign-in needs to decide. */
export interface LoginUser {
  id: string;
  user_name: string;
  names: string;
  surnames: string;
  idstate: number;
  password_hash: string | null;
  password_changed_at: Date | null;
  created_on: Date;
}

export type Claim =
  /** A slot was claimed: verify the password, then report the outcome. */
  | { kind: 'claimed' }
  /** Temporarily locked: refused without verifying. */
  | { kind: 'locked'; failedAttempts: number; lockTime: number }
  /** Permanently blocked: refused without verifying. */
  | { kind: 'blocked' }
  /** Every slot of the round is held by attempts being verified: try again shortly. */
  | { kind: 'busy' };

export interface ClaimResult {
  /** Lockout subject: the user id, or '~' + the lower-cased name when there is no account. */
  subject: string;
  user: LoginUser | undefined;
  claim: Claim;
}

export type SignInStart =
  | { kind: 'unknown-application' }
  /** Inactive or in a maintenance window: nothing was claimed. */
  | { kind: 'application-closed'; application: SignInApplication }
  | ({ kind: 'claim'; application: SignInApplication } & ClaimResult);

/** The row suite_sign_in_begin returns: the application's columns as SignInApplication names them, then the user's and the claim's. */
interface BeginRow extends Omit<SignInApplication, 'id' | 'name' | 'idstate' | 'in_maintenance'> {
  app_id: number | null;
  app_name: string;
  app_idstate: number;
  in_maintenance: boolean | null;
  maintenance_message: string | null;
  user_id: string | null;
  user_name: string | null;
  names: string | null;
  surnames: string | null;
  user_idstate: number | null;
  password_hash: string | null;
  password_changed_at: Date | string | null;
  created_on: Date | string | null;
  subject: string | null;
  failed_attempts: number | null;
  blocked: boolean | null;
  locked: boolean | null;
  claimed: boolean | null;
  lock_time: number | null;
}

/**
 * The call of suite_sign_in_begin, written out once: every sign-in runs it, and composing it
 * anew from a template each time was measurable CPU. The claim commits asynchronously (no wait
 * for the WAL flush): a database crash can only forget an in-flight slot, which its lease frees
 * anyway. Failures and revocations commit durably.
 */
const BEGIN_SQL = `
    select b.*, set_config('synchronous_commit', 'off', true) as _async
      from suite_sign_in_begin($1, $2, $3::uuid, $4::int, $5::int, $6::text, $7::int) b`;

const toDate = (value: Date | string | null): Date | null => (value === null ? null : value instanceof Date ? value : new Date(value));

/**
 * Begins a sign-in in ONE call (suite_sign_in_begin, migrations/0005 and 0011): the application
 * and its maintenance window, then — only when it is open — the user and a lockout slot claimed
 * with INSERT … ON CONFLICT DO UPDATE … RETURNING, whose row lock serialises parallel attempts of
 * the same subject. An attempt from a device that proved the account's password within
 * `trustDays` claims on the device's own subject (`<user id>#<device hash>`).
 */
export async function beginSignIn(
  db: Kysely<DB>,
  appName: string,
  userName: string,
  recognition: { device?: string; trustDays: number } = { trustDays: 0 },
): Promise<SignInStart> {
  const { rows } = await db.executeQuery(
    CompiledQuery.raw(BEGIN_SQL, [
      appName,
      userName,
      randomUUID(),
      LOGIN_MAX_FAILED_ATTEMPTS,
      IN_FLIGHT_LEASE_SECONDS,
      recognition.device ?? null,
      recognition.trustDays,
    ]) as CompiledQuery<BeginRow>,
  );
  const row = rows[0];
  if (!row || row.app_id === null) return { kind: 'unknown-application' };
  const application: SignInApplication = {
    id: row.app_id,
    name: row.app_name,
    url_app: row.url_app,
    url_assign_password: row.url_assign_password,
    idstate: row.app_idstate,
    amount_time: row.amount_time,
    time_unit: row.time_unit,
    refresh_seconds: row.refresh_seconds,
    max_refresh_tokens_by_user: row.max_refresh_tokens_by_user,
    is_concurrent_session: row.is_concurrent_session,
    max_concurrent_tokens: row.max_concurrent_tokens,
    max_concurrent_tokens_by_user: row.max_concurrent_tokens_by_user,
    password_expiration: row.password_expiration,
    password_type_expiration: row.password_type_expiration,
    in_maintenance: Boolean(row.in_maintenance),
    maintenance_message: row.maintenance_message,
  };
  if (row.subject === null) return { kind: 'application-closed', application };
  const user: LoginUser | undefined =
    row.user_id === null
      ? undefined
      : {
          id: row.user_id,
          user_name: row.user_name as string,
          names: row.names ?? '',
          surnames: row.surnames ?? '',
          idstate: Number(row.user_idstate),
          password_hash: row.password_hash,
          password_changed_at: toDate(row.password_changed_at),
          created_on: toDate(row.created_on) as Date,
        };
  let claim: Claim;
  if (row.claimed) claim = { kind: 'claimed' };
  else if (row.blocked) claim = { kind: 'blocked' };
  else if (row.locked)
    claim = { kind: 'locked', failedAttempts: Number(row.failed_attempts), lockTime: Math.max(1, Number(row.lock_time)) };
  else claim = { kind: 'busy' };
  return { kind: 'claim', application, subject: row.subject, user, claim };
}

/** What the audit row of a failed attempt keeps: the application, the name as typed, the address. */
export interface FailedAttempt {
  application: string;
  userName: string;
  ip?: string;
  /** What failed, when not a sign-in's password: a second factor's code, the password asked again before a change. */
  step?: 'second_factor' | 'reauthentication' | 'passkey';
}

/** The typed name is kept up to this length in the audit log. */
const AUDITED_NAME_MAX = 100;

export type FailureOutcome =
  | { kind: 'counted'; failedAttempts: number }
  | { kind: 'locked'; failedAttempts: number; lockTime: number }
  | { kind: 'blocked' };

/**
 * Records a wrong password of a claimed attempt in ONE call (suite_sign_in_failure): the failure
 * counts, the slot is released, and the failure that reaches the limit sets the temporary lock —
 * each lock twice as long as the one before — or, at the `blockAfterLocks`-th lock, the permanent
 * block of the subject (the account's state is not changed: its sessions go on and its recognised
 * devices still sign in). The same statement writes the attempt's audit row (`user.sign_in_failed`,
 * no actor: whoever typed the name is not known).
 */
export async function recordFailure(
  db: Kysely<DB>,
  claimed: Pick<ClaimResult, 'subject' | 'user'>,
  policy: LockoutConfig,
  attempt: FailedAttempt,
): Promise<FailureOutcome> {
  const { rows } = await sql<{ failed_attempts: number; blocked: boolean; lock_time: number }>`
    with f as (
      select * from suite_sign_in_failure(${claimed.subject}, ${claimed.user?.id ?? null}::uuid, ${LOGIN_MAX_FAILED_ATTEMPTS}::int,
                                          ${policy.blockAfterLocks}::int, ${policy.lockSeconds}::int)
    ), audit as (
      insert into audit_log (actor_id, actor_name, action, entity, entity_id, after)
      select null, ${attempt.userName.slice(0, AUDITED_NAME_MAX)}::text, 'user.sign_in_failed', 'user', ${claimed.user?.id ?? ''}::text,
             jsonb_build_object('application', ${attempt.application}::text, 'ip', ${attempt.ip ?? null}::text,
                                'failedAttempts', f.failed_attempts, 'locked', f.lock_time > 0, 'blocked', f.blocked)
             || jsonb_strip_nulls(jsonb_build_object('step', ${attempt.step ?? null}::text))
        from f
    )
    select * from f
  `.execute(db);
  const row = rows[0];
  if (row.blocked) return { kind: 'blocked' };
  if (row.lock_time > 0) return { kind: 'locked', failedAttempts: row.failed_attempts, lockTime: row.lock_time };
  return { kind: 'counted', failedAttempts: row.failed_attempts };
}

/**
 * Frees the slot a claimed attempt holds without forgetting the subject's failed attempts: a right
 * password whose sign-in waits for a second factor. Only the completed sign-in clears the count.
 */
export async function releaseClaim(db: Kysely<DB>, subject: string): Promise<void> {
  await db
    .updateTable('sign_in_lockouts')
    .set((eb) => ({ in_flight: sql<number>`greatest(${eb.ref('in_flight')} - 1, 0)` }))
    .where('subject', '=', subject)
    .execute();
}

/** Forgets the subject's failed attempts, lock and escalation (after a right password). */
export async function clearLockout(db: Kysely<DB>, subject: string): Promise<void> {
  await db.deleteFrom('sign_in_lockouts').where('subject', '=', subject).execute();
}

/**
 * Lifts the temporary locks and lockout blocks of an account (its shared subject and those of its
 * recognised devices) — what a completed password reset and an administrator's unblock call. The
 * lockout never changes the account's state; an account an administrator blocked (state 6) goes
 * back to active only when `unblock` is set. Returns true when something changed.
 */
export async function liftLockout(db: Kysely<DB>, userId: string, options: { unblock?: boolean } = {}): Promise<boolean> {
  return db.transaction().execute((trx) => liftLockoutIn(trx, userId, options));
}

/** liftLockout within the caller's transaction (an administrator's unlock audits in the same one). */
export async function liftLockoutIn(trx: Transaction<DB>, userId: string, options: { unblock?: boolean } = {}): Promise<boolean> {
  const removed = await trx.deleteFrom('sign_in_lockouts').where('user_id', '=', userId).returning(['subject']).execute();
  let changed = removed.length > 0;
  if (options.unblock) {
    const updated = await trx
      .updateTable('users')
      .set({ idstate: USER_STATE.active, modified_on: new Date() })
      .where('id', '=', userId)
      .where('idstate', '=', USER_STATE.blocked)
      .executeTakeFirst();
    changed ||= Number(updated.numUpdatedRows ?? 0) > 0;
  }
  return changed;
}

/**
 * Forgets counters of names without an account: after a quiet day when not locked or blocked,
 * after 30 days in any case (an account's counters stay until a success or an administrator).
 */
export async function purgeStaleLockouts(db: Kysely<DB>): Promise<void> {
  await sql`
    delete from sign_in_lockouts
     where user_id is null
       and (updated_at < now() - interval '30 days'
            or (blocked_at is null and (locked_until is null or locked_until < now()) and updated_at < now() - interval '1 day'))
  `.execute(db);
}
