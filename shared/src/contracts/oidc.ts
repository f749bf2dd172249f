import * as v from 'valibot';
import { es } from '../phrases/es';
import { resultSchema } from './envelope';
import { APP_NAME_PATTERN } from './messages';
import { maxMessage } from './validation';

/**
 * External sign-in through an OpenID provider (docs/product/sign-in.md, External identity provider;
 * docs/security/oidc.md): connect-ciam-oidc starts the authorization-code flow, the provider
 * returns to /signin-credential/callback, and generate-token-oidc exchanges the code on the server.
 */
export const OIDC_MESSAGES = es.oidc;

/** Defaults of the connect call's headers (docs/product/sign-in.md, External identity provider). */
export const OIDC_DEFAULT_TENANT = 'bmscol';
export const OIDC_DEFAULT_LANGUAGE = 'ES';

const appName = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(es.messages.required),
  v.maxLength(50, maxMessage(50)),
  v.regex(APP_NAME_PATTERN, es.request.appNameInvalid),
);
const tenant = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(50, maxMessage(50)), v.regex(/^[\w.-]*$/, es.request.tenantInvalid)),
  OIDC_DEFAULT_TENANT,
);
const tenantLanguage = v.optional(
  v.pipe(v.string(), v.trim(), v.regex(/^(es|en|pt)?$/i, es.request.tenantLanguageInvalid)),
  OIDC_DEFAULT_LANGUAGE,
);
/** A value the provider put in the callback's query string (code, state, iss): bounded, printable. */
const callbackValue = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(es.messages.required),
  v.maxLength(2048, maxMessage(2048)),
  v.regex(/^[\x21-\x7e]+$/, es.oidc.callbackValueInvalid),
);

/** GET /api/login/connect-ciam-oidc headers. */
export const ConnectOidcHeadersSchema = v.object({ appName, tenant, tenantLanguage });
export type ConnectOidcHeaders = v.InferOutput<typeof ConnectOidcHeadersSchema>;

/** GET /api/login/connect-ciam-oidc reply `result`: where the browser goes to sign in at the provider. */
export interface ConnectOidcResult {
  url: string;
}
export const ConnectOidcResultSchema = resultSchema<ConnectOidcResult>()(v.object({ url: v.string() }));

/**
 * POST /api/login/generate-token-oidc body: the documented code, tenant, appName and
 * tenantLanguage, plus what else the provider returned to the callback — `state` (it names the
 * request in flight; a client that leaves it out is matched by the browser's binding cookie alone,
 * docs/security/oidc.md) and `iss` (RFC 9207, when the provider sends it). Reply `result`: a
 * LoginResult.
 */
export const GenerateTokenOidcRequestSchema = v.object({
  code: callbackValue,
  state: v.optional(callbackValue),
  iss: v.optional(callbackValue),
  appName,
  tenant,
  tenantLanguage,
});
export type GenerateTokenOidcRequest = v.InferOutput<typeof GenerateTokenOidcRequestSchema>;
