-- Menu settings (docs/product/menus.md): one menu per application and location (1 lateral, 2 top,
-- 3 user, 4 suite), its items a JSON tree replaced whole on every save. `version` rises with each
-- save so a save made from a stale copy is refused instead of overwriting someone else's.
create table menus (
  id serial primary key,
  application_id integer not null references applications(id) on delete cascade,
  idmenulocation smallint not null check (idmenulocation between 1 and 4),
  number_rows smallint not null default 0,
  menujson jsonb not null default '[]',
  version integer not null default 1,
  created_on timestamptz not null default now(),
  modified_on timestamptz not null default now(),
  unique (application_id, idmenulocation)
);

-- Uploaded menu images (suite logos, personalised icons) live in the suite's one image store,
-- stored_images (0013).
