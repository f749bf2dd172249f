-- The sign-in captcha and the OTP-reset requests (docs/adr/0017-captcha-and-otp-reset.md).
--
-- A solved captcha (ALTCHA proof of work) is good for one sign-in: its challenge's nonce is
-- recorded here by the instance that accepts it, so the same solution presented to any instance
-- again is refused. Rows are only needed until the challenge expires; then they are purged.
create table captcha_solutions (
  nonce text primary key,
  expires_at timestamptz not null
);
create index captcha_solutions_expires_idx on captcha_solutions (expires_at);

-- A sibling application asks us to confirm by e-mail that a user wants their OTP device reset
-- (docs/security/otp-reset.md). The e-mailed link carries a random token; only its SHA-256 is kept.
create table otp_reset_requests (
  id uuid primary key default gen_random_uuid(),
  application_id integer not null references applications (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  requested_by uuid references users (id) on delete set null,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  validated_at timestamptz
);
create index otp_reset_requests_app_idx on otp_reset_requests (application_id, created_at desc);

-- firmaya's sign-in screens show the captcha (docs/product/sign-in.md, Captcha); every other application keeps it off.
update application_parameters p
   set value = 'true'::jsonb
  from applications a
 where a.id = p.application_id and lower(a.name) = 'firmaya' and p.name = 'captchaApply';
-- The parameter is the one place the setting lives (it is what the sign-in and the console read);
-- the column of the same name, read by nothing, goes.
alter table applications drop column captcha_apply;
