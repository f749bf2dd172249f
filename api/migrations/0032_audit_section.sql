-- The console's audit section (docs/product/audit.md): the list is read newest first through
-- an index of each filter, so a filtered page costs its rows at any size of the log.

-- in which application: a sign-in's, or the changed application's own name
alter table audit_log add column application text generated always as (
  coalesce(after ->> 'application', before ->> 'application',
           case when entity = 'application' then coalesce(after ->> 'name', before ->> 'name') end)
) stored;

create index audit_log_at_id_idx on audit_log (at desc, id desc);
drop index if exists audit_log_at_idx;
create index audit_log_actor_idx on audit_log (lower(actor_name), at desc, id desc);
create index audit_log_action_idx on audit_log (lower(action), at desc, id desc);
create index audit_log_target_idx on audit_log (entity_id, at desc, id desc);
create index audit_log_application_idx on audit_log (lower(application), at desc, id desc) where application is not null;
