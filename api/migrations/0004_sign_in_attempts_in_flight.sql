-- Attempts being verified right now are counted apart from confirmed failures: a round allows
-- (3 − failures) attempts in flight, so parallel wrong passwords cannot pass the limit, while
-- parallel right ones wait for a slot instead of being refused. The lease frees the slots of an
-- instance that died mid-verify.
alter table sign_in_lockouts
  add column in_flight integer not null default 0,
  add column in_flight_until timestamptz;
