-- A short grace for a refresh token whose answer was lost (docs/adr/0020-refresh-reuse-grace.md).
--
-- As in 0006, plus: a token spent less than p_grace_seconds ago (counted from its first spend) is
-- spent again as a retry while its successor is unused and unrevoked (the family has not moved on)
-- and was issued before this request reached the API (p_requested_at): that unseen successor is
-- revoked, a new one of the same generation takes its place, and `superseded` names the revoked
-- one (null for a normal rotation). p_grace_seconds 0: no retry, 0006's behaviour exactly.
--
-- One read of the presented token decides which single update runs. An unspent token takes 0006's
-- update unchanged (the same statement, the same plan): of two concurrent presentations the row
-- lock lets one win, and the other, re-checking the row once the winner commits, finds it spent
-- and updates nothing — it is not turned into a retry of the answer it raced with. A spent token
-- takes the retry's update, which holds only while the row still points at the successor that read
-- saw: of two concurrent retries the second finds the row pointing at the first one's successor.
-- With PGlite (one connection, statements one after the other) nothing overlaps; there
-- p_requested_at decides: a request that arrived before the current successor was issued did not
-- see that answer lost, it was a duplicate of the request that got it.
--
-- The rotation locks the presented token's session row before it updates the token's row. A
-- revocation (sign-out, reuse, password change, session limits) updates the session's row, then
-- its tokens' rows; 0006 updated the token's row, then the session's (`last_seen_at`): two
-- transactions taking the same two rows in opposite orders, which PostgreSQL ends as a deadlock by
-- aborting one of them. In the same order, the later one waits.
drop function if exists suite_refresh_rotate(text, text, text, uuid, text);

create or replace function suite_refresh_rotate(
  p_hash text, p_user text, p_app text, p_new_id uuid, p_new_hash text,
  p_grace_seconds integer, p_requested_at timestamptz,
  out session_id uuid, out user_id uuid, out user_name text, out names text, out surnames text,
  out app_name text, out amount_time integer, out time_unit integer,
  out privileges text[], out apps text[], out customer_name text, out superseded uuid)
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
  v_spent_at timestamptz;
  v_successor uuid;
  v_issued timestamptz;
  v_locked uuid;
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

  select rt.used_at, rt.replaced_by, rt.session_id into v_spent_at, v_successor, v_locked
    from refresh_tokens rt where rt.token_hash = p_hash;
  if v_locked is null then
    return;
  end if;
  -- the session's row before the token's, as a revocation takes them: a refresh and a sign-out
  -- of the same session at the same moment then wait on each other in turn, never in a cycle
  perform 1 from sessions s where s.id = v_locked for no key update;

  if v_spent_at is null then
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
    v_successor := null;
  elsif p_grace_seconds > 0 and v_spent_at > now() - make_interval(secs => p_grace_seconds) then
    -- a retry: used_at keeps the first spend, so retries do not extend the grace
    update refresh_tokens rt set replaced_by = p_new_id
      from sessions s, users u
     where rt.token_hash = p_hash
       and rt.used_at = v_spent_at and rt.replaced_by = v_successor
       and rt.revoked_at is null and rt.expires_at > now()
       and rt.application_id = v_app
       and (v_max < 1 or rt.generation < v_max)
       and s.id = rt.session_id and s.revoked_at is null
       and u.id = rt.user_id and not u.deleted and u.idstate = 1 and lower(u.user_name) = lower(p_user)
       and exists (select 1 from refresh_tokens nx
                    where nx.id = v_successor and nx.used_at is null and nx.revoked_at is null
                      and nx.created_at < p_requested_at)
    returning rt.id, rt.session_id, rt.family_id, rt.user_id, rt.generation
         into v_token, v_session, v_family, v_user, v_generation;
  end if;
  if v_token is null then
    return;
  end if;

  if v_successor is not null then
    update refresh_tokens set revoked_at = now()
     where id = v_successor and used_at is null and revoked_at is null;
    if not found then
      -- the successor was used (its own refresh locked it first) or revoked meanwhile: the family
      -- moved on, so this is no retry; the presented token points at that successor again
      update refresh_tokens set replaced_by = v_successor where id = v_token;
      return;
    end if;
  end if;

  -- issued now, not at the transaction's start: what a retry's p_requested_at is compared with
  v_issued := clock_timestamp();
  insert into refresh_tokens (id, session_id, user_id, application_id, family_id, token_hash, created_at, expires_at, generation)
  values (p_new_id, v_session, v_user, v_app, v_family, p_new_hash, v_issued, v_issued + make_interval(secs => v_seconds), v_generation + 1);
  update sessions set last_seen_at = now() where id = v_session;

  select u.user_name, u.names, u.surnames into user_name, names, surnames from users u where u.id = v_user;
  select a.name, a.amount_time, a.time_unit into app_name, amount_time, time_unit from applications a where a.id = v_app;
  select x.privileges, x.apps, x.customer_name into privileges, apps, customer_name from suite_user_access(v_user, v_app) x;
  session_id := v_session;
  user_id := v_user;
  superseded := v_successor;
end $$;
