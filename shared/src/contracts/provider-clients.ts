import * as v from 'valibot';
import { es } from '../phrases/es';
import { AppearanceHeadersSchema } from './applications-appearance';
import { endpoint } from './endpoint';
import { resultSchema } from './envelope';
import { maxItemsMessage, maxMessage } from './validation';

export const PROVIDER_CLIENT_MESSAGES = es.providerClients;

/** The scopes a registration may allow (the provider's: OpenID's own and the person's privileges). */
export const PROVIDER_CLIENT_SCOPES = ['openid', 'profile', 'email', 'privileges', 'offline_access'] as const;
export type ProviderClientScope = (typeof PROVIDER_CLIENT_SCOPES)[number];

/** At most this many redirect (or post-logout) addresses per client. */
export const PROVIDER_CLIENT_URIS_MAX = 10;
const URI_MAX = 500;

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** http on a loopback address: where a native application listens (any port at sign-in, RFC 8252). */
export function isLoopbackAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && LOOPBACK.has(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

/**
 * An address a client may be sent back to: absolute, without a fragment or credentials, https —
 * or http on the person's own machine (a loopback address, or a `*.localhost` name), where a
 * native application or a development server listens.
 */
export function isClientAddress(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || value.includes('#') || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  const host = url.hostname.toLowerCase();
  return url.protocol === 'http:' && (LOOPBACK.has(host) || host.endsWith('.localhost'));
}

const ClientAddressSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(URI_MAX, maxMessage(URI_MAX)),
  v.check(isClientAddress, PROVIDER_CLIENT_MESSAGES.addressInvalid),
);
const ClientAddressesSchema = v.pipe(
  v.array(ClientAddressSchema),
  v.maxLength(PROVIDER_CLIENT_URIS_MAX, maxItemsMessage(PROVIDER_CLIENT_URIS_MAX)),
  v.transform((uris) => [...new Set(uris)]),
);

export const ProviderClientIdSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[A-Za-z0-9._-]{1,64}$/, PROVIDER_CLIENT_MESSAGES.clientIdInvalid),
);

/** A registration as the console shows it (never its secret). */
export interface ProviderClient {
  clientId: string;
  clientType: 'public' | 'confidential';
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  scopes: ProviderClientScope[];
  backchannelLogoutUri: string | null;
}

export interface ProviderClientsResult {
  clients: ProviderClient[];
}

const ProviderClientSchema = v.object({
  clientId: v.string(),
  clientType: v.picklist(['public', 'confidential']),
  redirectUris: v.array(v.string()),
  postLogoutRedirectUris: v.array(v.string()),
  scopes: v.array(v.picklist(PROVIDER_CLIENT_SCOPES)),
  backchannelLogoutUri: v.nullable(v.string()),
});
export const ProviderClientsResultSchema = resultSchema<ProviderClientsResult>()(v.object({ clients: v.array(ProviderClientSchema) }));

/** POST /api/application/clients/save: creates the client or changes it (by its id within the application). */
export const SaveProviderClientRequestSchema = v.object({
  idApplication: v.pipe(v.number(), v.integer(es.request.invalidId), v.minValue(1, es.request.invalidId)),
  clientId: ProviderClientIdSchema,
  clientType: v.picklist(['public', 'confidential'], PROVIDER_CLIENT_MESSAGES.clientTypeInvalid),
  redirectUris: v.pipe(ClientAddressesSchema, v.minLength(1, PROVIDER_CLIENT_MESSAGES.redirectRequired)),
  postLogoutRedirectUris: v.optional(ClientAddressesSchema, []),
  scopes: v.pipe(
    v.array(v.picklist(PROVIDER_CLIENT_SCOPES, PROVIDER_CLIENT_MESSAGES.scopeInvalid)),
    v.check((scopes) => scopes.includes('openid'), PROVIDER_CLIENT_MESSAGES.openidRequired),
    v.transform((scopes) => [...new Set(scopes)]),
  ),
  backchannelLogoutUri: v.optional(v.nullable(v.union([v.literal(''), ClientAddressSchema])), null),
});
export type SaveProviderClientRequest = v.InferOutput<typeof SaveProviderClientRequestSchema>;

/** A client's id within its application (rotate the secret, remove). */
export const ProviderClientRefSchema = v.object({
  idApplication: v.pipe(v.number(), v.integer(es.request.invalidId), v.minValue(1, es.request.invalidId)),
  clientId: ProviderClientIdSchema,
});

/** A save or a rotation: the client, and a confidential client's new secret — shown this once. */
export interface ProviderClientWriteResult {
  information: string;
  informationCode: string;
  client: ProviderClient;
  secret?: string;
}
export const ProviderClientWriteResultSchema = resultSchema<ProviderClientWriteResult>()(
  v.object({ information: v.string(), informationCode: v.string(), client: ProviderClientSchema, secret: v.optional(v.string()) }),
);

export interface ProviderClientRemoveResult {
  information: string;
  informationCode: string;
}
export const ProviderClientRemoveResultSchema = resultSchema<ProviderClientRemoveResult>()(
  v.object({ information: v.string(), informationCode: v.string() }),
);

/**
 * The applications console's Integración tab (docs/adr/0036-openid-provider.md): an application's
 * OpenID clients. Reads need APPS_READ, writes APPS_WRITE; every write is audited; a change holds
 * on every instance at once (the provider reads the registration on each lookup).
 */
export const providerClientsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/application/clients',
    summary: "An application's OpenID clients",
    tag: 'applications',
    headers: AppearanceHeadersSchema,
    result: ProviderClientsResultSchema,
    access: ['APPS_READ'],
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/application/clients/save',
    summary: "Create or change an application's OpenID client",
    tag: 'applications',
    body: SaveProviderClientRequestSchema,
    result: ProviderClientWriteResultSchema,
    access: ['APPS_WRITE'],
    audited: true,
  }),
  rotateSecret: endpoint({
    method: 'POST',
    path: '/api/application/clients/rotateSecret',
    summary: 'Give a confidential client a new secret (shown once; the old one stops working)',
    tag: 'applications',
    body: ProviderClientRefSchema,
    result: ProviderClientWriteResultSchema,
    access: ['APPS_WRITE'],
    audited: true,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/api/application/clients/remove',
    summary: "Remove an application's OpenID client",
    tag: 'applications',
    body: ProviderClientRefSchema,
    result: ProviderClientRemoveResultSchema,
    access: ['APPS_WRITE'],
    audited: true,
  }),
};
