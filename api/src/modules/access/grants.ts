import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ACCESS_CHANGED_CHANNEL, type BusLogger } from '../hub/session-bus';
import { isUuid } from '../sessions/service';

/** How long a user's grants are trusted when no change was announced (a lost notification's bound). */
export const ACCESS_CACHE_MS = 30_000;
const MAX_CACHE_ENTRIES = 50_000;
const NONE: ReadonlySet<string> = new Set();

interface Entry {
  privileges: ReadonlySet<string>;
  until: number;
}

/** Inside a change's transaction: every instance drops its cached grants when the change commits. */
export async function announceAccessChange(trx: Kysely<DB>): Promise<void> {
  await sql`select pg_notify(${ACCESS_CHANGED_CHANNEL}, '')`.execute(trx);
}

/**
 * What a user may do in an application now: the privileges of the user's active roles there that
 * the application still holds (suite_user_privileges, which the tokens are issued from too).
 * Authorization reads this, not the token's claim, so switching a role or a privilege off, or
 * taking one from an application or a user, takes the access away on the user's next call.
 *
 * Cached per user and application. A change of roles, privileges or a user's roles does two
 * things: `announceAccessChange(trx)` inside its transaction (a NOTIFY every other instance gets
 * when it commits; their bus calls `dropAll`), and `ctx.access.dropAll()` once it has committed,
 * so the next call on this instance sees it at once. A read that started before a drop is not
 * kept (generations).
 */
export class AccessGrants {
  private readonly cache = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<ReadonlySet<string>>>();
  private auditableNames: Entry | undefined;
  private readonly dropListeners: Array<() => void> = [];
  private generation = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlMs: number = ACCESS_CACHE_MS,
    private readonly logger?: Pick<BusLogger, 'info'>,
  ) {}

  /** The privileges `userId` holds now in the application named `application`. */
  async privilegesOf(userId: string, application: string): Promise<ReadonlySet<string>> {
    if (!isUuid(userId)) return NONE;
    const key = `${userId}\u0000${application.toLowerCase()}`;
    const hit = this.cache.get(key);
    if (hit && hit.until > Date.now()) return hit.privileges;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(key, userId, application).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /**
   * The names of the active privileges marked auditable: every call the API authorizes with one
   * of them is written to the audit log (requirePrivilege).
   */
  async auditable(): Promise<ReadonlySet<string>> {
    const hit = this.auditableNames;
    if (hit && hit.until > Date.now()) return hit.privileges;
    const generation = this.generation;
    const rows = await this.db.selectFrom('privileges').select('name').where('is_auditable', '=', true).where('idstate', '=', 0).execute();
    const privileges: ReadonlySet<string> = new Set(rows.map((row) => row.name));
    if (generation === this.generation && this.ttlMs > 0) this.auditableNames = { privileges, until: Date.now() + this.ttlMs };
    return privileges;
  }

  /** Caches read from the same assignments (the role holders list) are dropped with the grants. */
  onDrop(listener: () => void): void {
    this.dropListeners.push(listener);
  }

  /** Forgets every cached grant (after a change commits here, or when another instance announced one). */
  dropAll(): void {
    this.generation += 1;
    this.cache.clear();
    this.loading.clear();
    this.auditableNames = undefined;
    for (const listener of this.dropListeners) listener();
    this.logger?.info({}, 'access grants dropped');
  }

  private async load(key: string, userId: string, application: string): Promise<ReadonlySet<string>> {
    const generation = this.generation;
    const { rows } = await sql<{ privileges: string[] | null }>`
      select suite_user_privileges(${userId}::uuid, a.id) as privileges from applications a where lower(a.name) = lower(${application})
    `.execute(this.db);
    const privileges: ReadonlySet<string> = new Set(rows[0]?.privileges ?? []);
    if (generation === this.generation && this.ttlMs > 0) {
      this.cache.delete(key);
      this.cache.set(key, { privileges, until: Date.now() + this.ttlMs });
      if (this.cache.size > MAX_CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    }
    return privileges;
  }
}
