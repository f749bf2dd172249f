import { sql, type Kysely } from 'kysely';
import { RESET_CODE_MAX_ATTEMPTS, USER_STATE, USER_TYPE, type DocumentTypeRecord } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';
import { recordAudit } from '../../security/audit';

/** SQL of the certificate users' sign-in lookup and reset codes. */

/** The active document types offered on the certificate sign-in, by description. */
export async function certificateDocumentTypes(db: Kysely<DB>): Promise<DocumentTypeRecord[]> {
  const rows = await db
    .selectFrom('document_types as d')
    .innerJoin('countries as c', 'c.id', 'd.country_id')
    .select(['d.id', 'd.description', 'd.allowed', 'd.alphanumeric', 'c.country_code'])
    .where('d.for_certificate', '=', true)
    .where('d.idstate', '=', 0)
    .orderBy('d.id')
    .execute();
  return rows.map((r) => ({
    documentTypeId: r.id,
    documentTypeDescription: r.description,
    documentTypeAllowed: r.allowed,
    country: r.country_code,
    alphanumeric: r.alphanumeric,
  }));
}

/** One document type offered on the certificate sign-in, or undefined. */
export async function certificateDocumentType(db: Kysely<DB>, id: number): Promise<{ id: number; alphanumeric: boolean } | undefined> {
  return db
    .selectFrom('document_types')
    .select(['id', 'alphanumeric'])
    .where('id', '=', id)
    .where('for_certificate', '=', true)
    .where('idstate', '=', 0)
    .executeTakeFirst();
}

/** The sign-in variant of an application (its portal profile's column), or undefined when unknown. */
export async function signInVariantOf(db: Kysely<DB>, appName: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('applications')
    .select('sign_in_variant')
    .where(sql<string>`lower(name)`, '=', appName.trim().toLowerCase())
    .executeTakeFirst();
  return row?.sign_in_variant;
}

/** The user name of the certificate user (not deleted) holding a document (users_certificate_document_key). */
export async function certificateUserName(db: Kysely<DB>, documentTypeId: number, documentNumber: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('user_name')
    .where('typeuserid', '=', USER_TYPE.certifiedUser)
    .where('deleted', '=', false)
    .where('document_type_id', '=', documentTypeId)
    .where(sql<string>`upper(document)`, '=', documentNumber.toUpperCase())
    .executeTakeFirst();
  return row?.user_name;
}

export interface CertificateAccount {
  id: string;
  user_name: string;
  email: string;
  names: string;
  idstate: number;
  typeuserid: number;
  password_hash: string | null;
  certificate_password_hash: string | null;
}

const ACCOUNT_COLUMNS = [
  'id',
  'user_name',
  'email',
  'names',
  'idstate',
  'typeuserid',
  'password_hash',
  'certificate_password_hash',
] as const;

/**
 * The accounts tied to a document: the certificate user holding it and the other certificate
 * users (not deleted) of its e-mail, by user name; at most 50.
 */
export async function accountsOfDocument(db: Kysely<DB>, documentTypeId: number, documentNumber: string): Promise<CertificateAccount[]> {
  return db
    .selectFrom('users as u')
    .select(ACCOUNT_COLUMNS.map((c) => `u.${c}` as const))
    .where('u.typeuserid', '=', USER_TYPE.certifiedUser)
    .where('u.deleted', '=', false)
    .where(sql<string>`lower(u.email)`, 'in', (eb) =>
      eb
        .selectFrom('users as h')
        .select(sql<string>`lower(h.email)`.as('email'))
        .where('h.typeuserid', '=', USER_TYPE.certifiedUser)
        .where('h.deleted', '=', false)
        .where('h.document_type_id', '=', documentTypeId)
        .where(sql<string>`upper(h.document)`, '=', documentNumber.toUpperCase()),
    )
    .orderBy('u.user_name')
    .limit(50)
    .execute();
}

/** The certificate user (not deleted, active or blocked) of a user name, or undefined. */
export async function certificateAccount(db: Kysely<DB>, userName: string): Promise<CertificateAccount | undefined> {
  return db
    .selectFrom('users')
    .select([...ACCOUNT_COLUMNS])
    .where(sql<string>`lower(user_name)`, '=', userName.trim().toLowerCase())
    .where('typeuserid', '=', USER_TYPE.certifiedUser)
    .where('deleted', '=', false)
    .where('idstate', 'in', [USER_STATE.active, USER_STATE.blocked])
    .executeTakeFirst();
}

/**
 * The certificate users (not deleted, active or blocked) of an e-mail, whatever its case; with a
 * document, only its holder (users_certificate_document_key). At most two: a caller only needs to
 * know whether exactly one account remains (docs/product/passwords.md, Calls).
 */
export async function certificateAccountsOfEmail(
  db: Kysely<DB>,
  email: string,
  document?: { documentTypeId: number; documentNumber: string },
): Promise<CertificateAccount[]> {
  let query = db
    .selectFrom('users')
    .select([...ACCOUNT_COLUMNS])
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .where('typeuserid', '=', USER_TYPE.certifiedUser)
    .where('deleted', '=', false)
    .where('idstate', 'in', [USER_STATE.active, USER_STATE.blocked]);
  if (document) {
    query = query
      .where('document_type_id', '=', document.documentTypeId)
      .where(sql<string>`upper(document)`, '=', document.documentNumber.toUpperCase());
  }
  return query.orderBy('user_name').limit(2).execute();
}

/** Codes issued to a subject, and from a client, within the last `seconds`. */
export async function recentCodeCounts(
  db: Kysely<DB>,
  subject: string,
  client: string,
  seconds: number,
): Promise<{ subject: number; client: number }> {
  const { rows } = await sql<{ subject: number; client: number }>`
    select (select count(*)::int from certificate_reset_codes
             where subject = ${subject} and created_at > now() - make_interval(secs => ${seconds}::int)) as subject,
           (select count(*)::int from certificate_reset_codes
             where client = ${client} and created_at > now() - make_interval(secs => ${seconds}::int)) as client
  `.execute(db);
  return rows[0];
}

/** Stores a new code of the subject in one statement; its earlier live codes are spent with it. */
export async function storeResetCode(
  db: Kysely<DB>,
  input: { subject: string; userId: string | null; applicationId: number; codeHash: string; seconds: number; client: string },
): Promise<void> {
  await sql`
    with spent as (
      update certificate_reset_codes set used_at = now() where subject = ${input.subject} and used_at is null
    )
    insert into certificate_reset_codes (subject, user_id, application_id, code_hash, expires_at, client)
    values (${input.subject}, ${input.userId}::uuid, ${input.applicationId}::int, ${input.codeHash},
            now() + make_interval(secs => ${input.seconds}::int), ${input.client})
  `.execute(db);
}

/**
 * Takes one try of the subject's live code (unused, unexpired, under the limit of tries) in one
 * statement, so parallel validations cannot exceed the limit; undefined when there is none.
 */
export async function claimCodeAttempt(
  db: Kysely<DB>,
  subject: string,
  applicationId: number,
): Promise<{ id: string; code_hash: string; user_id: string | null } | undefined> {
  const { rows } = await sql<{ id: string; code_hash: string; user_id: string | null }>`
    update certificate_reset_codes set attempts = attempts + 1
     where id = (select id from certificate_reset_codes
                  where subject = ${subject} and application_id = ${applicationId}::int
                    and used_at is null and expires_at > now()
                  order by created_at desc limit 1
                  for update)
       and attempts < ${RESET_CODE_MAX_ATTEMPTS}::int
    returning id::text as id, code_hash, user_id::text as user_id
  `.execute(db);
  return rows[0];
}

/**
 * Spends the code and puts the certificate's initial password back in one transaction, with the
 * audit row; false when the code was spent meanwhile (nothing changes).
 */
export async function restoreCertificatePassword(
  db: Kysely<DB>,
  codeId: string,
  user: Pick<CertificateAccount, 'id' | 'user_name'>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('certificate_reset_codes')
      .set({ used_at: new Date() })
      .where('id', '=', codeId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return false;
    const restored = await trx
      .updateTable('users')
      .set({ password_hash: sql<string>`certificate_password_hash`, password_changed_at: new Date(), modified_on: new Date() })
      .where('id', '=', user.id)
      .where('certificate_password_hash', 'is not', null)
      .executeTakeFirst();
    if (Number(restored.numUpdatedRows) !== 1) return false;
    await recordAudit(trx, {
      actor: { id: user.id, userName: user.user_name },
      action: 'user.certificate-password-reset',
      entity: 'user',
      entityId: user.id,
    });
    return true;
  });
}
