import { createDecipheriv, hash } from 'node:crypto';

/**
 * Server side of the portal's payload scheme (crypto-js AES in its OpenSSL-compatible passphrase
 * mode: base64 of "Salted__" + 8-byte salt + AES-256-CBC ciphertext, key and IV from
 * EVP_BytesToKey with MD5), with node:crypto instead of crypto-js: same results for every
 * payload the client produces, a fraction of the CPU. Returns null when the payload is not
 * decodable with this key (the padding and the UTF-8 are checked strictly).
 */
const SALTED_BASE64 = /^U2FsdGVkX1[A-Za-z0-9+/]{30,}={0,2}$/;
const SALTED = Buffer.from('Salted__', 'latin1');
const utf8 = new TextDecoder('utf-8', { fatal: true });

// one-shot digests: a Hash object per block was a measurable share of every sign-in
function bytesToKey(passphrase: Buffer, salt: Buffer): { key: Buffer; iv: Buffer } {
  const d1 = hash('md5', Buffer.concat([passphrase, salt]), 'buffer');
  const d2 = hash('md5', Buffer.concat([d1, passphrase, salt]), 'buffer');
  const d3 = hash('md5', Buffer.concat([d2, passphrase, salt]), 'buffer');
  return { key: Buffer.concat([d1, d2]), iv: d3 };
}

/** The passphrase's bytes, kept for the one passphrase a server uses. */
let passphraseBytes: { text: string; bytes: Buffer } | undefined;
function bytesOf(passphrase: string): Buffer {
  if (passphraseBytes?.text !== passphrase) passphraseBytes = { text: passphrase, bytes: Buffer.from(passphrase, 'utf8') };
  return passphraseBytes.bytes;
}

export function decryptPayload(cipher: unknown, passphrase: string): string | null {
  if (typeof cipher !== 'string') return null;
  const text = cipher.trim();
  if (!SALTED_BASE64.test(text)) return null;
  const raw = Buffer.from(text, 'base64');
  if (raw.length < 32 || (raw.length - 16) % 16 !== 0 || !raw.subarray(0, 8).equals(SALTED)) return null;
  const { key, iv } = bytesToKey(bytesOf(passphrase), raw.subarray(8, 16));
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, iv);
    const plain = Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]);
    const decoded = utf8.decode(plain);
    return decoded.length > 0 ? decoded : null;
  } catch {
    return null;
  }
}
