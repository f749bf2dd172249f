import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export async function findApplication(db: Kysely<DB>, name: string) {
  return db
    .selectFrom('applications')
    .select([
      'id',
      'name',
      'url_app',
      'idstate',
      'amount_time',
      'time_unit',
      'refresh_token_expiration_amount_time',
      'refresh_token_expiration_time_unit',
    ])
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}
export type LoginApplication = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

/** A user that may sign in by user name (case-insensitive); deleted users are not found. */
export async function findUserByUserName(db: Kysely<DB>, userName: string) {
  return db
    .selectFrom('users')
    .select(['id', 'user_name', 'names', 'surnames', 'idstate', 'password_hash'])
    .where(sql<string>`lower(user_name)`, '=', userName.toLowerCase())
    .where('deleted', '=', false)
    .executeTakeFirst();
}

/**
 * What the access token says about the user: privileges of the user's active roles for the
 * application (active privileges only), the applications the user has roles in, and the
 * main company's name.
 */
export async function loadUserAccess(db: Kysely<DB>, userId: string, applicationId: number) {
  const privileges = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('role_privileges as rp', (join) =>
      join.onRef('rp.role_id', '=', 'ur.role_id').onRef('rp.application_id', '=', 'ur.application_id'),
    )
    .innerJoin('privileges as p', 'p.id', 'rp.privilege_id')
    .select('p.name')
    .distinct()
    .where('ur.user_id', '=', userId)
    .where('ur.application_id', '=', applicationId)
    .where('r.idstate', '=', 0)
    .where('p.idstate', '=', 0)
    .orderBy('p.name')
    .execute();
  const apps = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('applications as a', 'a.id', 'ur.application_id')
    .select('a.name')
    .distinct()
    .where('ur.user_id', '=', userId)
    .where('r.idstate', '=', 0)
    .where('a.is_visible', '=', true)
    .orderBy('a.name')
    .execute();
  const company = await db
    .selectFrom('user_customers as uc')
    .innerJoin('customers as c', 'c.id', 'uc.customer_id')
    .select('c.name')
    .where('uc.user_id', '=', userId)
    .where('uc.principal', '=', true)
    .executeTakeFirst();
  return {
    privileges: privileges.map((p) => p.name),
    apps: apps.map((a) => a.name),
    customerName: company?.name ?? '',
  };
}

/** Records the sign-in: a session row and the hash of its first refresh token. */
export async function recordSignIn(
  db: Kysely<DB>,
  input: {
    userId: string;
    applicationId: number;
    tenant?: string;
    idSessionTab?: string;
    ip?: string;
    browser?: string;
    refreshTokenHash: string;
    refreshExpiresAt: Date;
    newPasswordHash?: string;
  },
): Promise<{ sessionId: string }> {
  return db.transaction().execute(async (trx) => {
    const session = await trx
      .insertInto('sessions')
      .values({
        user_id: input.userId,
        application_id: input.applicationId,
        tenant: input.tenant ?? null,
        id_session_tab: input.idSessionTab ?? null,
        ip: input.ip ?? null,
        browser: input.browser?.slice(0, 500) ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('refresh_tokens')
      .values({
        session_id: session.id,
        user_id: input.userId,
        application_id: input.applicationId,
        family_id: session.id,
        token_hash: input.refreshTokenHash,
        expires_at: input.refreshExpiresAt,
      })
      .execute();
    await trx
      .updateTable('users')
      .set(input.newPasswordHash ? { last_login_at: new Date(), password_hash: input.newPasswordHash } : { last_login_at: new Date() })
      .where('id', '=', input.userId)
      .execute();
    return { sessionId: session.id };
  });
}
