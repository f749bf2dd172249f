-- Images uploaded through the console (an application's appearance): kept in the database so
-- every API instance serves them and they survive restarts and redeploys. Named by the SHA-256
-- of their bytes, so a URL never changes meaning and can be cached for ever.
create table stored_images (
  id text primary key check (id ~ '^[0-9a-f]{64}$'),
  image_type text not null check (image_type in ('png', 'jpg', 'webp', 'ico')),
  content_type text not null,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  size integer not null check (size > 0 and size <= 2097152),
  bytes bytea not null,
  file_name text not null,
  application_id integer references applications(id) on delete set null,
  created_by uuid,
  created_at timestamptz not null default now()
);
