-- The suite as an OpenID provider (docs/adr/0036-openid-provider.md).

-- oidc-provider's state — provider sessions, interactions, authorization codes, access and
-- refresh tokens, grants — one row per model instance, so that any instance serves any step of a
-- flow. The columns beside the payload are what the provider looks rows up by.
create table oidc_payloads (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  session_uid text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);
create index oidc_payloads_grant on oidc_payloads (grant_id) where grant_id is not null;
create index oidc_payloads_session_uid on oidc_payloads (session_uid) where session_uid is not null;
create index oidc_payloads_uid on oidc_payloads (model, uid) where uid is not null;
create index oidc_payloads_expires on oidc_payloads (expires_at) where expires_at is not null;

-- The applications' OpenID clients. A public client (a browser or native application) has no
-- secret and must use PKCE; a confidential one authenticates with a secret, kept as its SHA-256
-- (the secret is 256 random bits: a fast hash is enough, and it is shown once).
create table oidc_clients (
  client_id text primary key check (client_id ~ '^[A-Za-z0-9._-]{1,64}$'),
  application_id integer not null references applications (id) on delete cascade,
  public boolean not null,
  secret_hash text,
  redirect_uris text[] not null default '{}',
  post_logout_redirect_uris text[] not null default '{}',
  scopes text[] not null default '{openid}',
  backchannel_logout_uri text,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now(),
  check (public = (secret_hash is null))
);
create index oidc_clients_application on oidc_clients (application_id);

-- A sign-in on the portal handed to a provider interaction: a single-use code the portal's page
-- gets for its session and the browser brings to the provider's origin (where the interaction's
-- cookie is), spent there to finish the interaction as the session's person.
create table oidc_handoffs (
  code_hash text primary key,
  interaction_uid text not null,
  session_id uuid not null references sessions (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz
);

-- Which suite session each provider session stands on: when the suite session ends, so does the
-- provider session, and the clients that asked for it are told (back-channel logout).
create table oidc_session_links (
  session_uid text primary key,
  session_id uuid not null references sessions (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index oidc_session_links_session on oidc_session_links (session_id);
