-- The audit list's indexes carry the column under each lower(): PostgreSQL reads an expression
-- index alone (an index-only scan) only when the query's columns are in it, so a page's count
-- walked the log's heap instead of the index (docs/adr/0039-audit-list-at-scale.md).
-- The sign-in events' quick choice (an application and an action together) gets its own index.

create index audit_log_actor_only_idx on audit_log (lower(actor_name), at desc, id desc) include (actor_name);
drop index if exists audit_log_actor_idx;
create index audit_log_action_only_idx on audit_log (lower(action), at desc, id desc) include (action);
drop index if exists audit_log_action_idx;
drop index if exists audit_log_application_idx;
create index audit_log_application_only_idx on audit_log (lower(application), at desc, id desc)
  include (application) where application is not null;
create index audit_log_application_action_idx on audit_log (lower(application), lower(action), at desc, id desc)
  include (application, action) where application is not null;
