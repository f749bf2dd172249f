import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { LOGIN_MAX_FAILED_ATTEMPTS, USER_STATE } from '@suite/shared/contracts';
import type { LockoutConfig } from '../../config';
import type { DB } from '../../db/schema';

/**
 * Sign-in lockout (docs/security/lockout.md). A sign-in attempt first *claims* a slot in one
 * atomic statement, before the password is verified: the counter of the account goes up by one,
 * and the attempt that reaches the limit sets the temporary lock at once. Parallel attempts queue
 * on the row, so at most LOGIN_MAX_FAILED_ATTEMPTS passwords are ever verified per round, however
 * many arrive together; the others are refused without a verify. A success deletes the row
 * (counters, lock and escalation reset). Names without an account get a row of their own, so
 * they answer exactly like accounts.
 */

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
  /** A slot was claimed: verify the password. `locking` when this attempt set the lock. */
  | { kind: 'claimed'; attempt: number; locking: boolean; lockCount: number; lockTime: number }
  /** Temporarily locked: refused without verifying. */
  | { kind: 'locked'; failedAttempts: number; lockTime: number }
  /** Permanently blocked: refused without verifying. */
  | { kind: 'blocked' };

export interface ClaimResult {
  /** Lockout subject: the user id, or '~' + the lower-cased name when there is no account. */
  subject: string;
  user: LoginUser | undefined;
  attemptId: string;
  claim: Claim;
}

interface ClaimRow {
  id: string | null;
  user_name: string | null;
  names: string | null;
  surnames: string | null;
  idstate: number | null;
  password_hash: string | null;
  password_changed_at: Date | string | null;
  created_on: Date | string | null;
  subject: string;
  failed_attempts: number;
  lock_count: number;
  blocked: boolean;
  attempt_id: string | null;
  lock_time: number;
}

const toDate = (value: Date | string | null): Date | null => (value === null ? null : value instanceof Date ? value : new Date(value));

/**
 * Looks the user up and claims an attempt, in ONE statement (INSERT … ON CONFLICT DO UPDATE
 * … RETURNING): the row lock serialises parallel attempts of the same subject.
 */
export async function claimAttempt(db: Kysely<DB>, userName: string, policy: LockoutConfig): Promise<ClaimResult> {
  const name = userName.toLowerCase();
  const attemptId = randomUUID();
  const max = LOGIN_MAX_FAILED_ATTEMPTS;
  const { rows } = await sql<ClaimRow>`
    with u as (
      select id, user_name, names, surnames, idstate, password_hash, password_changed_at, created_on
        from users
       where lower(user_name) = ${name} and not deleted
       limit 1
    ), c as (
      insert into sign_in_lockouts as l (subject, user_id, failed_attempts, lock_count, locked_until, attempt_id, updated_at)
      select coalesce((select id::text from u), ${'~' + name}::text), (select id from u), 1, 0, null, ${attemptId}::uuid, now()
      on conflict (subject) do update set
        (failed_attempts, lock_count, locked_until, attempt_id, updated_at) = (
          select case when x.refused then l.failed_attempts else x.n end,
                 case when not x.refused and x.n >= ${max}::int then l.lock_count + 1 else l.lock_count end,
                 case when x.refused then l.locked_until
                      when x.n >= ${max}::int
                        then now() + make_interval(secs => ${policy.lockSeconds}::int * power(2, least(l.lock_count, 16))::int)
                      else null end,
                 case when x.refused then l.attempt_id else ${attemptId}::uuid end,
                 case when x.refused then l.updated_at else now() end
            from (select (l.blocked_at is not null or coalesce(l.locked_until > now(), false)) as refused,
                         -- a lock that ran out starts a new round
                         case when l.locked_until is not null then 1 else l.failed_attempts + 1 end as n) x
        )
      returning subject, failed_attempts, lock_count, blocked_at is not null as blocked, attempt_id::text as attempt_id,
                coalesce(greatest(0, ceil(extract(epoch from (locked_until - now()))))::int, 0) as lock_time
    )
    select u.id::text as id, u.user_name, u.names, u.surnames, u.idstate, u.password_hash, u.password_changed_at, u.created_on,
           c.subject, c.failed_attempts, c.lock_count, c.blocked, c.attempt_id, c.lock_time
      from c left join u on true
  `.execute(db);
  const row = rows[0];
  const user: LoginUser | undefined =
    row.id === null
      ? undefined
      : {
          id: row.id,
          user_name: row.user_name as string,
          names: row.names ?? '',
          surnames: row.surnames ?? '',
          idstate: Number(row.idstate),
          password_hash: row.password_hash,
          password_changed_at: toDate(row.password_changed_at),
          created_on: toDate(row.created_on) as Date,
        };
  let claim: Claim;
  if (row.attempt_id === attemptId) {
    claim = {
      kind: 'claimed',
      attempt: row.failed_attempts,
      locking: row.failed_attempts >= max,
      lockCount: row.lock_count,
      lockTime: row.lock_time,
    };
  } else if (row.blocked) {
    claim = { kind: 'blocked' };
  } else {
    claim = { kind: 'locked', failedAttempts: row.failed_attempts, lockTime: Math.max(1, row.lock_time) };
  }
  return { subject: row.subject, user, attemptId, claim };
}

/**
 * After the attempt that set a lock failed: when it is the `blockAfterLocks`-th lock in a row,
 * the lock becomes a permanent block (and the account's state 6, blocked). One statement; only
 * the attempt that holds the claim can do it. Returns true when the account is now blocked.
 */
export async function escalateIfDue(db: Kysely<DB>, result: ClaimResult, policy: LockoutConfig): Promise<boolean> {
  if (result.claim.kind !== 'claimed' || !result.claim.locking) return false;
  if (result.claim.lockCount < policy.blockAfterLocks) return false;
  await sql`
    with l as (
      update sign_in_lockouts set blocked_at = now(), locked_until = null, updated_at = now()
       where subject = ${result.subject} and attempt_id = ${result.attemptId}::uuid and blocked_at is null
      returning user_id
    )
    update users set idstate = ${USER_STATE.blocked}, modified_on = now()
     where id = (select user_id from l)
  `.execute(db);
  return true;
}

/** Forgets the subject's failed attempts, lock and escalation (after a right password). */
export async function clearLockout(db: Kysely<DB>, subject: string): Promise<void> {
  await db.deleteFrom('sign_in_lockouts').where('subject', '=', subject).execute();
}

/**
 * Lifts a temporary lock or a lockout block of an account — what an administrator's unblock and
 * a completed password reset call. An account blocked by the lockout goes back to active; an
 * account an administrator blocked by hand (state 6 without a lockout block) stays blocked
 * unless `unblock` is set. Returns true when something changed.
 */
export async function liftLockout(db: Kysely<DB>, userId: string, options: { unblock?: boolean } = {}): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('sign_in_lockouts')
      .where('user_id', '=', userId)
      .returning(['blocked_at'])
      .execute();
    const lockoutBlocked = removed.some((r) => r.blocked_at !== null);
    let changed = removed.length > 0;
    if (lockoutBlocked || options.unblock) {
      const updated = await trx
        .updateTable('users')
        .set({ idstate: USER_STATE.active, modified_on: new Date() })
        .where('id', '=', userId)
        .where('idstate', '=', USER_STATE.blocked)
        .executeTakeFirst();
      changed ||= Number(updated.numUpdatedRows ?? 0) > 0;
    }
    return changed;
  });
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
