import { call } from '@suite/shared';
import {
  providerClientsApi,
  type ProviderClient,
  type ProviderClientRemoveResult,
  type ProviderClientWriteResult,
  type SaveProviderClientRequest,
} from '@suite/shared/console';

/** The application's OpenID clients. */
export async function fetchClients(idApplication: number): Promise<ProviderClient[]> {
  return (await call(providerClientsApi.list, { headers: { idApplication: String(idApplication) } })).clients;
}

/** Creates the client or changes it; a confidential client's new secret comes back this once. */
export async function saveClient(body: SaveProviderClientRequest): Promise<ProviderClientWriteResult> {
  return call(providerClientsApi.save, { body });
}

export async function rotateClientSecret(idApplication: number, clientId: string): Promise<ProviderClientWriteResult> {
  return call(providerClientsApi.rotateSecret, { body: { idApplication, clientId } });
}

export async function removeClient(idApplication: number, clientId: string): Promise<ProviderClientRemoveResult> {
  return call(providerClientsApi.remove, { body: { idApplication, clientId } });
}
