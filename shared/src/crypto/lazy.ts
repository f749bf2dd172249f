import type * as Cipher from './payload';

/** The payload scheme's functions (./payload: crypto-js AES). */
export type PayloadCipher = typeof Cipher;

let loading: Promise<PayloadCipher> | null = null;
let loaded: PayloadCipher | null = null;

/**
 * The payload cipher, loaded on first use: crypto-js is a chunk of its own, so the sign-in page
 * carries none of it until a password is sent (docs/adr/0019-login-route-budget.md). A failed
 * load is tried again by the next call.
 */
export function loadPayloadCipher(): Promise<PayloadCipher> {
  loading ??= import(/* webpackChunkName: "payload-cipher" */ './payload').then(
    (cipher) => (loaded = cipher),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The cipher when a load has finished, else null. */
export function loadedPayloadCipher(): PayloadCipher | null {
  return loaded;
}

/** encryptPayload, once the cipher is loaded. */
export async function encryptPayloadAsync(plain: string, key: string): Promise<string> {
  return (await loadPayloadCipher()).encryptPayload(plain, key);
}
