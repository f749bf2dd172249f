-- External sign-in through an OpenID provider (docs/security/oidc.md).

-- When the account's e-mail address was last proven to be its holder's: a password set from a
-- link mailed to it (activation or reset). A changed address is unproven again. An external
-- provider's account is linked by e-mail only when both sides say the address is verified.
alter table users add column email_verified_at timestamptz;

create or replace function suite_email_proven_by_link() returns trigger
language plpgsql as $$
begin
  if old.used_at is null and new.used_at is not null then
    update users set email_verified_at = new.used_at where id = new.user_id;
  end if;
  return new;
end $$;

create trigger password_tokens_prove_email
  after update of used_at on password_tokens
  for each row execute function suite_email_proven_by_link();

create or replace function suite_email_change_unproves() returns trigger
language plpgsql as $$
begin
  if lower(new.email) is distinct from lower(old.email) then
    new.email_verified_at := null;
  end if;
  return new;
end $$;

create trigger users_email_change_unproves
  before update of email on users
  for each row execute function suite_email_change_unproves();

-- A provider's account (issuer, subject) signs in as one local user.
create table external_identities (
  id uuid primary key default gen_random_uuid(),
  issuer text not null,
  subject text not null,
  user_id uuid not null references users (id) on delete cascade,
  -- the provider's e-mail when the link was made, and how it was made (email: automatic by a
  -- verified e-mail on both sides; seed: demo data)
  email text,
  linked_by text not null,
  created_at timestamptz not null default now(),
  last_sign_in_at timestamptz,
  unique (issuer, subject)
);
create index external_identities_user_idx on external_identities (user_id);

-- An authorization request in flight: what the callback must match (state, the browser's binding
-- cookie) and the secrets the exchange needs (nonce, PKCE verifier). Kept here, not in process
-- memory, so the callback may reach any instance; single use and short-lived.
create table oidc_requests (
  id uuid primary key default gen_random_uuid(),
  state_hash text not null unique,
  binding_hash text not null,
  application_id integer not null references applications (id) on delete cascade,
  tenant text,
  issuer text not null,
  redirect_uri text not null,
  nonce text not null,
  code_verifier text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index oidc_requests_expires_idx on oidc_requests (expires_at);
