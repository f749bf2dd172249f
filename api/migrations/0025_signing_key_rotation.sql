-- Signing keys rotate in two steps (docs/adr/0033-signing-key-rotation.md): a new key is first
-- published as 'next' (in the JWKS, signing nothing) for longer than relying parties cache the
-- JWKS, then promoted to 'active'; the key it replaces stays published as 'previous' until every
-- token it signed has expired, then is retired. Expand only: a release that knows just 'active'
-- and 'previous' runs beside this schema and ignores the 'next' key.
-- beside the previous release: widened in one transaction, every value it writes is still allowed
alter table signing_keys drop constraint if exists signing_keys_status_check;
-- beside the previous release: allows what it allowed and 'next'
alter table signing_keys add constraint signing_keys_status_check check (status in ('next', 'active', 'previous', 'retired'));
-- when the key stopped signing (became 'previous'): its tokens are valid until then plus their lifetime
alter table signing_keys add column superseded_at timestamptz;
-- beside the previous release: it never writes a 'next' key
create unique index signing_keys_one_next on signing_keys (status) where status = 'next';
