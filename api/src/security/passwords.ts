import { randomBytes, randomInt } from 'node:crypto';
import os from 'node:os';
import { hash, parseOptions, verify, type Options } from '@node-rs/argon2';

/**
 * argon2id at the OWASP parameters (m=19456 KiB, t=2, p=1). The library's async API runs
 * the hashing on its own thread pool, off the event loop. argon2id is its default algorithm.
 */
export const PASSWORD_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const satisfies Options;

/**
 * At most this many hashes run at once (ARGON2_CONCURRENCY; default: the cores this process may
 * use, and no more than libuv's thread pool, UV_THREADPOOL_SIZE or 4, where they run). Each keeps
 * a core busy and walks 19 MiB for tens of milliseconds: more hashes than cores only take turns on
 * them and evict each other's memory from the caches, which made every hash cost a fifth more CPU
 * (bench:login). The rest wait their turn in order, and the pool keeps free threads for the
 * file system and other crypto.
 */
export const ARGON2_CONCURRENCY = argon2Concurrency(process.env);

export function argon2Concurrency(env: NodeJS.ProcessEnv, cores = os.availableParallelism()): number {
  const configured = Number(env.ARGON2_CONCURRENCY);
  if (Number.isInteger(configured) && configured > 0) return configured;
  return Math.max(1, Math.min(cores, Number(env.UV_THREADPOOL_SIZE) || 4));
}

let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= ARGON2_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next)
      next(); // the slot passes straight to the next in line
    else running--;
  }
}

export function hashPassword(plain: string): Promise<string> {
  return limited(() => hash(plain, PASSWORD_PARAMS));
}

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await limited(() => verify(stored, plain));
  } catch {
    // a malformed stored hash never verifies
    return false;
  }
}

/** How a hash made by hashPassword with PASSWORD_PARAMS begins (argon2 version 0x13). */
const CURRENT_PREFIX = `$argon2id$v=19$m=${PASSWORD_PARAMS.memoryCost},t=${PASSWORD_PARAMS.timeCost},p=${PASSWORD_PARAMS.parallelism}$`;

/** True when the stored hash was made with other parameters than PASSWORD_PARAMS. */
export function needsRehash(stored: string): boolean {
  // what hashPassword writes today: decided without parsing (every sign-in asks)
  if (stored.startsWith(CURRENT_PREFIX)) return false;
  try {
    const o = parseOptions(stored);
    return (
      !stored.startsWith('$argon2id$') ||
      o.memoryCost !== PASSWORD_PARAMS.memoryCost ||
      o.timeCost !== PASSWORD_PARAMS.timeCost ||
      o.parallelism !== PASSWORD_PARAMS.parallelism
    );
  } catch {
    return true;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Verifies against a fixed hash of a random password (same parameters), so that an unknown
 * user name costs as much time as a wrong password and timing does not reveal accounts.
 */
export async function decoyVerify(plain: string): Promise<false> {
  decoyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(await decoyHash, plain);
  return false;
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '#$%&*+-.:;=?_';

/**
 * A strong random password that satisfies the password rules (docs/product/passwords.md: ≥ 8 characters with an
 * upper- and lowercase letter, a digit and a special character from its set).
 */
export function generatePassword(length = 20): string {
  const all = UPPER + LOWER + DIGITS + SPECIAL;
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
