-- Per-recipient delivery rows of executed notifications are purged after a retention
-- (NOTIFY_DELIVERY_RETENTION_DAYS). What they counted stays on the notification: the list adds
-- these to the counts of the rows still kept.
alter table notifications
  add column purged_recipients integer not null default 0,
  add column purged_sent integer not null default 0,
  add column purged_failed integer not null default 0;

-- the purge walks executed notifications by age
create index notifications_executed_idx on notifications (executed_at) where idstate = 1;
