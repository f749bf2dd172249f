-- Refresh-token rotation as one function call (plans cached per connection, one round trip):
-- the presented token is spent only if it is unused, unrevoked and unexpired, belongs to a live
-- session of this active user in this active application and the family is within the
-- application's maxRefreshTokens; then the next token of the family is stored (only its SHA-256)
-- and the session is touched. Concurrent presentations of one token: exactly one wins (the row
-- lock on `used_at is null`). Returns nulls when nothing was rotated; the caller then asks why.
create or replace function suite_refresh_rotate(
  p_hash text, p_user text, p_app text, p_new_id uuid, p_new_hash text,
  out session_id uuid, out user_id uuid, out user_name text, out names text, out surnames text,
  out app_name text, out amount_time integer, out time_unit integer,
  out privileges text[], out apps text[], out customer_name text)
language plpgsql as $$
#variable_conflict use_column
declare
  v_app integer;
  v_max integer;
  v_seconds integer;
  v_token uuid;
  v_session uuid;
  v_family uuid;
  v_user uuid;
  v_generation integer;
begin
  select a.id, a.max_refresh_tokens,
         case when a.refresh_token_expiration_amount_time > 0
              then a.refresh_token_expiration_amount_time *
                   (case a.refresh_token_expiration_time_unit when 1 then 60 when 2 then 3600 else 86400 end)
              else 86400 end
    into v_app, v_max, v_seconds
    from applications a
   where lower(a.name) = lower(p_app) and a.idstate = 0;
  if v_app is null then
    return;
  end if;

  update refresh_tokens rt set used_at = now(), replaced_by = p_new_id
    from sessions s, users u
   where rt.token_hash = p_hash
     and rt.used_at is null and rt.revoked_at is null and rt.expires_at > now()
     and rt.application_id = v_app
     and (v_max < 1 or rt.generation < v_max)
     and s.id = rt.session_id and s.revoked_at is null
     and u.id = rt.user_id and not u.deleted and u.idstate = 1 and lower(u.user_name) = lower(p_user)
  returning rt.id, rt.session_id, rt.family_id, rt.user_id, rt.generation
       into v_token, v_session, v_family, v_user, v_generation;
  if v_token is null then
    return;
  end if;

  insert into refresh_tokens (id, session_id, user_id, application_id, family_id, token_hash, expires_at, generation)
  values (p_new_id, v_session, v_user, v_app, v_family, p_new_hash, now() + make_interval(secs => v_seconds), v_generation + 1);
  update sessions set last_seen_at = now() where id = v_session;

  select u.user_name, u.names, u.surnames into user_name, names, surnames from users u where u.id = v_user;
  select a.name, a.amount_time, a.time_unit into app_name, amount_time, time_unit from applications a where a.id = v_app;
  select x.privileges, x.apps, x.customer_name into privileges, apps, customer_name from suite_user_access(v_user, v_app) x;
  session_id := v_session;
  user_id := v_user;
end $$;
