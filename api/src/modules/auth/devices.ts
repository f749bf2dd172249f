import { hash } from 'node:crypto';
import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { randomToken } from '../../security/random';

/**
 * Recognised devices (docs/security/lockout.md): a browser that proved an account's password
 * carries a random device id in an HttpOnly cookie; the server keeps only its SHA-256 per account
 * (recognised_devices). Sign-in attempts from a recognised device count on a lockout subject of
 * their own, so strangers' wrong passwords cannot lock its owner out.
 */
export const DEVICE_COOKIE = 'suite_device';

/** 400 days: the longest lifetime browsers keep a cookie for. */
const DEVICE_COOKIE_SECONDS = 400 * 86400;

const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

const hashDevice = (id: string) => hash('sha256', id, 'base64url');

/** The hash of the request's device id, or undefined when it carries none (or a malformed one). */
export function deviceOf(request: FastifyRequest): string | undefined {
  const id = request.cookies?.[DEVICE_COOKIE];
  return id && DEVICE_ID.test(id) ? hashDevice(id) : undefined;
}

/**
 * The hash of the device that just proved a password: the request's own device id (`known`, when
 * the caller has it already), or a new one sent back in the cookie (HttpOnly, SameSite=Strict,
 * only to /api, Secure over HTTPS).
 */
export function provenDevice(request: FastifyRequest, reply: FastifyReply, known = deviceOf(request)): string {
  if (known) return known;
  const id = randomToken(32, 'base64url');
  reply.setCookie(DEVICE_COOKIE, id, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_SECONDS,
  });
  return hashDevice(id);
}

/** Remembers that the device proved the user's password now (suite_remember_device, migrations/0011). */
export async function rememberDevice(db: Kysely<DB>, userId: string, device: string): Promise<void> {
  await sql`select suite_remember_device(${userId}::uuid, ${device}::text)`.execute(db);
}

/** Forgets devices that have not proved a password within the trust window. */
export async function purgeStaleDevices(db: Kysely<DB>, trustDays: number): Promise<void> {
  await sql`delete from recognised_devices where proved_at < now() - make_interval(days => ${trustDays}::int)`.execute(db);
}
