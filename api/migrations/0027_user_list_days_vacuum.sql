-- The per-day counts are a few thousand rows that every administrator's edit updates; the deep
-- pages of the users list read them by an index-only scan, which needs a current visibility map.
-- The default threshold (20 % of the table) would leave them unvacuumed for thousands of updates;
-- a fixed one keeps the map fresh at a negligible cost.
alter table user_list_days set (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 500,
                                autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 2000);
