import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { deviceOfUserAgent, browserOfUserAgent, type UserLock, type UserSession } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * A person's lockout as the users console shows it, as JSON (null when it does not hold them): the
 * account's own lockout subject (its id; a recognised device's lock is that device's alone), blocked
 * until lifted, or locked until a time. `user` is the SQL of the person's id. One expression for
 * the list's rows and the card.
 */
export function lockJson(user: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(select case when l.blocked_at is not null then json_build_object('kind', 'blocked')
                          when l.locked_until > now() then json_build_object('kind', 'locked',
                            'until', to_char(l.locked_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                     end
                from sign_in_lockouts l where l.subject = (${user})::text)`;
}

export async function lockOf(db: Db, userId: string): Promise<UserLock | undefined> {
  const { rows } = await sql<{ lock: UserLock | null }>`select ${lockJson(sql`${userId}::uuid`)} as lock`.execute(db);
  return rows[0]?.lock ?? undefined;
}

/**
 * A person's live sessions, newest first: not revoked, and holding a refresh token that is neither
 * revoked nor expired (a session whose tokens ran out is over even if nobody ended it).
 */
export async function liveSessions(db: Db, userId: string): Promise<UserSession[]> {
  const { rows } = await sql<{
    id: string;
    application: string;
    application_title: string | null;
    browser: string | null;
    ip: string | null;
    created_at: Date;
    last_refresh_at: Date | null;
  }>`
    select s.id::text as id, a.name as application, a.title as application_title, s.browser, s.ip, s.created_at,
           r.last_refresh_at
      from sessions s
      join applications a on a.id = s.application_id
      join lateral (select max(t.created_at) as newest, min(t.created_at) as first,
                           bool_or(t.revoked_at is null and t.expires_at > now()) as live
                      from refresh_tokens t where t.session_id = s.id) t on t.live
      cross join lateral (select case when t.newest > t.first then t.newest end as last_refresh_at) r
     where s.user_id = ${userId}::uuid and s.revoked_at is null
     order by s.created_at desc`.execute(db);
  return rows.map((r) => {
    const agent = r.browser ?? '';
    return {
      id: r.id,
      application: r.application,
      applicationTitle: r.application_title || r.application,
      deviceType: deviceOfUserAgent(agent),
      // an older session kept only the page's name of its browser
      browser: agent.includes('/') ? browserOfUserAgent(agent) : agent || 'Other',
      address: r.ip,
      startedAt: r.created_at.toISOString(),
      lastRefreshAt: r.last_refresh_at ? r.last_refresh_at.toISOString() : null,
    };
  });
}

/** The person's live sessions among `ids` (an id of another person's session is not theirs to close). */
export async function sessionsOf(db: Db, userId: string, ids?: readonly string[]): Promise<string[]> {
  let query = db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids.length ? [...ids] : ['00000000-0000-0000-0000-000000000000']);
  return (await query.execute()).map((r) => r.id);
}
