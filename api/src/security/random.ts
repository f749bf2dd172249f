import { randomFillSync } from 'node:crypto';

/**
 * Random tokens (refresh tokens, device ids, CSP nonces) cut from a pool of CSPRNG bytes, as
 * node's own randomUUID does: one call into OpenSSL fills the pool for many tokens instead of one
 * call per token. Every byte is handed out once.
 */
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let offset = POOL_SIZE;

/** `size` fresh random bytes (≤ the pool size) as a string in `encoding`. */
export function randomToken(size: number, encoding: 'base64url' | 'base64' | 'hex'): string {
  if (size > POOL_SIZE) throw new RangeError('random token larger than the pool');
  if (offset + size > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const token = pool.toString(encoding, offset, offset + size);
  // the bytes are spent: nothing handed out stays readable in the pool
  pool.fill(0, offset, offset + size);
  offset += size;
  return token;
}
