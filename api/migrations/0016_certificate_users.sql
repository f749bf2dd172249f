-- Certificate users (type 4, Usuario Certificado; docs/product/sign-in.md, docs/product/passwords.md).
-- They sign in by document type and number: one certificate user per document.
create unique index users_certificate_document_key on users (document_type_id, upper(document))
  where typeuserid = 4 and not deleted;

-- The password initially assigned to the certificate (argon2id). A reset by e-mailed code puts
-- it back; null means the account's password is assigned by hand, which resets by link instead.
alter table users add column certificate_password_hash text;

-- Single-use reset codes, e-mailed to a certificate user (POST /api/user/send-otp-user). Only an
-- argon2id hash of the code is stored. `subject` is the user id, or '~' + the lower-cased name
-- asked for when no account can receive a code, so unknown names are limited and answered alike.
create table certificate_reset_codes (
  id uuid primary key default gen_random_uuid(),
  subject text not null,
  user_id uuid references users (id) on delete cascade,
  application_id integer not null references applications (id) on delete cascade,
  code_hash text not null,
  -- validations tried against the code, right or wrong (at most 5)
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  client text,
  created_at timestamptz not null default now()
);
create index certificate_reset_codes_subject_idx on certificate_reset_codes (subject, created_at desc);
create index certificate_reset_codes_client_idx on certificate_reset_codes (client, created_at desc);
