import {
  CONNECT_OIDC_PATH,
  GENERATE_TOKEN_OIDC_PATH,
  OIDC_DEFAULT_TENANT,
  apiClient,
  getRuntimeConfig,
  tenantLanguage,
  type ConnectOidcResult,
  type Envelope,
  type GenerateTokenOidcRequest,
  type LoginResult,
} from '@suite/shared';

/** The calls of the external sign-in (portal spec §7; docs/security/oidc.md). */

/** The page's tenant, else the spec's default (bmscol). */
const tenantOfPage = () => getRuntimeConfig().tenant || OIDC_DEFAULT_TENANT;

/** GET /api/login/connect-ciam-oidc: the provider's address to send the browser to (the API binds the request to this browser with a cookie). */
export async function requestExternalSignIn(): Promise<string> {
  const reply = await apiClient.get<ConnectOidcResult>(CONNECT_OIDC_PATH.replace(/^\/api\//, ''), {
    auth: false,
    headers: { appName: getRuntimeConfig().appName, tenant: tenantOfPage(), tenantLanguage: tenantLanguage() },
  });
  return reply.result.url;
}

/** POST /api/login/generate-token-oidc with what the provider returned to the callback. */
export function exchangeExternalCode(callback: { code: string; state: string; iss?: string }): Promise<Envelope<LoginResult>> {
  const body: GenerateTokenOidcRequest = { ...callback, appName: getRuntimeConfig().appName, tenant: tenantOfPage(), tenantLanguage: tenantLanguage() };
  return apiClient.post<LoginResult>(GENERATE_TOKEN_OIDC_PATH.replace(/^\/api\//, ''), body, { auth: false });
}
