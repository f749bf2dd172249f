-- Portal profiles as data (docs/product/portal.md, docs/architecture.md §4): the behaviour fields are columns of
-- applications (0001); the appearance is one JSON document per application and a partial one per
-- tenant, merged over it by the API. Databases seeded earlier get the profiles from the seed.

-- the sign-in looks: two-column (with version label) and translated (language bar) as well
alter table applications drop constraint if exists applications_sign_in_variant_check;
alter table applications add constraint applications_sign_in_variant_check
  check (sign_in_variant in ('classic', 'twoColumn', 'translated', 'myself', 'certificate'));

-- favicon, background, logos, logo width, palette, colours, font, page text, templates
alter table applications add column appearance jsonb not null default '{}'::jsonb;
alter table applications add constraint applications_appearance_object check (jsonb_typeof(appearance) = 'object');

-- any subset of the profile the tenant changes (title and default language stay columns)
alter table application_tenants add column profile jsonb not null default '{}'::jsonb;
alter table application_tenants add constraint application_tenants_profile_object check (jsonb_typeof(profile) = 'object');

