import type { Kysely, Transaction } from 'kysely';
import {
  INFORMATION_CODES,
  PROVIDER_CLIENT_MESSAGES,
  type ProviderClient,
  type ProviderClientScope,
  type ProviderClientWriteResult,
  type SaveProviderClientRequest,
} from '@suite/shared/contracts';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { recordAudit, type AuditActor } from '../../security/audit';
import { applicationExists, clientForUpdate, clientsOf, deleteClient, insertClient, updateClient, type ClientRow } from './client-queries';
import { newClientSecret } from './clients';

const notFound = () => new ApiError(404, PROVIDER_CLIENT_MESSAGES.clientNotFound, INFORMATION_CODES.notFound);
const taken = () => new ApiError(409, PROVIDER_CLIENT_MESSAGES.clientTaken, INFORMATION_CODES.conflict);

/** A registration as the console shows it: never its secret. */
export function toProviderClient(row: ClientRow): ProviderClient {
  return {
    clientId: row.client_id,
    clientType: row.public ? 'public' : 'confidential',
    redirectUris: row.redirect_uris,
    postLogoutRedirectUris: row.post_logout_redirect_uris,
    scopes: row.scopes as ProviderClientScope[],
    backchannelLogoutUri: row.backchannel_logout_uri,
  };
}

/** What the audit row keeps of a registration (the secret is never written; only that it changed). */
const audited = (row: ClientRow) => ({ ...toProviderClient(row), applicationId: row.application_id });

export async function listClients(db: Kysely<DB>, applicationId: number): Promise<ProviderClient[]> {
  if (!(await applicationExists(db, applicationId))) throw notFound();
  return (await clientsOf(db, applicationId)).map(toProviderClient);
}

/**
 * Creates the client, or changes the application's client of that id. A confidential client gets
 * a secret when it is created or becomes confidential — returned this once, kept as a hash; a
 * client that becomes public loses its secret. An id another application uses is refused (409).
 */
export async function saveClient(
  db: Kysely<DB>,
  actor: AuditActor | undefined,
  body: SaveProviderClientRequest,
): Promise<ProviderClientWriteResult> {
  return db.transaction().execute(async (trx) => {
    if (!(await applicationExists(trx, body.idApplication))) throw notFound();
    const existing = await clientForUpdate(trx, body.clientId);
    if (existing && existing.application_id !== body.idApplication) throw taken();
    const isPublic = body.clientType === 'public';
    const secret = !isPublic && (!existing || existing.public) ? newClientSecret() : undefined;
    const fields = {
      public: isPublic,
      secret_hash: isPublic ? null : (secret?.hash ?? existing?.secret_hash ?? null),
      redirect_uris: body.redirectUris,
      post_logout_redirect_uris: body.postLogoutRedirectUris,
      scopes: body.scopes,
      backchannel_logout_uri: body.backchannelLogoutUri || null,
    };
    const row = existing
      ? await updateClient(trx, body.clientId, fields)
      : await insertClient(trx, { client_id: body.clientId, application_id: body.idApplication, ...fields });
    await recordAudit(trx, {
      actor,
      action: existing ? 'application.client.modify' : 'application.client.create',
      entity: 'application',
      entityId: String(body.idApplication),
      before: existing ? audited(existing) : undefined,
      after: { ...audited(row), ...(secret ? { secretIssued: true } : {}) },
    });
    const information = existing
      ? PROVIDER_CLIENT_MESSAGES.updated
      : secret
        ? PROVIDER_CLIENT_MESSAGES.created
        : PROVIDER_CLIENT_MESSAGES.createdPublic;
    return {
      information,
      informationCode: INFORMATION_CODES.success,
      client: toProviderClient(row),
      ...(secret ? { secret: secret.value } : {}),
    };
  });
}

/** The application's client of that id, locked for the change; another application's is not found. */
async function ownedClient(trx: Transaction<DB>, ref: { idApplication: number; clientId: string }): Promise<ClientRow> {
  const existing = await clientForUpdate(trx, ref.clientId);
  if (!existing || existing.application_id !== ref.idApplication) throw notFound();
  return existing;
}

/** A confidential client's new secret (shown once): the old one stops working at once, on every instance. */
export async function rotateClientSecret(
  db: Kysely<DB>,
  actor: AuditActor | undefined,
  ref: { idApplication: number; clientId: string },
): Promise<ProviderClientWriteResult> {
  return db.transaction().execute(async (trx) => {
    const existing = await ownedClient(trx, ref);
    if (existing.public) throw new ApiError(400, PROVIDER_CLIENT_MESSAGES.noSecret, INFORMATION_CODES.badRequest);
    const secret = newClientSecret();
    const row = await updateClient(trx, ref.clientId, { secret_hash: secret.hash });
    await recordAudit(trx, {
      actor,
      action: 'application.client.rotateSecret',
      entity: 'application',
      entityId: String(ref.idApplication),
      before: { clientId: ref.clientId },
      after: { clientId: ref.clientId, secretIssued: true },
    });
    return {
      information: PROVIDER_CLIENT_MESSAGES.rotated,
      informationCode: INFORMATION_CODES.success,
      client: toProviderClient(row),
      secret: secret.value,
    };
  });
}

/** Removes the client and everything the provider issued to it. */
export async function removeClient(
  db: Kysely<DB>,
  actor: AuditActor | undefined,
  ref: { idApplication: number; clientId: string },
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const existing = await ownedClient(trx, ref);
    await deleteClient(trx, ref.clientId);
    await recordAudit(trx, {
      actor,
      action: 'application.client.remove',
      entity: 'application',
      entityId: String(ref.idApplication),
      before: audited(existing),
    });
    return PROVIDER_CLIENT_MESSAGES.removed;
  });
}
