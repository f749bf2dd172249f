import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { activeMaintenanceJoin } from '../applications/queries';

/** The application a client signs people in to, when it is active and out of maintenance. */
export async function openApplicationOfClient(db: Kysely<DB>, clientId: string): Promise<{ id: number; name: string } | undefined> {
  const { rows } = await sql<{ id: number; name: string; in_maintenance: boolean | null }>`
    select a.id, a.name, m.ends_at is not null as in_maintenance
      from oidc_clients c
      join applications a on a.id = c.application_id
      ${activeMaintenanceJoin}
     where c.client_id = ${clientId} and a.idstate = 0`.execute(db);
  const row = rows[0];
  return row && !row.in_maintenance ? { id: row.id, name: row.name } : undefined;
}

/** The default language of a client's application (the provider's own pages speak it). */
export async function clientLanguage(db: Kysely<DB>, clientId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('oidc_clients as c')
    .innerJoin('applications as a', 'a.id', 'c.application_id')
    .select('a.default_language')
    .where('c.client_id', '=', clientId)
    .executeTakeFirst();
  return row?.default_language ?? undefined;
}

/**
 * The suite session a provider session stands on now (the latest linked: the person's last sign-in
 * for a client), while it is live and its person active.
 */
export async function liveSessionOf(db: Kysely<DB>, sessionUid: string): Promise<{ session_id: string; user_id: string } | undefined> {
  return db
    .selectFrom('oidc_session_links as l')
    .innerJoin('sessions as s', 's.id', 'l.session_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id as session_id', 's.user_id'])
    .where('l.session_uid', '=', sessionUid)
    .where('s.revoked_at', 'is', null)
    .where('u.deleted', '=', false)
    .where('u.idstate', '=', 1)
    .where('l.created_at', '=', (eb) =>
      eb
        .selectFrom('oidc_session_links as latest')
        .select((e) => e.fn.max('latest.created_at').as('at'))
        .where('latest.session_uid', '=', sessionUid),
    )
    .executeTakeFirst();
}

/** Every live suite session a provider session stands on (one per application signed in to for a client). */
export async function linkedLiveSessions(db: Kysely<DB>, sessionUid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('oidc_session_links as l')
    .innerJoin('sessions as s', 's.id', 'l.session_id')
    .select('s.id')
    .where('l.session_uid', '=', sessionUid)
    .where('s.revoked_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/** The provider session now stands (also) on this suite session, as the latest. */
export async function linkProviderSession(db: Kysely<DB>, sessionUid: string, suiteSessionId: string): Promise<void> {
  await db
    .insertInto('oidc_session_links')
    .values({ session_uid: sessionUid, session_id: suiteSessionId })
    .onConflict((oc) => oc.columns(['session_uid', 'session_id']).doUpdateSet({ created_at: sql<Date>`now()` }))
    .execute();
}

/** The provider sessions standing on these suite sessions. */
export async function providerSessionsOf(db: Kysely<DB>, suiteSessionIds: readonly string[]): Promise<string[]> {
  if (suiteSessionIds.length === 0) return [];
  const rows = await db.selectFrom('oidc_session_links').select('session_uid').where('session_id', 'in', suiteSessionIds).execute();
  return rows.map((r) => r.session_uid);
}

/**
 * The person's standard claims (OpenID Connect Core §5.1), with the tenant and language of the
 * suite session the provider session stands on. Nobody when the person is deleted or not active,
 * or when that session ended.
 */
export async function accountClaims(
  db: Kysely<DB>,
  userId: string,
  sessionUid: string | undefined,
): Promise<Record<string, unknown> | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'user_name', 'names', 'surnames', 'email', 'email_verified_at', 'idstate', 'deleted'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.deleted || user.idstate !== 1) return undefined;
  const session = sessionUid
    ? await sql<{ tenant: string | null; locale: string | null; revoked: boolean }>`
        select s.tenant, coalesce(t.default_language, a.default_language) as locale, s.revoked_at is not null as revoked
          from oidc_session_links l
          join sessions s on s.id = l.session_id
          join applications a on a.id = s.application_id
          left join application_tenants t on t.application_id = a.id and lower(t.code) = lower(s.tenant)
         where l.session_uid = ${sessionUid}
         order by l.created_at desc
         limit 1`
        .execute(db)
        .then((r) => r.rows[0])
    : undefined;
  if (session?.revoked) return undefined;
  const name = `${user.names} ${user.surnames}`.trim();
  return {
    sub: user.id,
    preferred_username: user.user_name,
    name,
    given_name: user.names,
    family_name: user.surnames,
    email: user.email,
    email_verified: user.email_verified_at !== null,
    ...(session?.locale ? { locale: session.locale } : {}),
    ...(session?.tenant ? { tenant: session.tenant } : {}),
  };
}

/** The application of a suite session. */
export async function sessionApplicationId(db: Kysely<DB>, sessionId: string): Promise<number | undefined> {
  const row = await db.selectFrom('sessions').select('application_id').where('id', '=', sessionId).executeTakeFirst();
  return row?.application_id;
}

/** Keeps a hand-over code (its hash) for an interaction, valid `seconds`. */
export async function storeHandoff(
  db: Kysely<DB>,
  input: { codeHash: string; interactionUid: string; sessionId: string; seconds: number },
): Promise<void> {
  await db
    .insertInto('oidc_handoffs')
    .values({
      code_hash: input.codeHash,
      interaction_uid: input.interactionUid,
      session_id: input.sessionId,
      expires_at: sql<Date>`now() + make_interval(secs => ${input.seconds}::int)`,
    })
    .execute();
}

/**
 * Spends a hand-over code of this interaction in one statement (once: unused and unexpired), and
 * returns its session while the session is live and its person active.
 */
export async function spendHandoff(
  db: Kysely<DB>,
  codeHash: string,
  interactionUid: string,
): Promise<{ session_id: string; user_id: string } | undefined> {
  const { rows } = await sql<{ session_id: string; user_id: string }>`
    with spent as (
      update oidc_handoffs set used_at = now()
       where code_hash = ${codeHash} and interaction_uid = ${interactionUid} and used_at is null and expires_at > now()
      returning session_id
    )
    select s.id::text as session_id, s.user_id::text as user_id
      from spent join sessions s on s.id = spent.session_id join users u on u.id = s.user_id
     where s.revoked_at is null and not u.deleted and u.idstate = 1`.execute(db);
  return rows[0];
}

export async function unlinkProviderSessions(db: Kysely<DB>, sessionUids: readonly string[]): Promise<void> {
  if (sessionUids.length === 0) return;
  await db.deleteFrom('oidc_session_links').where('session_uid', 'in', sessionUids).execute();
}
