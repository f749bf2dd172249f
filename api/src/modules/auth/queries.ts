import { CompiledQuery, sql, type Kysely, type RawBuilder } from 'kysely';
import type { EnterpriseEntry } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';

/**
 * SQL of sign-in, refresh, code exchange and logout. Each operation that changes several rows is
 * ONE statement (data-modifying CTEs), so it is atomic without an explicit transaction and costs
 * one round trip.
 */

/** Refresh-token lifetime of an application in seconds, in SQL (applications row `a`); default one day. */
export function refreshSecondsSql(alias: string): RawBuilder<number> {
  const a = sql.ref(alias);
  return sql<number>`(case when ${a}.refresh_token_expiration_amount_time > 0
      then ${a}.refresh_token_expiration_amount_time *
           (case ${a}.refresh_token_expiration_time_unit when 1 then 60 when 2 then 3600 else 86400 end)
      else 86400 end)`;
}

/** Columns of what the access token says about a user in an application. */
export interface AccessColumns {
  privileges: string[];
  apps: string[];
  customer_name: string;
}

/** What the access token says about a user in an application (suite_user_access, migrations/0005). */
export function accessJoin(user: RawBuilder<unknown>, application: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`cross join lateral suite_user_access(${user}, ${application}) acc`;
}

/** PGlite may hand arrays back as text ('{a,b}'); node-postgres parses them. */
export function textArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') {
    const inner = value.replace(/^\{|\}$/g, '');
    return inner === '' ? [] : inner.split(',').map((s) => s.replace(/^"|"$/g, ''));
  }
  return [];
}

export interface SignInRecord {
  userId: string;
  applicationId: number;
  /** Lockout subject whose counters the success clears. */
  subject: string;
  tenant?: string;
  idSessionTab?: string;
  ip?: string;
  browser?: string;
  refreshTokenHash: string;
  refreshSeconds: number;
  /** New hash when the stored one was made with other parameters. */
  newPasswordHash?: string;
  /** Hash of the single-use code for an application in another origin. */
  codeHash?: string;
  codeSeconds: number;
  /** Hash of the device that proved the password (remembered as recognised). */
  device?: string;
  /** The audit row of the sign-in, written by the same statement. */
  audit: { userName: string; action: string; after: Record<string, unknown> };
}

/**
 * The call of suite_sign_in_success, written out once (every sign-in runs it). It commits
 * asynchronously (no wait for the WAL flush): a database crash can forget the last moments of
 * sign-ins — those users sign in again — never a failure count or a revocation.
 */
const SIGN_IN_SUCCESS_SQL = `
    with s as (
      select * from suite_sign_in_success($1::uuid, $2::int, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::int,
                                          $10::text, $11::text, $12::int, $13::text)
    ), audit as (
      insert into audit_log (actor_id, actor_name, action, entity, entity_id, after)
      select $1::uuid, $14::text, $15::text, 'user', $1::uuid::text, $16::jsonb || jsonb_build_object('sessionId', s.session_id::text) from s
    )
    select session_id::text as session_id, privileges, apps, customer_name,
           (select coalesce(json_agg(json_build_object('id', c.id::text, 'name', c.name, 'principal', uc.principal)
                                     order by uc.principal desc, c.name), '[]'::json)::text
              from user_customers uc join customers c on c.id = uc.customer_id
             where uc.user_id = $1::uuid) as enterprises,
           set_config('synchronous_commit', 'off', true) as _async
      from s`;

/**
 * Records a successful sign-in in one call (suite_sign_in_success, migrations/0005 and 0011):
 * clears the lockout counters, creates the session and the first refresh token of its family,
 * stamps last_login_at (and a rehash), stores the exchange code, remembers the device; returns
 * the session id, what the access token says and the person's companies (the reply's
 * ententerpriseList), all in one round trip. The sign-in's audit row is written by the same
 * statement: it exists exactly when the session does.
 */
export async function recordSignIn(
  db: Kysely<DB>,
  input: SignInRecord,
): Promise<{ sessionId: string; enterprises: EnterpriseEntry[] } & AccessColumns> {
  const { rows } = await db.executeQuery(
    CompiledQuery.raw(SIGN_IN_SUCCESS_SQL, [
      input.userId,
      input.applicationId,
      input.subject,
      input.tenant ?? null,
      input.idSessionTab ?? null,
      input.ip ?? null,
      input.browser ?? null,
      input.refreshTokenHash,
      input.refreshSeconds,
      input.newPasswordHash ?? null,
      input.codeHash ?? null,
      input.codeSeconds,
      input.device ?? null,
      input.audit.userName,
      input.audit.action,
      JSON.stringify(input.audit.after),
    ]) as CompiledQuery<{ session_id: string; enterprises: string } & AccessColumns>,
  );
  const row = rows[0];
  return {
    sessionId: row.session_id,
    privileges: textArray(row.privileges),
    apps: textArray(row.apps),
    customer_name: row.customer_name,
    enterprises: JSON.parse(row.enterprises) as EnterpriseEntry[],
  };
}

/**
 * maxRefreshTokensByUser: keeps the user's `max` most recently issued live refresh tokens in the
 * application and revokes the rest (those sessions can no longer refresh: R101).
 */
export async function limitRefreshTokensByUser(db: Kysely<DB>, userId: string, applicationId: number, max: number): Promise<number> {
  if (max < 1) return 0;
  const { rows } = await sql<{ n: number }>`
    with extra as (
      select id from refresh_tokens
       where user_id = ${userId}::uuid and application_id = ${applicationId}::int
         and revoked_at is null and used_at is null and expires_at > now()
       order by created_at desc, id desc
       offset ${max}::int
    ), r as (
      update refresh_tokens set revoked_at = now() where id in (select id from extra) and revoked_at is null returning id
    )
    select count(*)::int as n from r
  `.execute(db);
  return rows[0]?.n ?? 0;
}

/** A session's row as the refresh rotation and the code exchange read it: what a new access token needs. */
export interface SessionTokenRow extends AccessColumns {
  session_id: string;
  user_id: string;
  user_name: string;
  names: string;
  surnames: string;
  app_name: string;
  amount_time: number;
  time_unit: number;
}

/** A rotated refresh token: its session's row. */
export interface RotatedRow extends SessionTokenRow {
  /** On a retry within the reuse grace: the unseen successor it revoked; null for a normal rotation. */
  superseded: string | null;
}

/**
 * Rotation in one call (suite_refresh_rotate, migrations/0006 and 0021): the presented token is
 * spent (only if unused, unrevoked, unexpired, of a live session, of this active user and
 * application, and within maxRefreshTokens), the next token of its family is stored, the session
 * is touched; returns what the access token needs. A token spent less than `graceSeconds` ago
 * whose successor is unused and was issued before `requestedAt` is spent again as a retry: that
 * successor is revoked and named in `superseded`. Concurrent presentations of one token: at most
 * one wins (the row lock on the presented token).
 */
export async function rotateRefreshToken(
  db: Kysely<DB>,
  input: { tokenHash: string; userName: string; appName: string; newId: string; newHash: string; graceSeconds: number; requestedAt: Date },
): Promise<RotatedRow | undefined> {
  const { rows } = await sql<RotatedRow & { session_id: string | null }>`
    select session_id::text as session_id, user_id::text as user_id, user_name, names, surnames,
           app_name, amount_time, time_unit, privileges, apps, customer_name, superseded::text as superseded,
           set_config('synchronous_commit', 'off', true) as _async
      from suite_refresh_rotate(${input.tokenHash}::text, ${input.userName}::text, ${input.appName}::text,
                                ${input.newId}::uuid, ${input.newHash}::text,
                                ${input.graceSeconds}::int, ${input.requestedAt.toISOString()}::timestamptz)
  `.execute(db);
  const row = rows[0];
  return row && row.session_id !== null ? { ...row, privileges: textArray(row.privileges), apps: textArray(row.apps) } : undefined;
}

/** Why a refresh token was not rotated. */
export interface RefreshTokenState {
  session_id: string;
  family_id: string;
  used: boolean;
  revoked: boolean;
  expired: boolean;
  session_revoked: boolean;
  user_matches: boolean;
  app_matches: boolean;
  over_limit: boolean;
  /**
   * Spent less than the grace ago, its successor unused and unrevoked, its session, user and
   * application valid: a retry the rotation would take, so it was refused only because another
   * presentation of the same token was answered first (or arrived after this one was sent).
   */
  superseded_in_grace: boolean;
}

export async function refreshTokenState(
  db: Kysely<DB>,
  input: { tokenHash: string; userName: string; appName: string; graceSeconds: number },
): Promise<RefreshTokenState | undefined> {
  const { rows } = await sql<RefreshTokenState>`
    select rt.session_id::text as session_id, rt.family_id::text as family_id,
           rt.used_at is not null as used, rt.revoked_at is not null as revoked, rt.expires_at <= now() as expired,
           s.revoked_at is not null as session_revoked,
           (lower(u.user_name) = ${input.userName.toLowerCase()} and not u.deleted) as user_matches,
           lower(a.name) = ${input.appName.toLowerCase()} as app_matches,
           (a.max_refresh_tokens >= 1 and rt.generation >= a.max_refresh_tokens) as over_limit,
           coalesce(${input.graceSeconds}::int > 0
             and rt.used_at > now() - make_interval(secs => ${input.graceSeconds}::int)
             and rt.revoked_at is null and rt.expires_at > now() and s.revoked_at is null
             and u.idstate = 1 and not u.deleted and a.idstate = 0
             and (a.max_refresh_tokens < 1 or rt.generation < a.max_refresh_tokens)
             and exists (select 1 from refresh_tokens nx
                          where nx.id = rt.replaced_by and nx.used_at is null and nx.revoked_at is null), false) as superseded_in_grace
      from refresh_tokens rt
      join sessions s on s.id = rt.session_id
      join users u on u.id = rt.user_id
      join applications a on a.id = rt.application_id
     where rt.token_hash = ${input.tokenHash}
  `.execute(db);
  return rows[0];
}

/** The session a refresh token belongs to, when user and application match (logout). */
export async function sessionOfRefreshToken(
  db: Kysely<DB>,
  input: { tokenHash: string; userName: string; appName: string },
): Promise<string | undefined> {
  const { rows } = await sql<{ session_id: string }>`
    select rt.session_id::text as session_id
      from refresh_tokens rt
      join users u on u.id = rt.user_id
      join applications a on a.id = rt.application_id
     where rt.token_hash = ${input.tokenHash}
       and lower(u.user_name) = ${input.userName.toLowerCase()}
       and lower(a.name) = ${input.appName.toLowerCase()}
  `.execute(db);
  return rows[0]?.session_id;
}

export interface ExchangedRow extends AccessColumns {
  session_id: string;
  user_id: string;
  user_name: string;
  names: string;
  surnames: string;
  app_name: string;
  url_app: string;
  amount_time: number;
  time_unit: number;
}

/**
 * GenerateTokens in one statement: the code is spent (only if unused, unexpired, of a live
 * session, an active user and this active application) and a new refresh-token family of the
 * same session is started.
 */
export async function exchangeCode(
  db: Kysely<DB>,
  input: { codeHash: string; appName: string; familyId: string; refreshHash: string },
): Promise<ExchangedRow | undefined> {
  const { rows } = await sql<ExchangedRow>`
    with c as (
      update auth_codes ac set used_at = now(), family_id = ${input.familyId}::uuid
        from sessions s, users u, applications a
       where ac.code_hash = ${input.codeHash} and ac.used_at is null and ac.expires_at > now()
         and s.id = ac.session_id and s.revoked_at is null
         and u.id = ac.user_id and not u.deleted and u.idstate = 1
         and a.id = ac.application_id and lower(a.name) = ${input.appName.toLowerCase()} and a.idstate = 0
      returning ac.session_id, ac.user_id, ac.application_id, u.user_name, u.names, u.surnames,
                a.name as app_name, a.url_app, a.amount_time, a.time_unit, ${refreshSecondsSql('a')} as refresh_seconds
    ), r as (
      insert into refresh_tokens (session_id, user_id, application_id, family_id, token_hash, expires_at)
      select session_id, user_id, application_id, ${input.familyId}::uuid, ${input.refreshHash},
             now() + make_interval(secs => refresh_seconds)
        from c
    )
    select c.session_id::text as session_id, c.user_id::text as user_id, c.user_name, c.names, c.surnames,
           c.app_name, c.url_app, c.amount_time, c.time_unit,
           acc.privileges, acc.apps, acc.customer_name
      from c ${accessJoin(sql`c.user_id`, sql`c.application_id`)}
  `.execute(db);
  const row = rows[0];
  return row ? { ...row, privileges: textArray(row.privileges), apps: textArray(row.apps) } : undefined;
}

/**
 * A code presented again after it was spent: the refresh-token family it produced is revoked
 * (the code leaked). Returns true when the code had been used.
 */
export async function revokeReplayedCode(db: Kysely<DB>, codeHash: string): Promise<boolean> {
  const { rows } = await sql<{ used: boolean }>`
    with c as (
      select used_at is not null as used, family_id from auth_codes where code_hash = ${codeHash}
    ), r as (
      update refresh_tokens set revoked_at = now()
       where family_id = (select family_id from c where used) and revoked_at is null
    )
    select used from c
  `.execute(db);
  return rows[0]?.used ?? false;
}

/** Deletes exchange codes and refresh tokens that expired more than a day ago. */
export async function purgeExpiredTokens(db: Kysely<DB>): Promise<void> {
  await sql`delete from auth_codes where expires_at < now() - interval '1 day'`.execute(db);
  await sql`delete from refresh_tokens where expires_at < now() - interval '1 day'`.execute(db);
  await sql`delete from password_tokens where expires_at < now() - interval '1 day'`.execute(db);
}
