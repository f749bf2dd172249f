/**
 * A browser with passkeys for the front-end tests (jsdom has no WebAuthn): PublicKeyCredential, and
 * navigator.credentials whose create and get answer with fixed bytes — or refuse as a prompt the
 * person cancelled. The API's side of passkeys is tested with real keys in the API's tests.
 */
export function installPasskeys() {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer;
  const credential = (response: Record<string, unknown>) => ({
    id: 'Y3JlZC1pZA',
    rawId: bytes('cred-id'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response,
    getClientExtensionResults: () => ({}),
  });
  const get = jest.fn(async (_options?: unknown) =>
    credential({ clientDataJSON: bytes('{}'), authenticatorData: bytes('auth'), signature: bytes('sig'), userHandle: bytes('user') }),
  );
  const create = jest.fn(async (_options?: unknown) =>
    credential({ clientDataJSON: bytes('{}'), attestationObject: bytes('att'), getTransports: () => ['internal'] }),
  );
  Object.defineProperty(window, 'PublicKeyCredential', { value: function PublicKeyCredential() {}, configurable: true });
  Object.defineProperty(navigator, 'credentials', { value: { get, create }, configurable: true });
  const cancelled = () => Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
  return {
    get,
    create,
    /** The next prompt is cancelled by the person. */
    cancelNext: () => {
      get.mockRejectedValueOnce(cancelled());
      create.mockRejectedValueOnce(cancelled());
    },
    uninstall: () => {
      Reflect.deleteProperty(window, 'PublicKeyCredential');
      Reflect.deleteProperty(navigator, 'credentials');
    },
  };
}

/** WebAuthn options as the API hands them out (base64url challenge). */
export const PASSKEY_REQUEST_OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', timeout: 300000, userVerification: 'preferred' };
export const PASSKEY_CREATION_OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'localhost', name: 'Suite' },
  user: { id: 'dXNlcg', name: 'ada', displayName: 'Ada' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  timeout: 300000,
  attestation: 'none',
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
};
