import { createDecipheriv, createHash } from 'node:crypto';

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

function bytesToKey(passphrase: Buffer, salt: Buffer): { key: Buffer; iv: Buffer } {
  const blocks: Buffer[] = [];
  let previous = Buffer.alloc(0);
  while (blocks.length * 16 < 48) {
    previous = createHash('md5').update(previous).update(passphrase).update(salt).digest();
    blocks.push(previous);
  }
  const material = Buffer.concat(blocks);
  return { key: material.subarray(0, 32), iv: material.subarray(32, 48) };
}

export function decryptPayload(cipher: unknown, passphrase: string): string | null {
  if (typeof cipher !== 'string') return null;
  const text = cipher.trim();
  if (!SALTED_BASE64.test(text)) return null;
  const raw = Buffer.from(text, 'base64');
  if (raw.length < 32 || (raw.length - 16) % 16 !== 0 || !raw.subarray(0, 8).equals(SALTED)) return null;
  const { key, iv } = bytesToKey(Buffer.from(passphrase, 'utf8'), raw.subarray(8, 16));
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, iv);
    const plain = Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]);
    const decoded = utf8.decode(plain);
    return decoded.length > 0 ? decoded : null;
  } catch {
    return null;
  }
}
