-- Passkeys (docs/adr/0037-second-factors.md): the WebAuthn challenges handed to a browser, each
-- answered once within five minutes, on whichever instance the answer reaches. Kept as a SHA-256.
--   register  — a person adding a passkey on /security (user_id set)
--   step      — the second step of a sign-in (sign_in_challenge_id set)
--   sign_in   — 'Ingresar con llave de acceso', nobody named yet (application_id set)

create table passkey_challenges (
  challenge_hash text primary key,
  purpose text not null check (purpose in ('register', 'step', 'sign_in')),
  user_id uuid references users (id) on delete cascade,
  application_id integer references applications (id) on delete cascade,
  sign_in_challenge_id uuid references sign_in_challenges (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index passkey_challenges_expiry on passkey_challenges (expires_at);
