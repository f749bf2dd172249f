-- The per-account limits of the reset flows (RESET_ADDRESS_RATE_LIMIT: reset and activation
-- links, certificate codes and document lookups per account per hour) were counted in each API
-- instance's memory, so N instances let N times the budget of mail reach one mailbox. The
-- counters live here instead, one fixed window per key, shared by every instance; the key is the
-- SHA-256 of the flow and the account (or the name asked for), never the name itself. Rows are
-- only needed until their window ends; then they are purged.
create table rate_windows (
  key_hash text primary key,
  hits integer not null,
  resets_at timestamptz not null
);
create index rate_windows_resets_idx on rate_windows (resets_at);
