import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
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
  blocked: boolean;
  locked: boolean;
  attempt_id: string | null;
  lock_time: number;
}

const toDate = (value: Date | string | null): Date | null => (value === null ? null : value instanceof Date ? value : new Date(value));

/**
 * Looks the user up and claims a slot, in ONE statement (INSERT … ON CONFLICT DO UPDATE …
 * RETURNING): the row lock serialises parallel attempts of the same subject.
 */
export async function claimAttempt(db: Kysely<DB>, userName: string): Promise<ClaimResult> {
  const name = userName.toLowerCase();
  const attemptId = randomUUID();
  const max = LOGIN_MAX_FAILED_ATTEMPTS;
  const lease = IN_FLIGHT_LEASE_SECONDS;
  const { rows } = await sql<ClaimRow>`
    with u as (
      select id, user_name, names, surnames, idstate, password_hash, password_changed_at, created_on
        from users
       where lower(user_name) = ${name} and not deleted
       limit 1
    ), c as (
      insert into sign_in_lockouts as l (subject, user_id, failed_attempts, lock_count, in_flight, in_flight_until, attempt_id, updated_at)
      select coalesce((select id::text from u), ${'~' + name}::text), (select id from u), 0, 0, 1,
             now() + make_interval(secs => ${lease}::int), ${attemptId}::uuid, now()
      on conflict (subject) do update set
        (failed_attempts, locked_until, in_flight, in_flight_until, attempt_id, updated_at) = (
          select case when x.refused then l.failed_attempts else x.failed end,
                 case when x.refused then l.locked_until else null end,
                 case when x.refused then l.in_flight else x.flight + 1 end,
                 case when x.refused then l.in_flight_until else now() + make_interval(secs => ${lease}::int) end,
                 case when x.refused then l.attempt_id else ${attemptId}::uuid end,
                 case when x.refused then l.updated_at else now() end
            from (select y.*, (y.held or y.failed + y.flight >= ${max}::int) as refused
                    from (select (l.blocked_at is not null or coalesce(l.locked_until > now(), false)) as held,
                                 -- a lock that ran out starts a new round
                                 case when l.locked_until is not null and l.locked_until <= now() then 0 else l.failed_attempts end as failed,
                                 case when coalesce(l.in_flight_until > now(), false) then l.in_flight else 0 end as flight) y) x
        )
      returning subject, failed_attempts, blocked_at is not null as blocked, coalesce(locked_until > now(), false) as locked,
                attempt_id::text as attempt_id,
                coalesce(greatest(0, ceil(extract(epoch from (locked_until - now()))))::int, 0) as lock_time
    )
    select u.id::text as id, u.user_name, u.names, u.surnames, u.idstate, u.password_hash, u.password_changed_at, u.created_on,
           c.subject, c.failed_attempts, c.blocked, c.locked, c.attempt_id, c.lock_time
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
  if (row.attempt_id === attemptId) claim = { kind: 'claimed' };
  else if (row.blocked) claim = { kind: 'blocked' };
  else if (row.locked) claim = { kind: 'locked', failedAttempts: row.failed_attempts, lockTime: Math.max(1, row.lock_time) };
  else claim = { kind: 'busy' };
  return { subject: row.subject, user, claim };
}

export type FailureOutcome =
  | { kind: 'counted'; failedAttempts: number }
  | { kind: 'locked'; failedAttempts: number; lockTime: number }
  | { kind: 'blocked' };

/**
 * Records a wrong password of a claimed attempt, in ONE statement: the failure counts, the slot
 * is released, and the failure that reaches the limit sets the temporary lock — each lock twice
 * as long as the one before — or, at the `blockAfterLocks`-th lock, the permanent block (the
 * account goes to state 6, blocked).
 */
export async function recordFailure(db: Kysely<DB>, claimed: ClaimResult, policy: LockoutConfig): Promise<FailureOutcome> {
  const max = LOGIN_MAX_FAILED_ATTEMPTS;
  const { rows } = await sql<{ failed_attempts: number; blocked: boolean; lock_time: number }>`
    with f as (
      insert into sign_in_lockouts as l (subject, user_id, failed_attempts, lock_count, in_flight, updated_at)
      values (${claimed.subject}, ${claimed.user?.id ?? null}::uuid, 1, 0, 0, now())
      on conflict (subject) do update set
        (failed_attempts, in_flight, lock_count, locked_until, blocked_at, updated_at) = (
          select x.failed,
                 greatest(l.in_flight - 1, 0),
                 case when x.lock then l.lock_count + 1 else l.lock_count end,
                 case when x.lock and l.lock_count + 1 < ${policy.blockAfterLocks}::int
                        then now() + make_interval(secs => ${policy.lockSeconds}::int * power(2, least(l.lock_count, 16))::int)
                      else l.locked_until end,
                 case when x.lock and l.lock_count + 1 >= ${policy.blockAfterLocks}::int then now() else l.blocked_at end,
                 now()
            from (select y.*, (not y.held and y.failed >= ${max}::int) as lock
                    from (select (l.blocked_at is not null or coalesce(l.locked_until > now(), false)) as held,
                                 case when l.blocked_at is not null or coalesce(l.locked_until > now(), false)
                                      then l.failed_attempts else l.failed_attempts + 1 end as failed) y) x
        )
      returning user_id, failed_attempts, blocked_at is not null as blocked,
                coalesce(greatest(0, ceil(extract(epoch from (locked_until - now()))))::int, 0) as lock_time
    ), b as (
      update users set idstate = ${USER_STATE.blocked}, modified_on = now()
       where id = (select user_id from f where blocked) and idstate <> ${USER_STATE.blocked}
    )
    select failed_attempts, blocked, lock_time from f
  `.execute(db);
  const row = rows[0];
  if (row.blocked) return { kind: 'blocked' };
  if (row.lock_time > 0) return { kind: 'locked', failedAttempts: row.failed_attempts, lockTime: row.lock_time };
  return { kind: 'counted', failedAttempts: row.failed_attempts };
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
