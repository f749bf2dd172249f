import type { FastifyRequest } from 'fastify';
import { FALLBACK_APP, INFORMATION_CODES, MESSAGES, type AccessTokenClaims } from '@suite/shared/contracts';
import { ApiError } from '../http/errors';
import { recordAudit } from './audit';
import { verifyAccessToken } from './tokens';

/** The caller, from a verified access token. */
export interface AuthUser {
  id: string;
  userName: string;
  /** Application names the token was issued for (`aud`). */
  audience: string[];
  /** The privileges the token was issued with; authorization reads the current ones (requirePrivilege). */
  privileges: Set<string>;
  sessionId?: string;
  claims: AccessTokenClaims;
}

const unauthorized = () => new ApiError(401, MESSAGES.unauthorized, INFORMATION_CODES.unauthorized);

/** The console application: admin privileges count only in tokens issued for it. */
export const CONSOLE_APP = FALLBACK_APP;

/**
 * preHandler: `Authorization: Bearer <jwt>` verified against our keys, and its session (`sid`)
 * still live — not revoked, its user active — → request.user; else 401 R401.
 */
export async function authenticate(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw unauthorized();
  const { keys, config, sessions } = request.server.ctx;
  let claims: AccessTokenClaims;
  try {
    claims = await verifyAccessToken(keys, config.tokenIssuer, match[1]);
  } catch {
    throw unauthorized();
  }
  if (!(await sessions.isLive(claims.sid, claims.identifier))) throw unauthorized();
  request.user = {
    id: claims.identifier,
    userName: claims.unique_name,
    audience: claims.aud === undefined ? [] : Array.isArray(claims.aud) ? claims.aud : [claims.aud],
    privileges: new Set(claims.privileges),
    sessionId: claims.sid,
    claims,
  };
}

/**
 * preHandler: authenticates, then requires `privilege` (or any one of `alternatives`) among the
 * privileges the user holds *now* in the console application (AccessGrants: the token's claim
 * is not trusted for long, so an access taken away ends on the next call), with a token issued
 * for the console; without it a 403 with the documented message (R403, docs/product/console.md).
 */
export function requirePrivilege(privilege: string, ...alternatives: string[]) {
  const accepted = [privilege, ...alternatives];
  return async function checkPrivilege(request: FastifyRequest): Promise<void> {
    if (!request.user) await authenticate(request);
    const user = request.user as AuthUser;
    const forConsole = user.audience.some((aud) => aud.toLowerCase() === CONSOLE_APP);
    const { access, db } = request.server.ctx;
    const held = forConsole ? await access.privilegesOf(user.id, CONSOLE_APP) : undefined;
    const used = held ? accepted.filter((p) => held.has(p)) : [];
    if (used.length === 0) throw new ApiError(403, MESSAGES.forbidden, INFORMATION_CODES.forbidden);
    const auditable = await access.auditable();
    const audited = used.filter((p) => auditable.has(p));
    if (audited.length > 0) {
      // an auditable privilege's every use is on record: who, which call, with what
      await recordAudit(db, {
        actor: { id: user.id, userName: user.userName },
        action: 'privilege.use',
        entity: 'privilege',
        entityId: audited.join(','),
        after: { method: request.method, path: request.url.split('?')[0] },
      });
    }
  };
}
