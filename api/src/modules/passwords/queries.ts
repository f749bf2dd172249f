import { sql, type Kysely } from 'kysely';
import { USER_STATE } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';
import { recordAudit } from '../../security/audit';

/** The application columns a password e-mail needs (its link lifetime, base and title). */
export interface LinkApplication {
  id: number;
  name: string;
  title: string;
  url_assign_password: string;
  user_activate_token_time: number;
  user_activate_token_time_unit: number;
  assign_password_token_time: number;
  assign_password_token_time_unit: number;
  default_language: string;
}

/** The application columns the password flows need: those of its e-mails and its password policy. */
export interface PasswordApplication extends LinkApplication {
  idstate: number;
  number_password_changes: number;
  mechanism_after_set_pass: number;
}

/** The user columns the password flows need. */
export interface PasswordUser {
  id: string;
  user_name: string;
  email: string;
  names: string;
  idstate: number;
  typeuserid: number;
  password_hash: string | null;
}

const USER_COLUMNS = ['id', 'user_name', 'email', 'names', 'idstate', 'typeuserid', 'password_hash'] as const;

const LINK_APPLICATION_COLUMNS = [
  'id',
  'name',
  'title',
  'url_assign_password',
  'user_activate_token_time',
  'user_activate_token_time_unit',
  'assign_password_token_time',
  'assign_password_token_time_unit',
  'default_language',
] as const;

/** An application by id, with what its password e-mails need, or undefined. */
export async function linkApplicationById(db: Kysely<DB>, id: number): Promise<LinkApplication | undefined> {
  return db.selectFrom('applications').select(LINK_APPLICATION_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** An application by name (case-insensitive, whatever its state), or undefined. */
export async function findPasswordApplication(db: Kysely<DB>, name: string): Promise<PasswordApplication | undefined> {
  return db
    .selectFrom('applications')
    .select([...LINK_APPLICATION_COLUMNS, 'idstate', 'number_password_changes', 'mechanism_after_set_pass'])
    .where(sql<string>`lower(name)`, '=', name.trim().toLowerCase())
    .executeTakeFirst();
}

/** The accounts (not deleted) whose user name or e-mail is `key` (lower case); at most 50. */
export async function usersNamedOrMailed(db: Kysely<DB>, key: string): Promise<PasswordUser[]> {
  return db
    .selectFrom('users')
    .select([...USER_COLUMNS])
    .where('deleted', '=', false)
    .where((eb) => eb.or([eb(sql<string>`lower(user_name)`, '=', key), eb(sql<string>`lower(email)`, '=', key)]))
    .limit(50)
    .execute();
}

/** A user by id (it must exist). */
export async function userById(db: Kysely<DB>, id: string): Promise<PasswordUser> {
  return db
    .selectFrom('users')
    .select([...USER_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The accounts (not deleted) of an e-mail (case-insensitive), by user name; at most 50. */
export async function accountsOfEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('users')
    .select(['user_name', 'email', 'typeuserid'])
    .where('deleted', '=', false)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .orderBy('user_name')
    .limit(50)
    .execute();
}

/** The hashes of the user's last `count` passwords in the application, newest first. */
export async function recentPasswordHashes(db: Kysely<DB>, userId: string, applicationId: number, count: number): Promise<string[]> {
  const rows = await db
    .selectFrom('password_history')
    .select('password_hash')
    .where('user_id', '=', userId)
    .where('application_id', '=', applicationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  return rows.map((r) => r.password_hash);
}

/** How a person set their own password: from an activation or a reset link, or by changing it. */
export type PasswordSetting = 'activation' | 'reset' | 'change';

/**
 * Stores the new password in one transaction: hash, changed-at (clears the expired state; a
 * pending account becomes active), a history row of the application and the audit record (the
 * person is its actor; no hash in it). With `tokenId` the link token is spent first, with every
 * other outstanding link of the account; false when it was already spent or expired (nothing
 * stored).
 */
export async function storePassword(
  db: Kysely<DB>,
  user: Pick<PasswordUser, 'id' | 'user_name'>,
  application: Pick<PasswordApplication, 'id' | 'name'>,
  hash: string,
  how: PasswordSetting,
  tokenId?: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (tokenId) {
      const spent = await trx
        .updateTable('password_tokens')
        .set({ used_at: new Date() })
        .where('id', '=', tokenId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) return false;
      // the other outstanding links of the account die with it
      await trx
        .updateTable('password_tokens')
        .set({ used_at: new Date() })
        .where('user_id', '=', user.id)
        .where('used_at', 'is', null)
        .execute();
    }
    await trx
      .updateTable('users')
      .set({
        password_hash: hash,
        password_changed_at: new Date(),
        modified_on: new Date(),
        idstate: sql<number>`case when idstate = ${USER_STATE.pendingActivation} then ${USER_STATE.active} else idstate end`,
      })
      .where('id', '=', user.id)
      .execute();
    // every password set stays in the history (not trimmed to the current numberPasswordChanges):
    // a longer history set later covers the passwords set before it
    await trx.insertInto('password_history').values({ user_id: user.id, application_id: application.id, password_hash: hash }).execute();
    await recordAudit(trx, {
      actor: { id: user.id, userName: user.user_name },
      action: 'user.password',
      entity: 'user',
      entityId: user.id,
      after: { how, application: application.name },
    });
    return true;
  });
}

/** A link token by its hash, with its user (deleted ones too) and whether it has expired. */
export async function findLinkToken(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('password_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id as token_id',
      't.application_id',
      't.purpose',
      't.used_at',
      sql<boolean>`t.expires_at <= now()`.as('expired'),
      'u.id',
      'u.user_name',
      'u.email',
      'u.names',
      'u.idstate',
      'u.typeuserid',
      'u.password_hash',
      'u.deleted',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The active, visible applications in which the user holds roles, by name. */
export async function applicationsOfUser(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('user_roles as ur')
    .innerJoin('applications as a', 'a.id', 'ur.application_id')
    .select(['a.name', 'a.title', 'a.url_app', 'a.landing'])
    .distinct()
    .where('ur.user_id', '=', userId)
    .where('a.idstate', '=', 0)
    .where('a.is_visible', '=', true)
    .orderBy('a.name')
    .execute();
}
