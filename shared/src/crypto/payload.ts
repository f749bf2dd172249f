import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';

/**
 * The spec's fixed symmetric scheme for password and link payloads: crypto-js AES in its
 * passphrase (OpenSSL-compatible, base64) mode. It is an obfuscation layer only (design.md §5):
 * the key is configuration shared by client and server, never a secret that protects anything.
 */
export function encryptPayload(plain: string, key: string): string {
  return AES.encrypt(plain, key).toString();
}

/** Returns the plain text, or null when the payload is not decodable with this key. */
export function decryptPayload(cipher: string, key: string): string | null {
  try {
    const text = AES.decrypt(cipher, key).toString(Utf8);
    return text.length > 0 ? text : null;
  } catch {
    return null;
  }
}
