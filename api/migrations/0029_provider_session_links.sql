-- A provider session stands on one suite session per application the person signed in to for a
-- client (the latest in created_at): when one ends, so does the provider session, and the clients
-- that asked for it are told (back-channel logout); when the person signs out at a client's
-- request, every one of them ends.
-- beside the previous release: the table is new in this release (0028), nothing released writes it
alter table oidc_session_links drop constraint oidc_session_links_pkey;
alter table oidc_session_links add primary key (session_uid, session_id);
