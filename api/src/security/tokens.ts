import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { AccessTokenClaims } from '@suite/shared/contracts';
import { KeyStore, SIGNING_ALG } from './keys';

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

/** Signs an access token (ES256) with the spec's claims; `aud` is the application name. */
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
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: keys.kid, typ: 'JWT' })
    .sign(keys.privateKey);
  return { token, claims };
}

/** Verifies signature, issuer and expiry; returns the claims. Throws on any failure. */
export async function verifyAccessToken(keys: KeyStore, issuer: string, token: string): Promise<AccessTokenClaims> {
  const { payload } = await jwtVerify(token, keys.getVerifyKey, { issuer, algorithms: [SIGNING_ALG] });
  const claims = payload as unknown as AccessTokenClaims;
  if (typeof claims.identifier !== 'string' || !Array.isArray(claims.privileges)) {
    throw new Error('Token without the expected claims');
  }
  return claims;
}

/** An opaque 256-bit refresh token and the SHA-256 hash that is stored instead of it. */
export function newRefreshToken(): { value: string; hash: string } {
  const value = randomBytes(32).toString('base64url');
  return { value, hash: hashRefreshToken(value) };
}

export function hashRefreshToken(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
