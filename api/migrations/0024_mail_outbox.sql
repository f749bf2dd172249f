-- Password e-mails (activation and reset links, reset codes, notices) leave the request: the call
-- writes the message here and an API instance sends it, so an answer takes the same time whether
-- or not a mail goes out (docs/security/enumeration.md). Any instance may send any message: one
-- claims a row with FOR UPDATE SKIP LOCKED and a lease; a message whose instance died mid-send is
-- taken over when the lease ends (sent again, with the same Message-ID). A row is either a written
-- message or a job (job_kind, job) that the sending instance writes first — a password link's
-- token is issued then, and a job for an address without an account sends nothing — so the
-- request writes one row whether or not an account exists. Sent rows are kept a few days for the
-- record, then purged.
create table mail_outbox (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  job_kind text,
  job jsonb,
  to_address text,
  subject text,
  text_body text,
  html_body text,
  message_id text not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  leased_until timestamptz,
  lease_owner text,
  last_error text,
  sent_at timestamptz,
  failed_at timestamptz,
  check (job_kind is not null or (to_address is not null and subject is not null and text_body is not null and html_body is not null))
);
create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where sent_at is null and failed_at is null;
create index mail_outbox_done_idx on mail_outbox (coalesce(sent_at, failed_at)) where sent_at is not null or failed_at is not null;
