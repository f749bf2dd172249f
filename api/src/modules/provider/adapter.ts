import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { clientMetadata } from './clients';

/** A model instance as oidc-provider hands it over and reads it back. */
export type Payload = Record<string, unknown> & { grantId?: string; sessionUid?: string; uid?: string; consumed?: number };

/** oidc-provider's storage interface (its `adapter` option builds one per model name). */
export interface ProviderAdapter {
  upsert(id: string, payload: Payload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<Payload | undefined>;
  findByUid(uid: string): Promise<Payload | undefined>;
  findByUserCode(userCode: string): Promise<Payload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Set while the provider serves its token endpoint (provider.ts): where a refresh token is spent. */
export const tokenEndpointRequest = new AsyncLocalStorage<true>();

/**
 * The provider's models in PostgreSQL (oidc_payloads, migration 0028): any instance reads what
 * another wrote, so each step of a flow may land anywhere. An expired row is not found (the purge
 * deletes it later); a consumed one is found with `consumed` set, which is how the provider
 * detects a code or a refresh token used twice.
 */
export class PgModelAdapter implements ProviderAdapter {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly model: string,
    private readonly refreshGraceSeconds = 0,
  ) {}

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const row = {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grant_id: text(payload.grantId),
      session_uid: text(payload.sessionUid),
      uid: text(payload.uid),
      expires_at: expiresIn ? sql<Date>`now() + make_interval(secs => ${expiresIn}::int)` : null,
    };
    await this.db
      .insertInto('oidc_payloads')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['model', 'id']).doUpdateSet({
          payload: row.payload,
          grant_id: row.grant_id,
          session_uid: row.session_uid,
          uid: row.uid,
          expires_at: row.expires_at,
        }),
      )
      .execute();
  }

  private async findWhere(column: 'id' | 'uid', value: string): Promise<Payload | undefined> {
    const row = await this.db
      .selectFrom('oidc_payloads')
      .select(['payload', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = row.payload as Payload;
    return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : payload;
  }

  async find(id: string): Promise<Payload | undefined> {
    const found = await this.findWhere('id', id);
    if (
      found?.consumed &&
      this.model === 'RefreshToken' &&
      this.refreshGraceSeconds > 0 &&
      tokenEndpointRequest.getStore() &&
      (await retryWithinGrace(this.db, id, this.refreshGraceSeconds))
    ) {
      return { ...found, consumed: undefined };
    }
    return found;
  }

  findByUid(uid: string): Promise<Payload | undefined> {
    return this.findWhere('uid', uid);
  }

  // the device flow is not offered
  async findByUserCode(): Promise<undefined> {
    return undefined;
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidc_payloads')
      .set({ consumed_at: sql<Date>`now()` })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('model', '=', this.model).where('id', '=', id).execute();
  }

  revokeByGrantId(grantId: string): Promise<void> {
    return revokeGrant(this.db, grantId);
  }
}

/**
 * The clients are the applications' registrations (oidc_clients), read on each lookup: a change
 * in the console holds on every instance at once (the provider caches a client only while its
 * metadata stays the same). Registration through the provider is not offered: writes refuse.
 */
export class ClientAdapter implements ProviderAdapter {
  constructor(private readonly db: Kysely<DB>) {}

  async find(id: string): Promise<Payload | undefined> {
    const row = await this.db
      .selectFrom('oidc_clients as c')
      .innerJoin('applications as a', 'a.id', 'c.application_id')
      .selectAll('c')
      .where('c.client_id', '=', id)
      .where('a.idstate', '=', 0)
      .executeTakeFirst();
    return row ? clientMetadata(row) : undefined;
  }

  async upsert(): Promise<void> {
    throw new Error('clients are registered in the applications console');
  }
  async findByUid(): Promise<undefined> {
    return undefined;
  }
  async findByUserCode(): Promise<undefined> {
    return undefined;
  }
  async consume(): Promise<void> {}
  async destroy(): Promise<void> {}
  async revokeByGrantId(): Promise<void> {}
}

/**
 * The suite's rule for a spent refresh token presented again (docs/adr/0020): within the grace
 * window of its spending, while the token it was exchanged for is still unused, it is a retry of a
 * lost answer. That successor is deleted and the presented token is unspent again, so the provider
 * rotates it once more. Otherwise (later, or the successor used) nothing changes here, and the
 * provider treats it as a reuse: the whole grant is revoked.
 */
async function retryWithinGrace(db: Kysely<DB>, id: string, graceSeconds: number): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    with presented as (
      select id, grant_id, coalesce((payload->>'rotations')::int, 0) as rotations
        from oidc_payloads
       where model = 'RefreshToken' and id = ${id}
         and consumed_at > now() - make_interval(secs => ${graceSeconds}::int)
    ), successor as (
      delete from oidc_payloads s
       using presented p
       where s.model = 'RefreshToken' and s.grant_id = p.grant_id and s.consumed_at is null
         and coalesce((s.payload->>'rotations')::int, 0) = p.rotations + 1
      returning s.id
    )
    update oidc_payloads set consumed_at = null
     where model = 'RefreshToken' and id in (select id from presented) and exists (select 1 from successor)
    returning id`.execute(db);
  return rows.length > 0;
}

/** Every model of a grant goes: its codes, its tokens and the grant itself. */
export async function revokeGrant(db: Kysely<DB>, grantId: string): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
}

/** oidc-provider's `adapter` option: a class it instantiates per model name. */
export function adapterFactory(db: Kysely<DB>, refreshGraceSeconds = 0) {
  return function Adapter(this: unknown, model: string): ProviderAdapter {
    return model === 'Client' ? new ClientAdapter(db) : new PgModelAdapter(db, model, refreshGraceSeconds);
  } as unknown as new (
    model: string,
  ) => ProviderAdapter;
}

/** Deletes provider rows that expired more than a day ago, and spent or expired hand-overs. */
export async function purgeExpiredProviderRows(db: Kysely<DB>): Promise<void> {
  await sql`delete from oidc_payloads where expires_at < now() - interval '1 day'`.execute(db);
  await sql`delete from oidc_handoffs where expires_at < now() - interval '1 day'`.execute(db);
}
