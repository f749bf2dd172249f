-- Sign-in security: lockout counters, refresh-token generations, single-use exchange codes,
-- and the indexes the session policies query.

-- Failed sign-in counters. `subject` is the user's id for an account, and '~' || lower(user name)
-- for a name without an account, so an unknown name answers exactly like an account (R11, R13,
-- A20) and the lockout never tells whether an account exists. One row per subject; every change
-- is a single atomic statement (docs/security/lockout.md).
create table sign_in_lockouts (
  subject text primary key,
  user_id uuid references users (id) on delete cascade,
  -- failed attempts of the current round (reset by a success and when a lock runs out)
  failed_attempts integer not null default 0,
  -- temporary locks since the last successful sign-in (escalation to a permanent block)
  lock_count integer not null default 0,
  locked_until timestamptz,
  blocked_at timestamptz,
  -- the sign-in attempt that last claimed a slot (a refused attempt never changes it)
  attempt_id uuid,
  updated_at timestamptz not null default now()
);
create index sign_in_lockouts_user_idx on sign_in_lockouts (user_id) where user_id is not null;
create index sign_in_lockouts_updated_idx on sign_in_lockouts (updated_at) where user_id is null;

-- rotations of a refresh-token family (maxRefreshTokens bounds them)
alter table refresh_tokens add column generation integer not null default 0;
create index refresh_tokens_session_idx on refresh_tokens (session_id);
create index refresh_tokens_expires_idx on refresh_tokens (expires_at);

-- the live sessions of an application, newest first (maxConcurrentTokens)
create index sessions_app_live_idx on sessions (application_id, created_at desc) where revoked_at is null;

-- Single-use codes for applications in another origin: sign-in appends one to urlApp, the
-- application exchanges it at POST /api/login/GenerateTokens. Only the SHA-256 is stored.
create table auth_codes (
  code_hash text primary key,
  session_id uuid not null references sessions (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  application_id integer not null references applications (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  -- the refresh-token family issued on exchange (revoked if the code is presented again)
  family_id uuid
);
create index auth_codes_expires_idx on auth_codes (expires_at);
