import * as v from 'valibot';
import { es } from '../phrases/es';

/**
 * GET /config.json: runtime configuration the client reads at start.
 * `payloadKey` is the crypto-js key of the password/link payload scheme
 * (an obfuscation layer, not a secret; docs/architecture.md §5).
 */
export const ClientConfigSchema = v.object({
  payloadKey: v.pipe(v.string(), v.nonEmpty(es.messages.required)),
});
export type ClientConfig = v.InferOutput<typeof ClientConfigSchema>;

/** Paths the API serves besides /api/* and the static files. */
export const CLIENT_CONFIG_PATH = '/config.json';
export const REMOTES_REGISTRY_PATH = '/remotes.json';
export const JWKS_PATH = '/.well-known/jwks.json';
