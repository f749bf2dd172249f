-- Users administration (docs/product/users.md): contains-search and sorts that stay fast at
-- 100,000 users, and the audit log of every change made through the console.

-- trigram indexes serve `like '%text%'`; PGlite loads the extension from its contrib bundle
create extension if not exists pg_trgm;

-- The list's search matches user name, names, surnames, document and e-mail case-insensitively:
-- the five fields joined by spaces and lowercased, kept in a column so checking a row is one
-- read (not five concatenations and a lower() per row), with one trigram index over it.
alter table users add column search_text text not null
  generated always as (lower(user_name || ' ' || names || ' ' || surnames || ' ' || document || ' ' || email)) stored;
create index users_search_trgm_idx on users using gin (search_text gin_trgm_ops) where not deleted;

-- Sorts "Activo" / "Inactivo" first, then most recently modified: read in index order, so a
-- page costs its rows, not a sort of every user. (Newest/oldest use users_modified_idx.)
create index users_active_first_idx on users ((idstate <> 1), modified_on desc, id) include (idstate) where not deleted;
create index users_inactive_first_idx on users ((idstate <> 2), modified_on desc, id) include (idstate) where not deleted;

-- who changed what and when, with the row before and after (written in the change's transaction)
create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- the administrator; no foreign key so the record outlives any user row
  actor_id uuid,
  actor_name text not null default '',
  -- e.g. user.create, user.modify, user.state, user.delete, user.reactivate
  action text not null,
  entity text not null,
  entity_id text not null,
  before jsonb,
  after jsonb
);
create index audit_log_entity_idx on audit_log (entity, entity_id, at desc);
create index audit_log_at_idx on audit_log (at desc);

-- The plain list's row count, kept by triggers, so paging 100,000 users never counts them all.
-- Sign-ins update users too, but never `deleted`: only creating, deleting and restoring users
-- touch this row.
create table user_totals (
  id boolean primary key default true check (id),
  live bigint not null
);
insert into user_totals (live) select count(*) from users where not deleted;

create function user_totals_inserted() returns trigger language plpgsql as $$
begin
  update user_totals set live = live + (select count(*) from inserted_rows where not deleted);
  return null;
end $$;

create function user_totals_removed() returns trigger language plpgsql as $$
begin
  update user_totals set live = live - (select count(*) from removed_rows where not deleted);
  return null;
end $$;

create function user_totals_flagged() returns trigger language plpgsql as $$
begin
  update user_totals set live = live + case when new.deleted then -1 else 1 end;
  return null;
end $$;

create trigger users_totals_insert after insert on users
  referencing new table as inserted_rows for each statement execute function user_totals_inserted();
create trigger users_totals_delete after delete on users
  referencing old table as removed_rows for each statement execute function user_totals_removed();
create trigger users_totals_deleted_flag after update of deleted on users
  for each row when (old.deleted is distinct from new.deleted) execute function user_totals_flagged();
