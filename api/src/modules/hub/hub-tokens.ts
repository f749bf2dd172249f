import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Connection tokens any instance of the suite can open (docs/operations.md, TLS and the load
 * balancer): the negotiate answer's token names the connection, when it expires and the client
 * address the negotiating instance saw, signed with a key every instance shares. A load balancer
 * may then send the WebSocket to another instance than the negotiate call: that instance checks
 * the signature and the time and opens the connection as if it had negotiated it.
 */
export interface SignedToken {
  id: string;
  expiresAt: number;
  client: string;
}

const mac = (key: string, body: string) => createHmac('sha256', key).update(body).digest().subarray(0, 18).toString('base64url');

export function signToken(key: string, token: SignedToken): string {
  const body = `${token.id}.${token.expiresAt.toString(36)}.${Buffer.from(token.client).toString('base64url')}`;
  return `${body}.${mac(key, body)}`;
}

/** The token's contents when `key` signed it and it has not expired; undefined otherwise. */
export function verifyToken(key: string, token: string, now = Date.now()): SignedToken | undefined {
  const parts = token.split('.');
  if (parts.length !== 4) return undefined;
  const [id, expires, client, signature] = parts;
  const expected = Buffer.from(mac(key, `${id}.${expires}.${client}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const expiresAt = Number.parseInt(expires, 36);
  if (!Number.isFinite(expiresAt) || expiresAt < now || !id) return undefined;
  return { id, expiresAt, client: Buffer.from(client, 'base64url').toString() };
}
