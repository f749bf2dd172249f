import { timingSafeEqual } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { OidcClientsTable } from '../../db/schema';
import { PROVIDER_CLIENT_SCOPES, isLoopbackAddress } from '@suite/shared/contracts';
import { randomToken } from '../../security/random';
import { secretHash } from '../../security/tokens';

/** The scopes a client may be allowed: OpenID's own, and the person's privileges in the application. */
export const PROVIDER_SCOPES = PROVIDER_CLIENT_SCOPES;

/** The ID tokens' signing algorithm: the suite's keys (security/keys.ts). */
export const ID_TOKEN_ALG = 'ES256';

/** A new confidential client's secret: 256 random bits, shown once. */
export function newClientSecret(): { value: string; hash: string } {
  const value = randomToken(32, 'base64url');
  return { value, hash: hashClientSecret(value) };
}

export function hashClientSecret(secret: string): string {
  return secretHash(secret);
}

/** Whether `presented` is the secret whose hash is `stored` (constant time). */
export function clientSecretMatches(stored: string, presented: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(hashClientSecret(presented), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * oidc-provider's client metadata of a registration. A public client authenticates with nothing
 * but must use PKCE; it is 'native' when it redirects to a loopback address (any port then
 * matches, RFC 8252). A confidential client's `client_secret` here is the stored hash: the
 * provider compares through `clientSecretMatches` (provider.ts), and no HMAC algorithm is allowed
 * that would use it as a key.
 */
export function clientMetadata(row: Selectable<OidcClientsTable>): Record<string, unknown> {
  const native = row.public && row.redirect_uris.length > 0 && row.redirect_uris.every(isLoopbackAddress);
  return {
    client_id: row.client_id,
    ...(row.public
      ? { token_endpoint_auth_method: 'none' }
      : { client_secret: row.secret_hash, token_endpoint_auth_method: 'client_secret_basic' }),
    application_type: native ? 'native' : 'web',
    redirect_uris: row.redirect_uris,
    post_logout_redirect_uris: row.post_logout_redirect_uris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    scope: row.scopes.join(' '),
    id_token_signed_response_alg: ID_TOKEN_ALG,
    ...(row.backchannel_logout_uri
      ? { backchannel_logout_uri: row.backchannel_logout_uri, backchannel_logout_session_required: true }
      : {}),
  };
}
