import { hash, randomUUID, sign, verify } from 'node:crypto';
import type { AccessTokenClaims } from '@suite/shared/contracts';
import { KeyStore, SIGNING_ALG } from './keys';
import { randomToken } from './random';

export interface TokenSubject {
  userId: string;
  userName: string;
  names: string;
  surnames: string;
  customerName: string;
  privileges: string[];
  apps: string[];
}

export interface IssuedAccessToken {
  token: string;
  claims: AccessTokenClaims;
}

/** The encoded JWS header of the signing key (the same text for every token it signs). */
let header: { kid: string; segment: string } | undefined;
function headerSegment(kid: string): string {
  if (header?.kid !== kid)
    header = { kid, segment: Buffer.from(JSON.stringify({ alg: SIGNING_ALG, kid, typ: 'JWT' })).toString('base64url') };
  return header.segment;
}

/** Signs an access token (ES256) with its claims (docs/product/sessions.md, Tokens); `aud` is the application name. */
export async function signAccessToken(
  keys: KeyStore,
  options: { issuer: string; audience: string; sessionId: string; lifetimeSeconds: number },
  subject: TokenSubject,
): Promise<IssuedAccessToken> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + Math.max(1, Math.floor(options.lifetimeSeconds));
  const claims: AccessTokenClaims = {
    identifier: subject.userId,
    unique_name: subject.userName,
    nameid: subject.userId,
    given_name: subject.names,
    family_name: subject.surnames,
    customerName: subject.customerName,
    privileges: subject.privileges,
    APPS: subject.apps,
    exp,
    iat,
    iss: options.issuer,
    aud: options.audience,
    sub: subject.userId,
    sid: options.sessionId,
    jti: randomUUID(),
  };
  // a compact JWS (RFC 7515) signed with node:crypto: ECDSA P-256 / SHA-256, raw r‖s signature
  const input = `${headerSegment(keys.kid)}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const signature = lowS(sign('sha256', Buffer.from(input), { key: keys.signingKey, dsaEncoding: 'ieee-p1363' }));
  return { token: `${input}.${signature.toString('base64url')}`, claims };
}

/**
 * ECDSA signatures come in pairs: (r, s) and (r, n − s) verify alike, so a token would have a
 * twin string that is just as valid. Ours are issued with the low s (≤ n / 2, as Bitcoin's and
 * Ethereum's rules have it) and only those are accepted: one token, one string.
 */
const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const sOf = (signature: Buffer) => BigInt(`0x${signature.subarray(32).toString('hex')}`);

function lowS(signature: Buffer): Buffer {
  const s = sOf(signature);
  if (s <= P256_ORDER / 2n) return signature;
  return Buffer.concat([signature.subarray(0, 32), Buffer.from((P256_ORDER - s).toString(16).padStart(64, '0'), 'hex')]);
}

export class InvalidTokenError extends Error {}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeJson(segment: string): Record<string, unknown> {
  if (!BASE64URL.test(segment)) throw new InvalidTokenError('malformed segment');
  const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidTokenError('not a JSON object');
  return value as Record<string, unknown>;
}

/** Tokens already verified, by their exact text: a repeated token skips the signature check. */
const VERIFIED_MAX = 10_000;
const verifiedCache = new WeakMap<KeyStore, { generation: number; entries: Map<string, AccessTokenClaims> }>();

function verifiedEntries(keys: KeyStore): Map<string, AccessTokenClaims> {
  let cache = verifiedCache.get(keys);
  // a reload (rotation, retirement) starts over
  if (!cache || cache.generation !== keys.generation) {
    cache = { generation: keys.generation, entries: new Map() };
    verifiedCache.set(keys, cache);
  }
  return cache.entries;
}

/**
 * Verifies an access token: ES256 only, signed by one of our published keys, this issuer, not
 * expired (nor used before `nbf`), with the documented claims. Returns the claims; throws on any
 * failure. Synchronous crypto with cached KeyObjects; a token seen before (the exact same text,
 * so the same signature) is only checked for expiry.
 */
export async function verifyAccessToken(keys: KeyStore, issuer: string, token: string): Promise<AccessTokenClaims> {
  const entries = verifiedEntries(keys);
  const known = entries.get(token);
  if (known && known.iss === issuer) {
    if (known.exp > Math.floor(Date.now() / 1000)) return known;
    entries.delete(token);
  }
  const claims = await verifyUncached(keys, issuer, token);
  entries.set(token, claims);
  if (entries.size > VERIFIED_MAX) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  return claims;
}

async function verifyUncached(keys: KeyStore, issuer: string, token: string): Promise<AccessTokenClaims> {
  const parts = token.split('.');
  if (parts.length !== 3 || !BASE64URL.test(parts[2])) throw new InvalidTokenError('not a compact JWS');
  const header = decodeJson(parts[0]);
  if (header.alg !== SIGNING_ALG || typeof header.kid !== 'string' || header.crit !== undefined) {
    throw new InvalidTokenError('unexpected header');
  }
  const key = await keys.verifyKey(header.kid);
  if (!key) throw new InvalidTokenError('unknown key');
  const signature = Buffer.from(parts[2], 'base64url');
  if (signature.length !== 64) throw new InvalidTokenError('bad signature length');
  // one string per token: the canonical encoding and the low s only (lowS)
  if (signature.toString('base64url') !== parts[2] || sOf(signature) > P256_ORDER / 2n)
    throw new InvalidTokenError('not the canonical signature');
  if (!verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), { key, dsaEncoding: 'ieee-p1363' }, signature)) {
    throw new InvalidTokenError('bad signature');
  }
  const payload = decodeJson(parts[1]);
  const now = Math.floor(Date.now() / 1000);
  if (payload.iss !== issuer) throw new InvalidTokenError('wrong issuer');
  if (typeof payload.exp !== 'number' || payload.exp <= now) throw new InvalidTokenError('expired');
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) throw new InvalidTokenError('not yet valid');
  const claims = payload as unknown as AccessTokenClaims;
  if (typeof claims.identifier !== 'string' || typeof claims.unique_name !== 'string' || !Array.isArray(claims.privileges)) {
    throw new InvalidTokenError('Token without the expected claims');
  }
  return claims;
}

/** An opaque 256-bit refresh token and the SHA-256 hash that is stored instead of it. */
export function newRefreshToken(): { value: string; hash: string } {
  const value = randomToken(32, 'base64url');
  return { value, hash: hashRefreshToken(value) };
}

/** The SHA-256 (hex) a random secret is stored as: refresh tokens, codes, challenges, client secrets. */
export function secretHash(value: string): string {
  return hash('sha256', value, 'hex');
}

export function hashRefreshToken(value: string): string {
  return secretHash(value);
}
