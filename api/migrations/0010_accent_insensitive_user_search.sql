-- The users list's search ignores accents as well as case: 'nunez' finds Núñez, 'HECTOR' finds
-- Héctor (a Spanish-language console; people type names without accents). suite_fold() is the one
-- folding, applied to the stored search text and to the searched text alike. It maps the accented
-- letters of Spanish and Portuguese with translate() (immutable, no extension, the same on PGlite
-- and PostgreSQL whatever the database's locale) and then lowercases.
create function suite_fold(value text) returns text
  language sql immutable strict parallel safe
  return lower(translate(value,
    'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç',
    'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc'));

drop index if exists users_search_trgm_idx;
alter table users drop column search_text;
alter table users add column search_text text not null
  generated always as (suite_fold(user_name || ' ' || names || ' ' || surnames || ' ' || document || ' ' || email)) stored;
create index users_search_trgm_idx on users using gin (search_text gin_trgm_ops) where not deleted;
