import {
  accountFactorsApi,
  call,
  encryptPayloadAsync,
  getRuntimeConfig,
  createPasskey,
  type AccountFactors,
  type ConfirmedFactor,
  type PasskeyCreation,
  type RecoveryCodes,
  type TotpSetup,
} from '@suite/shared';

/**
 * The /security page's calls (docs/adr/0037-second-factors.md): the person's own factors. The
 * password asked again travels encrypted, as the sign-in's does.
 */
const sealed = async (password: string) => ({ password: await encryptPayloadAsync(password, getRuntimeConfig().payloadKey) });

export const fetchFactors = (): Promise<AccountFactors> => call(accountFactorsApi.list, {});

export const startTotp = async (password: string): Promise<TotpSetup> =>
  call(accountFactorsApi.startTotp, { body: await sealed(password) });

export const confirmTotp = (id: string, code: string, name: string): Promise<ConfirmedFactor> =>
  call(accountFactorsApi.confirmTotp, { body: { id, code, name } });

export const startPasskey = async (password: string): Promise<PasskeyCreation> =>
  call(accountFactorsApi.startPasskey, { body: await sealed(password) });

/** The browser creates the passkey (its own prompt), then the API registers it under the name given. */
export const addPasskey = async (creation: PasskeyCreation, name: string): Promise<ConfirmedFactor> =>
  call(accountFactorsApi.confirmPasskey, { body: { passkey: await createPasskey(creation.options), name } });

export const renameFactor = (id: string, name: string): Promise<ConfirmedFactor> =>
  call(accountFactorsApi.rename, { params: { id }, body: { name } });

export const removeFactor = async (id: string, password: string): Promise<AccountFactors> =>
  call(accountFactorsApi.remove, { params: { id }, body: await sealed(password) });

export const newRecoveryCodes = async (password: string): Promise<RecoveryCodes> =>
  call(accountFactorsApi.recoveryCodes, { body: await sealed(password) });
