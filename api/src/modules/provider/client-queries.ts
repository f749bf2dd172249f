import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, OidcClientsTable } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;
export type ClientRow = Selectable<OidcClientsTable>;

export async function clientsOf(db: Executor, applicationId: number): Promise<ClientRow[]> {
  return db.selectFrom('oidc_clients').selectAll().where('application_id', '=', applicationId).orderBy('client_id').execute();
}

/** The client with this id, whichever application it belongs to (locked for the change). */
export async function clientForUpdate(trx: Transaction<DB>, clientId: string): Promise<ClientRow | undefined> {
  return trx.selectFrom('oidc_clients').selectAll().where('client_id', '=', clientId).forUpdate().executeTakeFirst();
}

export async function applicationExists(db: Executor, applicationId: number): Promise<{ name: string } | undefined> {
  return db.selectFrom('applications').select('name').where('id', '=', applicationId).executeTakeFirst();
}

export async function insertClient(trx: Transaction<DB>, row: Omit<ClientRow, 'created_at' | 'modified_at'>): Promise<ClientRow> {
  return trx.insertInto('oidc_clients').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateClient(
  trx: Transaction<DB>,
  clientId: string,
  changes: Partial<Omit<ClientRow, 'client_id' | 'application_id' | 'created_at' | 'modified_at'>>,
): Promise<ClientRow> {
  return trx
    .updateTable('oidc_clients')
    .set({ ...changes, modified_at: sql<Date>`now()` })
    .where('client_id', '=', clientId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteClient(trx: Transaction<DB>, clientId: string): Promise<void> {
  await trx.deleteFrom('oidc_clients').where('client_id', '=', clientId).execute();
  // what the provider issued to it goes with it: its codes, tokens and grants
  await sql`delete from oidc_payloads where payload->>'clientId' = ${clientId}`.execute(trx);
}
