import { sql, type Kysely, type Transaction } from 'kysely';
import { MESSAGES } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../security/audit';
import type { HubLogger, SessionHub } from '../hub';
import { SESSIONS_ENDED_CHANNEL, encodeSessionsEnded, type EndedSessions } from '../hub/session-bus';

/** Why a session ended (sessions.revoked_reason). */
export type RevokeReason = 'logout' | 'concurrency' | 'refresh_reuse' | 'code_reuse' | 'admin' | 'password_change';

/**
 * Revocations the audit log records (`session.revoke`, no actor): the one the API makes on its own
 * because a credential leaked (a spent refresh token came back). The others follow a change
 * audited in its own right (an administrator's, a password set) or are the person's own sign-out
 * or the session limit.
 */
const AUDITED_REASONS: ReadonlySet<RevokeReason> = new Set(['refresh_reuse']);

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}

/** A revoked session stays known as revoked in the cache this long (revocation is final). */
const REVOKED_TTL_MS = 3_600_000;
/** Entries kept at most (about 22 MB measured); the least recently loaded go first. */
export const MAX_SESSION_CACHE_ENTRIES = 100_000;

/** Liveness queries running at once; the sessions asked for meanwhile wait and go in one batch. */
const READS_IN_FLIGHT = 2;
/** Sessions read by one query at most. */
const MAX_READ_BATCH = 200;

interface SessionRow {
  id: string;
  user_id: string;
  live: boolean;
}

interface CacheEntry {
  live: boolean;
  userId: string;
  until: number;
}

/** What the concurrency policy needs to know about the application (docs/product/sessions.md, Concurrent sessions). */
export interface ConcurrencyPolicy {
  applicationId: number;
  isConcurrentSession: boolean;
  /** Live sessions allowed in the whole application (< 1: no limit). */
  maxConcurrentTokens: number;
  /** Live sessions allowed per user in the application (< 1: no limit). */
  maxConcurrentTokensByUser: number;
}

export interface RevokedSession {
  id: string;
  userId: string;
}

/**
 * Inside the transaction of a change that ends sessions (revocation) or makes a user's sessions
 * not live (deactivation, deletion): every instance's bus hears it when, and only if, the change
 * commits, and drops its cached "live" answers for them (SessionService.ended).
 */
export async function announceSessionsEnded(trx: Kysely<DB>, ended: Partial<EndedSessions>): Promise<void> {
  for (const payload of encodeSessionsEnded(ended)) {
    await sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${payload})`.execute(trx);
  }
}

/**
 * Sessions: whether one is live (cached per instance until a change of it is announced), revocation
 * (database, cache, announcement and real-time push to every instance) and the concurrency policy.
 *
 * The cache may keep a live answer for `ttlMs` because every change that ends a session or makes it
 * not live is announced in its own transaction (announceSessionsEnded) and reaches every instance's
 * bus on commit; `ttlMs` only bounds a change made outside the API. While the bus does not listen
 * (lost connection) nothing live is cached, and a reset drops everything. A read that started
 * before an announcement is not kept (generations).
 */
export class SessionService {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly loading = new Map<string, Promise<CacheEntry | null>>();
  private generation = 0;
  private readonly waiting: Array<{ id: string; resolve: (row: SessionRow | undefined) => void; reject: (err: unknown) => void }> = [];
  private inFlight = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly hub: SessionHub | undefined,
    private readonly ttlMs: number,
    private readonly logger?: HubLogger,
    /** Whether announcements from every instance are being received (the bus listens). */
    private readonly listening: () => boolean = () => true,
  ) {}

  /**
   * True when the session exists, belongs to `userId`, is not revoked and its user is active.
   * One indexed query per session and `ttlMs` (or announced change); changes apply at once.
   */
  async isLive(sessionId: string | undefined, userId: string): Promise<boolean> {
    if (!isUuid(sessionId) || !isUuid(userId)) return false;
    const hit = this.cache.get(sessionId);
    if (hit && hit.until > Date.now()) return hit.live && hit.userId === userId;
    let pending = this.loading.get(sessionId);
    if (!pending) {
      pending = this.load(sessionId).finally(() => this.loading.delete(sessionId));
      this.loading.set(sessionId, pending);
    }
    const entry = await pending;
    return entry !== null && entry.live && entry.userId === userId;
  }

  private async load(sessionId: string): Promise<CacheEntry | null> {
    const generation = this.generation;
    const trusted = this.listening();
    const row = await this.read(sessionId);
    if (!row) return null;
    const entry: CacheEntry = { live: row.live, userId: row.user_id, until: Date.now() + (row.live ? this.ttlMs : REVOKED_TTL_MS) };
    // a live answer read while an announcement arrived, or while announcements could be missed, is not kept
    const current = generation === this.generation && trusted && this.listening();
    if (row.live ? this.ttlMs > 0 && current : generation === this.generation) this.remember(sessionId, entry);
    return entry;
  }

  /**
   * One session's row, read together with the other sessions asked for meanwhile: at most
   * READS_IN_FLIGHT queries run at once and the sessions that arrive in between wait for the next
   * one, so many distinct sessions cost one query per batch instead of one each.
   */
  private read(sessionId: string): Promise<SessionRow | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: sessionId, resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    while (this.inFlight < READS_IN_FLIGHT && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_READ_BATCH);
      this.inFlight += 1;
      sql<SessionRow>`
        select s.id::text as id, s.user_id::text as user_id, (s.revoked_at is null and u.idstate = 1 and not u.deleted) as live
          from sessions s join users u on u.id = s.user_id
         where s.id = any(${batch.map((b) => b.id)}::uuid[])
      `
        .execute(this.db)
        .then(
          ({ rows }) => {
            const byId = new Map(rows.map((row) => [row.id, row]));
            for (const b of batch) b.resolve(byId.get(b.id.toLowerCase()));
          },
          (err: unknown) => {
            for (const b of batch) b.reject(err);
          },
        )
        .finally(() => {
          this.inFlight -= 1;
          this.flush();
        });
    }
  }

  private remember(sessionId: string, entry: CacheEntry): void {
    this.cache.delete(sessionId);
    this.cache.set(sessionId, entry);
    if (this.cache.size > MAX_SESSION_CACHE_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }

  /** Marks sessions revoked in this instance's cache (local revocations and bus events). */
  markRevoked(sessionIds: readonly string[]): void {
    if (sessionIds.length === 0) return;
    this.generation += 1;
    const until = Date.now() + REVOKED_TTL_MS;
    for (const id of sessionIds) {
      const known = this.cache.get(id);
      this.remember(id, { live: false, userId: known?.userId ?? '', until });
    }
  }

  /** Forgets cached answers about these sessions (the next check reads the database). */
  forget(sessionIds: readonly string[]): void {
    this.generation += 1;
    for (const id of sessionIds) this.cache.delete(id);
  }

  /**
   * Forgets cached answers about every session of these users (deactivated, deleted): the next
   * check reads the database. A scan of the bounded cache; such changes are rare.
   */
  forgetUsers(userIds: readonly string[]): void {
    if (userIds.length === 0) return;
    this.generation += 1;
    const users = new Set(userIds);
    for (const [id, entry] of this.cache) if (users.has(entry.userId)) this.cache.delete(id);
  }

  private readonly revokedListeners: ((sessionIds: string[]) => Promise<void>)[] = [];

  /**
   * Tells `listener` of the sessions this instance ends (each once, after the change committed):
   * what stands on a session — a provider session and its clients — ends with it.
   */
  onRevoked(listener: (sessionIds: string[]) => Promise<void>): void {
    this.revokedListeners.push(listener);
  }

  private async revoked(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    for (const listener of this.revokedListeners) {
      try {
        await listener(sessionIds);
      } catch (err) {
        this.logger?.warn({ err, sessions: sessionIds.length }, 'ending what stood on the sessions failed');
      }
    }
  }

  /** Applies an announcement: from the bus (any instance) or after a change committed here. */
  ended(ended: Partial<EndedSessions>): void {
    this.markRevoked(ended.sessions ?? []);
    this.forgetUsers(ended.users ?? []);
  }

  /** Forgets every cached answer (the bus may have missed announcements). */
  dropAll(): void {
    this.generation += 1;
    this.cache.clear();
  }

  /**
   * Revokes live sessions and every refresh token they hold, in one statement; with `message`
   * their hub connections (on any instance) receive ReceiveSessionStatus. Returns the ids that
   * were live.
   */
  async revoke(
    sessionIds: readonly string[],
    reason: RevokeReason,
    message?: string,
    /**
     * An administrator's close: audited as theirs ('session.close'), after `authorize` (their
     * right over the person) holds in the same transaction.
     */
    closedBy?: { actor: AuditActor | undefined; userId: string; authorize?: (trx: Transaction<DB>) => Promise<void> },
  ): Promise<string[]> {
    const ids = sessionIds.filter(isUuid);
    if (ids.length === 0) return [];
    const revoked = await this.db.transaction().execute(async (trx) => {
      await closedBy?.authorize?.(trx);
      const { rows } = await sql<{ id: string; user_id: string }>`
        with s as (
          update sessions set revoked_at = now(), revoked_reason = ${reason}
           where id in (${sql.join(ids.map((id) => sql`${id}::uuid`))}) and revoked_at is null
          returning id, user_id
        ), r as (
          update refresh_tokens set revoked_at = now()
           where session_id in (select id from s) and revoked_at is null
        )
        select id::text as id, user_id::text as user_id from s
      `.execute(trx);
      const ended = rows.map((r) => r.id);
      if (closedBy && rows.length) {
        await recordAudit(trx, {
          actor: closedBy.actor,
          action: 'session.close',
          entity: 'user',
          entityId: closedBy.userId,
          after: { sessions: rows.map((r) => r.id) },
        });
      } else if (AUDITED_REASONS.has(reason)) {
        for (const row of rows) {
          await recordAudit(trx, {
            actor: undefined,
            action: 'session.revoke',
            entity: 'session',
            entityId: row.id,
            after: { reason, userId: row.user_id },
          });
        }
      }
      await announceSessionsEnded(trx, { sessions: ended });
      return ended;
    });
    this.markRevoked(ids);
    if (message && revoked.length) await this.push(revoked, message);
    await this.revoked(revoked);
    return revoked;
  }

  /**
   * Ends every live session of a user at once (password change, inactivation, deletion): the
   * same revocation and push as `revoke`. Returns the ids that were live.
   */
  async revokeUserSessions(userId: string, reason: RevokeReason, message?: string): Promise<string[]> {
    if (!isUuid(userId)) return [];
    const live = await this.db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    return this.revoke(
      live.map((s) => s.id),
      reason,
      message,
    );
  }

  /**
   * Applies the application's concurrency policy after a sign-in: when the user's live sessions
   * (maxConcurrentTokensByUser) or the application's (maxConcurrentTokens) exceed the limit, the
   * oldest are revoked in one statement, and told so in real time. The newest sessions always
   * survive, so parallel sign-ins converge on the limit whatever their order.
   */
  async enforceConcurrency(policy: ConcurrencyPolicy, userId: string): Promise<RevokedSession[]> {
    if (!policy.isConcurrentSession) return [];
    const perApp = policy.maxConcurrentTokens;
    const perUser = policy.maxConcurrentTokensByUser;
    if (perApp < 1 && perUser < 1) return [];
    // only the user's own sessions matter when there is no application-wide limit
    const scope = perApp < 1 ? sql`and user_id = ${userId}::uuid` : sql``;
    const statement = sql<{ id: string; user_id: string }>`
      with live as (
        select id, user_id,
               row_number() over (order by created_at desc, id desc) as app_rank,
               row_number() over (partition by user_id order by created_at desc, id desc) as user_rank
          from sessions
         where application_id = ${policy.applicationId}::int and revoked_at is null ${scope}
      ), victims as (
        select id from live
         where (${perApp}::int >= 1 and app_rank > ${perApp}::int)
            or (${perUser}::int >= 1 and user_id = ${userId}::uuid and user_rank > ${perUser}::int)
      ), s as (
        update sessions set revoked_at = now(), revoked_reason = 'concurrency'
         where id in (select id from victims) and revoked_at is null
        returning id, user_id
      ), r as (
        update refresh_tokens set revoked_at = now()
         where session_id in (select id from s) and revoked_at is null
      )
      select id::text as id, user_id::text as user_id from s
    `;
    const rows = await this.db.transaction().execute(async (trx) => {
      const result = (await statement.execute(trx)).rows;
      await announceSessionsEnded(trx, { sessions: result.map((r) => r.id) });
      return result;
    });
    if (rows.length === 0) return [];
    const revoked = rows.map((r) => ({ id: r.id, userId: r.user_id }));
    this.markRevoked(revoked.map((r) => r.id));
    const own = revoked.filter((r) => r.userId === userId).map((r) => r.id);
    const others = revoked.filter((r) => r.userId !== userId).map((r) => r.id);
    await this.push(own, MESSAGES.sessionReplaced);
    await this.push(others, MESSAGES.sessionLimitReached);
    await this.revoked(revoked.map((r) => r.id));
    return revoked;
  }

  /** Pushes ReceiveSessionStatus to the sessions' connections; a failing push is logged, never thrown. */
  async push(sessionIds: string[], message: string): Promise<void> {
    if (!this.hub || sessionIds.length === 0) return;
    try {
      await this.hub.revokeSessions(sessionIds, message);
    } catch (err) {
      this.logger?.warn({ err, sessions: sessionIds.length }, 'session status push failed');
    }
  }
}
