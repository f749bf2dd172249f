-- What a user may do in an application follows the assignments as they are now: a privilege of
-- a role counts only while the role and the privilege are active and the application still
-- holds the privilege (application_privileges; a role's privileges in an application already go
-- with the role's place in it, by foreign key). Tokens are issued from suite_user_privileges (through
-- suite_user_access), and the API's authorization reads it on every privileged call
-- (api/src/modules/access/grants.ts), so taking any of these away ends the access at once.

-- The privileges a user holds in an application now, in one statement: what authorization reads.
create or replace function suite_user_privileges(p_user uuid, p_app integer) returns text[]
language sql stable as $$
  select coalesce(array_agg(distinct p.name order by p.name), '{}')
    from user_roles ur
    join roles r on r.id = ur.role_id and r.idstate = 0
    join role_privileges rp on rp.role_id = ur.role_id and rp.application_id = ur.application_id
    join privileges p on p.id = rp.privilege_id and p.idstate = 0
    join application_privileges apr on apr.application_id = ur.application_id and apr.privilege_id = p.id
   where ur.user_id = p_user and ur.application_id = p_app
$$;

-- What an access token says about a user in an application: those privileges, the visible
-- applications the user has roles in, and the main company's name.
create or replace function suite_user_access(p_user uuid, p_app integer,
  out privileges text[], out apps text[], out customer_name text)
language plpgsql stable as $$
#variable_conflict use_column
begin
  privileges := suite_user_privileges(p_user, p_app);
  apps := array(
    select distinct ap.name
      from user_roles ur
      join roles r on r.id = ur.role_id and r.idstate = 0
      join applications ap on ap.id = ur.application_id and ap.is_visible
     where ur.user_id = p_user
     order by ap.name);
  customer_name := coalesce((
    select cus.name from user_customers uc join customers cus on cus.id = uc.customer_id
     where uc.user_id = p_user and uc.principal limit 1), '');
end $$;
