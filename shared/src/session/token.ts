import type { AccessTokenClaims } from '../contracts/login';

/** The stored token carries this prefix (docs/product/sessions.md, What the browser keeps). */
export const BEARER_PREFIX = 'Bearer ';

/** User data kept with the session, decoded from the access token's claims (docs/product/sessions.md, What the browser keeps). */
export interface SessionUser {
  userId: string;
  userName: string;
  nameid: string;
  /** given_name, lowercased. */
  name: string;
  surname: string;
  customerName: string;
  privileges: string[];
  apps: string[];
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export function withBearer(token: string): string {
  return token.startsWith(BEARER_PREFIX) ? token : `${BEARER_PREFIX}${token}`;
}

export function withoutBearer(token: string): string {
  return token.startsWith(BEARER_PREFIX) ? token.slice(BEARER_PREFIX.length) : token;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The claims of a JWT (signature not checked: the API does that). Null when not decodable. */
export function decodeToken(token: string): Partial<AccessTokenClaims> | null {
  const parts = withoutBearer(token).split('.');
  if (parts.length !== 3) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return claims && typeof claims === 'object' ? (claims as Partial<AccessTokenClaims>) : null;
  } catch {
    return null;
  }
}

const list = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value !== '')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return [];
};
const text = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));

export function userFromClaims(claims: Partial<AccessTokenClaims>): SessionUser {
  return {
    userId: text(claims.identifier ?? claims.nameid),
    userName: text(claims.unique_name),
    nameid: text(claims.nameid),
    name: text(claims.given_name).toLowerCase(),
    surname: text(claims.family_name),
    customerName: text(claims.customerName),
    privileges: list(claims.privileges),
    apps: list(claims.APPS),
    exp: typeof claims.exp === 'number' ? claims.exp : 0,
  };
}
