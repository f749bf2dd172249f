import type { Kysely, Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { DB } from '../db/schema';
import type { AuthUser } from './auth';

/**
 * The audit rows of sign-ins (password, certificate, identity provider) and of failed attempts:
 * events, not changes an administrator made. Kept in the same log so one search finds both.
 */
export const SIGN_IN_ACTIONS = ['user.sign_in', 'user.sign_in_external', 'user.sign_in_failed'] as const;

/** Who made a change: the administrator of the access token. */
export interface AuditActor {
  id: string;
  userName: string;
}

/** The administrator a request is made by (its access token), as the audit log records them. */
export function actorOf(request: FastifyRequest): AuditActor | undefined {
  const user = request.user as AuthUser | undefined;
  return user ? { id: user.id, userName: user.userName } : undefined;
}

export interface AuditEntry {
  actor: AuditActor | undefined;
  /** `<entity>.<verb>`, e.g. user.create, user.state, user.delete. */
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Records a change in the audit log. Call it with the transaction that makes the change, so the
 * record exists exactly when the change does.
 */
export async function recordAudit(trx: Transaction<DB> | Kysely<DB>, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: entry.actor?.id ?? null,
      actor_name: entry.actor?.userName ?? '',
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
