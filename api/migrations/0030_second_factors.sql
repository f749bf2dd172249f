-- Second factors (docs/adr/0037-second-factors.md): a person's authenticator apps (TOTP) and
-- passkeys, their recovery codes, the codes already accepted, and the second step of a sign-in
-- waiting for one of them.

create table user_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  kind text not null check (kind in ('totp', 'passkey')),
  name text not null check (char_length(name) between 1 and 60),
  -- totp: the shared secret (base32), as the authenticator keeps it
  secret text,
  -- passkey: the credential as WebAuthn registered it
  credential_id text unique,
  public_key bytea,
  sign_count bigint not null default 0,
  transports text[] not null default '{}',
  -- null until the person proved the new factor works (a first code, the registration)
  confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index user_factors_user on user_factors (user_id);

-- Ten single-use codes per person, kept as hashes; a new set replaces the old one.
create table recovery_codes (
  user_id uuid not null references users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (user_id, code_hash)
);

-- A code of an authenticator is accepted once within its window: the time steps already spent,
-- on every instance (kept a few minutes).
create table totp_used_steps (
  factor_id uuid not null references user_factors (id) on delete cascade,
  step bigint not null,
  used_at timestamptz not null default now(),
  primary key (factor_id, step)
);

-- The second step of a sign-in: the password (or certificate, or external provider) was right;
-- no token yet. Single use, five minutes; `start` is what the session will be made of.
create table sign_in_challenges (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  user_id uuid not null references users (id) on delete cascade,
  application_id integer not null references applications (id) on delete cascade,
  subject text not null,
  start jsonb not null,
  -- the authenticator being set up when the application requires one and the person has none
  enrolling_factor_id uuid references user_factors (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index sign_in_challenges_expiry on sign_in_challenges (expires_at);
