import {
  OIDC_DEFAULT_TENANT,
  call,
  getRuntimeConfig,
  passwordsApi,
  tenantLanguage,
  type Envelope,
  type GenerateTokenOidcRequest,
  type LoginResult,
} from '@suite/shared';

/** The calls of the external sign-in (docs/product/sign-in.md, External identity provider; docs/security/oidc.md). */

/** The page's tenant, else the documented default (bmscol). */
const tenantOfPage = () => getRuntimeConfig().tenant || OIDC_DEFAULT_TENANT;

/** The provider's address to send the browser to (the API binds the request to this browser with a cookie). */
export async function requestExternalSignIn(): Promise<string> {
  const result = await call(passwordsApi.oidcConnect, {
    headers: { appName: getRuntimeConfig().appName, tenant: tenantOfPage(), tenantLanguage: tenantLanguage() },
  });
  return result.url;
}

/** What the provider returned to the callback, exchanged for the session's tokens. */
export async function exchangeExternalCode(callback: { code: string; state: string; iss?: string }): Promise<Envelope<LoginResult>> {
  const body: GenerateTokenOidcRequest = {
    ...callback,
    appName: getRuntimeConfig().appName,
    tenant: tenantOfPage(),
    tenantLanguage: tenantLanguage(),
  };
  return { statusCode: 200, result: await call(passwordsApi.oidcExchange, { body }) };
}
