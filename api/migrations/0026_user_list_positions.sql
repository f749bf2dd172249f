-- Where a deep page of the users list starts, without skipping every user before it: how many
-- live users each day of modification holds, in the groups each order puts first, kept by
-- statement triggers like user_totals. A page at offset N sums these counts in the order's
-- sequence (an index read that stops at the day holding position N) and reads the users' index
-- from that day on, skipping at most that day's users (api/src/modules/users/queries.ts).
-- Schemes: 0 every user (newest and oldest first), 1 active first (grp: idstate <> 1), 2 inactive
-- first (grp: idstate <> 2). Only administrators' edits and password changes move a user's
-- modification date; a sign-in changes no count, so it writes nothing here.
create function user_list_day(at timestamptz) returns integer language sql immutable parallel safe
  as $$ select floor(extract(epoch from at) / 86400)::integer $$;

-- the three (scheme, grp, day) keys a user counts under
create function user_list_keys(modified_on timestamptz, idstate integer)
  returns table (scheme smallint, grp boolean, day integer) language sql immutable parallel safe
  as $$ values (0::smallint, false, user_list_day(modified_on)),
               (1::smallint, idstate <> 1, user_list_day(modified_on)),
               (2::smallint, idstate <> 2, user_list_day(modified_on)) $$;

create table user_list_days (
  scheme smallint not null,
  grp boolean not null,
  day integer not null,
  live integer not null,
  -- each order's sequence is this index read forwards (or, oldest first, backwards)
  primary key (scheme, grp, day)
);
create unique index user_list_days_order on user_list_days (scheme, grp, day desc) include (live);

insert into user_list_days (scheme, grp, day, live)
  select k.scheme, k.grp, k.day, count(*) from users u, user_list_keys(u.modified_on, u.idstate) k
   where not u.deleted group by 1, 2, 3;

-- rows added (TG_ARGV[0] = 1) or removed (-1): the statement's rows, under the name both triggers give them
create function user_list_days_counted() returns trigger language plpgsql as $$
begin
  insert into user_list_days as c (scheme, grp, day, live)
    select k.scheme, k.grp, k.day, TG_ARGV[0]::integer * count(*) from changed_rows u, user_list_keys(u.modified_on, u.idstate) k
     where not u.deleted group by 1, 2, 3
  on conflict (scheme, grp, day) do update set live = c.live + excluded.live;
  return null;
end $$;

create function user_list_days_updated() returns trigger language plpgsql as $$
begin
  insert into user_list_days as c (scheme, grp, day, live)
    select scheme, grp, day, sum(delta) from (
      select k.scheme, k.grp, k.day, -1 as delta from old_rows u, user_list_keys(u.modified_on, u.idstate) k where not u.deleted
      union all
      select k.scheme, k.grp, k.day, 1 from new_rows u, user_list_keys(u.modified_on, u.idstate) k where not u.deleted
    ) moved group by 1, 2, 3 having sum(delta) <> 0
  on conflict (scheme, grp, day) do update set live = c.live + excluded.live;
  return null;
end $$;

create trigger users_list_days_insert after insert on users
  referencing new table as changed_rows for each statement execute function user_list_days_counted('1');
create trigger users_list_days_delete after delete on users
  referencing old table as changed_rows for each statement execute function user_list_days_counted('-1');
create trigger users_list_days_update after update on users
  referencing old table as old_rows new table as new_rows for each statement execute function user_list_days_updated();
