import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';

/**
 * The fixed symmetric scheme of password and link payloads: crypto-js AES in its passphrase
 * (OpenSSL-compatible, base64) mode. It is an obfuscation layer only (docs/architecture.md §5): the
 * key is configuration shared by client and server, never a secret that protects anything.
 */
export function encryptPayload(plain: string, key: string): string {
  return AES.encrypt(plain, key).toString();
}

/** OpenSSL salted format in base64: "Salted__" + 8-byte salt + at least one 16-byte block. */
const SALTED_BASE64 = /^U2FsdGVkX1[A-Za-z0-9+/]{30,}={0,2}$/;

/**
 * Returns the plain text, or null when the payload is not decodable with this key.
 * Anything not in the salted format encryptPayload produces (e.g. a plain-text password) is
 * rejected outright; the scheme has no integrity check, so a payload made with another key
 * is usually, but not always, rejected.
 */
export function decryptPayload(cipher: string, key: string): string | null {
  if (typeof cipher !== 'string' || !SALTED_BASE64.test(cipher.trim())) return null;
  try {
    const text = AES.decrypt(cipher.trim(), key).toString(Utf8);
    return text.length > 0 ? text : null;
  } catch {
    return null;
  }
}
