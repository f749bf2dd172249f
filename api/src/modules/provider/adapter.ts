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

  find(id: string): Promise<Payload | undefined> {
    return this.findWhere('id', id);
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

/** Every model of a grant goes: its codes, its tokens and the grant itself. */
export async function revokeGrant(db: Kysely<DB>, grantId: string): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
}

/** oidc-provider's `adapter` option: a class it instantiates per model name. */
export function adapterFactory(db: Kysely<DB>) {
  return function Adapter(this: unknown, model: string): ProviderAdapter {
    return model === 'Client' ? new ClientAdapter(db) : new PgModelAdapter(db, model);
  } as unknown as new (
    model: string,
  ) => ProviderAdapter;
}

/** Deletes provider rows that expired more than a day ago, and spent or expired hand-overs. */
export async function purgeExpiredProviderRows(db: Kysely<DB>): Promise<void> {
  await sql`delete from oidc_payloads where expires_at < now() - interval '1 day'`.execute(db);
  await sql`delete from oidc_handoffs where expires_at < now() - interval '1 day'`.execute(db);
}
