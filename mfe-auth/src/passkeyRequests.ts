import {
  answerWithPasskey,
  browserName,
  call,
  getRuntimeConfig,
  passkeySignInApi,
  secondFactorApi,
  sessionTabId,
  tenantLanguage,
  type Envelope,
  type LoginResult,
} from '@suite/shared';

/**
 * 'Ingresar con llave de acceso' (docs/adr/0037-second-factors.md): the application's challenge,
 * the browser's passkey prompt (no user name typed: the passkey names the person), and the answer
 * signed in as a sign-in is. Resolves the reply's envelope, as requestSignIn does.
 */
export async function requestPasskeySignIn(appName: string = getRuntimeConfig().appName): Promise<Envelope<LoginResult>> {
  const { tenant } = getRuntimeConfig();
  const { options } = await call(passkeySignInApi.options, { body: { appname: appName } });
  const passkey = await answerWithPasskey(options);
  const result = await call(
    passkeySignInApi.signIn,
    { body: { appname: appName, passkey, idSessionTab: sessionTabId(), Browser: browserName() } },
    { headers: { tenant, tenantLanguage: tenantLanguage() } },
  );
  return { statusCode: 200, result };
}

/** The second step answered with one of the person's passkeys. */
export async function answerStepWithPasskey(challenge: string): Promise<LoginResult> {
  const { options } = await call(secondFactorApi.passkeyOptions, { body: { challenge } });
  const passkey = await answerWithPasskey(options);
  return call(secondFactorApi.verify, { body: { challenge, passkey } });
}
