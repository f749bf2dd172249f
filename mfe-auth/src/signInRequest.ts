import {
  TYPE_DEVICE_ID,
  browserName,
  call,
  encryptPayloadAsync,
  getRuntimeConfig,
  sessionsApi,
  sessionTabId,
  tenantLanguage,
  type Envelope,
  type LoginRequest,
  type LoginResult,
} from '@suite/shared';

/**
 * The sign-in (sessionsApi.login) with the password encrypted by the payload scheme
 * (docs/product/sign-in.md, Calls); `appName` defaults to the page's application; `tokenCaptcha` is the solved captcha's
 * payload, when asked for. Resolves the reply's envelope: a success is always statusCode 200.
 */
export async function requestSignIn(
  user: string,
  password: string,
  appName: string = getRuntimeConfig().appName,
  tokenCaptcha = '',
): Promise<Envelope<LoginResult>> {
  const { payloadKey, tenant } = getRuntimeConfig();
  const body: LoginRequest = {
    user,
    password: await encryptPayloadAsync(password, payloadKey),
    appname: appName,
    ip: '',
    Browser: browserName(),
    TypeDeviceId: TYPE_DEVICE_ID,
    idSessionTab: sessionTabId(),
    page: window.location.search,
    tokenCaptcha,
  };
  // tenant and language are the page's context, sent as they are (the API reads them as sent)
  const result = await call(sessionsApi.login, { body, headers: {} }, { headers: { tenant, tenantLanguage: tenantLanguage() } });
  return { statusCode: 200, result };
}
