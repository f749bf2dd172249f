-- Recognised devices and a lockout a stranger cannot turn against the account's owner
-- (docs/security/lockout.md).
--
-- A browser that proved an account's password gets a random device id in an HttpOnly cookie; only
-- its SHA-256 is stored here, per account. For `p_trust_days` after the last proof, that browser's
-- sign-in attempts on the account count on a lockout subject of their own (`<user id>#<hash>`), so
-- the wrong passwords of everyone else — which count on the account's shared subject — never lock
-- or block it. And the lockout's escalation no longer blocks the account itself (state 6, which
-- ended every live session): it blocks the subject, i.e. the unrecognised clients, until a password
-- reset or an administrator lifts it.

create table recognised_devices (
  user_id uuid not null references users (id) on delete cascade,
  device_hash text not null,
  proved_at timestamptz not null default now(),
  primary key (user_id, device_hash)
);
create index recognised_devices_proved_idx on recognised_devices (proved_at);

-- Remembers that the device proved the user's password now; keeps the 20 most recent per user.
create or replace function suite_remember_device(p_user uuid, p_device text)
returns void language plpgsql as $$
begin
  if p_device is null then
    return;
  end if;
  insert into recognised_devices as d (user_id, device_hash) values (p_user, p_device)
  on conflict (user_id, device_hash) do update set proved_at = now();
  delete from recognised_devices
   where user_id = p_user
     and device_hash in (select r.device_hash from recognised_devices r where r.user_id = p_user
                          order by r.proved_at desc offset 20);
end $$;

drop function if exists suite_sign_in_begin(text, text, uuid, integer, integer);
drop function if exists suite_sign_in_success(uuid, integer, text, text, text, text, text, text, integer, text, text, integer);

-- As in 0005, plus p_device (the hash of the client's device id, or null) and p_trust_days: an
-- attempt from a device that proved this account's password within p_trust_days claims on the
-- device's own subject.
create or replace function suite_sign_in_begin(
  p_app text, p_user text, p_attempt uuid, p_max integer, p_lease integer, p_device text, p_trust_days integer,
  out app_id integer, out app_name text, out url_app text, out url_assign_password text, out app_idstate integer,
  out amount_time integer, out time_unit integer, out refresh_seconds integer,
  out max_refresh_tokens_by_user integer, out is_concurrent_session boolean,
  out max_concurrent_tokens integer, out max_concurrent_tokens_by_user integer,
  out password_expiration integer, out password_type_expiration integer,
  out in_maintenance boolean, out maintenance_message text,
  out user_id uuid, out user_name text, out names text, out surnames text, out user_idstate integer,
  out password_hash text, out password_changed_at timestamptz, out created_on timestamptz,
  out subject text, out failed_attempts integer, out blocked boolean, out locked boolean,
  out claimed boolean, out lock_time integer)
language plpgsql as $$
#variable_conflict use_column
declare
  v_name text := lower(p_user);
  v_ends timestamptz;
  v_user uuid;
  v_subject text;
  v_attempt uuid;
begin
  select a.id, a.name, a.url_app, a.url_assign_password, a.idstate, a.amount_time, a.time_unit,
         case when a.refresh_token_expiration_amount_time > 0
              then a.refresh_token_expiration_amount_time *
                   (case a.refresh_token_expiration_time_unit when 1 then 60 when 2 then 3600 else 86400 end)
              else 86400 end,
         a.max_refresh_tokens_by_user, a.is_concurrent_session, a.max_concurrent_tokens, a.max_concurrent_tokens_by_user,
         a.password_expiration, a.password_type_expiration
    into app_id, app_name, url_app, url_assign_password, app_idstate, amount_time, time_unit, refresh_seconds,
         max_refresh_tokens_by_user, is_concurrent_session, max_concurrent_tokens, max_concurrent_tokens_by_user,
         password_expiration, password_type_expiration
    from applications a
   where lower(a.name) = lower(p_app);
  if app_id is null then
    return;
  end if;

  select w.message, w.ends_at into maintenance_message, v_ends
    from maintenance_windows w
   where (w.application_id = app_id or w.application_id is null)
     and w.starts_at <= now() and w.ends_at > now()
   order by w.application_id nulls last, w.starts_at desc
   limit 1;
  in_maintenance := v_ends is not null;
  if app_idstate <> 0 or in_maintenance then
    return;
  end if;

  select u.id, u.user_name, u.names, u.surnames, u.idstate, u.password_hash, u.password_changed_at, u.created_on
    into v_user, user_name, names, surnames, user_idstate, password_hash, password_changed_at, created_on
    from users u
   where lower(u.user_name) = v_name and not u.deleted
   limit 1;
  user_id := v_user;
  v_subject := coalesce(v_user::text, '~' || v_name);
  if v_user is not null and p_device is not null and exists (
       select 1 from recognised_devices d
        where d.user_id = v_user and d.device_hash = p_device
          and d.proved_at > now() - make_interval(days => p_trust_days)) then
    v_subject := v_user::text || '#' || p_device;
  end if;
  subject := v_subject;

  insert into sign_in_lockouts as l (subject, user_id, failed_attempts, lock_count, in_flight, in_flight_until, attempt_id, updated_at)
  values (v_subject, v_user, 0, 0, 1, now() + make_interval(secs => p_lease), p_attempt, now())
  on conflict on constraint sign_in_lockouts_pkey do update set
    (failed_attempts, locked_until, in_flight, in_flight_until, attempt_id, updated_at) = (
      select case when x.refused then l.failed_attempts else x.failed end,
             case when x.refused then l.locked_until else null end,
             case when x.refused then l.in_flight else x.flight + 1 end,
             case when x.refused then l.in_flight_until else now() + make_interval(secs => p_lease) end,
             case when x.refused then l.attempt_id else p_attempt end,
             case when x.refused then l.updated_at else now() end
        from (select y.*, (y.held or y.failed + y.flight >= p_max) as refused
                from (select (l.blocked_at is not null or coalesce(l.locked_until > now(), false)) as held,
                             -- a lock that ran out starts a new round
                             case when l.locked_until is not null and l.locked_until <= now() then 0
                                  else l.failed_attempts end as failed,
                             case when coalesce(l.in_flight_until > now(), false) then l.in_flight else 0 end as flight) y) x)
  returning l.failed_attempts, l.blocked_at is not null, coalesce(l.locked_until > now(), false), l.attempt_id,
            coalesce(greatest(0, ceil(extract(epoch from (l.locked_until - now()))))::integer, 0)
       into failed_attempts, blocked, locked, v_attempt, lock_time;
  claimed := v_attempt = p_attempt;
end $$;

-- As in 0005, but the p_block_after-th lock blocks the subject only: the account's state is left
-- as it is, so its live sessions go on and its recognised devices still sign in.
create or replace function suite_sign_in_failure(
  p_subject text, p_user uuid, p_max integer, p_block_after integer, p_lock_seconds integer,
  out failed_attempts integer, out blocked boolean, out lock_time integer)
language plpgsql as $$
#variable_conflict use_column
begin
  insert into sign_in_lockouts as l (subject, user_id, failed_attempts, lock_count, in_flight, updated_at)
  values (p_subject, p_user, 1, 0, 0, now())
  on conflict on constraint sign_in_lockouts_pkey do update set
    (failed_attempts, in_flight, lock_count, locked_until, blocked_at, updated_at) = (
      select x.failed,
             greatest(l.in_flight - 1, 0),
             case when x.lock then l.lock_count + 1 else l.lock_count end,
             case when x.lock and l.lock_count + 1 < p_block_after
                  then now() + make_interval(secs => p_lock_seconds * power(2, least(l.lock_count, 16))::integer)
                  else l.locked_until end,
             case when x.lock and l.lock_count + 1 >= p_block_after then now() else l.blocked_at end,
             now()
        from (select y.*, (not y.held and y.failed >= p_max) as lock
                from (select (l.blocked_at is not null or coalesce(l.locked_until > now(), false)) as held,
                             case when l.blocked_at is not null or coalesce(l.locked_until > now(), false)
                                  then l.failed_attempts else l.failed_attempts + 1 end as failed) y) x)
  returning l.failed_attempts, l.blocked_at is not null,
            coalesce(greatest(0, ceil(extract(epoch from (l.locked_until - now()))))::integer, 0)
       into failed_attempts, blocked, lock_time;
end $$;

-- As in 0005, plus p_device: the device that just proved the password is remembered.
create or replace function suite_sign_in_success(
  p_user uuid, p_app integer, p_subject text, p_tenant text, p_tab text, p_ip text, p_browser text,
  p_refresh_hash text, p_refresh_seconds integer, p_new_hash text, p_code_hash text, p_code_seconds integer,
  p_device text,
  out session_id uuid, out privileges text[], out apps text[], out customer_name text)
language plpgsql as $$
#variable_conflict use_column
declare
  v_session uuid;
begin
  delete from sign_in_lockouts where subject = p_subject;
  insert into sessions (user_id, application_id, tenant, id_session_tab, ip, browser)
  values (p_user, p_app, p_tenant, p_tab, p_ip, left(p_browser, 500))
  returning id into v_session;
  insert into refresh_tokens (session_id, user_id, application_id, family_id, token_hash, expires_at)
  values (v_session, p_user, p_app, v_session, p_refresh_hash, now() + make_interval(secs => p_refresh_seconds));
  update users set last_login_at = now(), password_hash = coalesce(p_new_hash, password_hash) where id = p_user;
  if p_code_hash is not null then
    insert into auth_codes (code_hash, session_id, user_id, application_id, expires_at)
    values (p_code_hash, v_session, p_user, p_app, now() + make_interval(secs => p_code_seconds));
  end if;
  perform suite_remember_device(p_user, p_device);
  session_id := v_session;
  select a.privileges, a.apps, a.customer_name into privileges, apps, customer_name
    from suite_user_access(p_user, p_app) a;
end $$;

-- Accounts the old escalation put in state 6 go back to active, blocked for unrecognised clients
-- only (their lockout row keeps its block until a reset or an administrator lifts it); the sessions
-- that state had ended stay ended.
update sessions s set revoked_at = now(), revoked_reason = 'blocked'
 where s.revoked_at is null
   and exists (select 1 from users u join sign_in_lockouts l on l.user_id = u.id and l.blocked_at is not null
                where u.id = s.user_id and u.idstate = 6);
update users u set idstate = 1, modified_on = now()
 where u.idstate = 6
   and exists (select 1 from sign_in_lockouts l where l.user_id = u.id and l.blocked_at is not null);
