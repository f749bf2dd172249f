import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** A stored message of the development mailbox. */
export interface MailRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date | string;
}

/** The newest 200 messages of the mailbox, newest first. */
export function listMail(db: Kysely<DB>): Promise<MailRow[]> {
  return db.selectFrom('mailbox').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(200).execute() as Promise<
    MailRow[]
  >;
}

/** One message by its id (digits), or undefined. */
export async function findMail(db: Kysely<DB>, id: string): Promise<MailRow | undefined> {
  return (await db.selectFrom('mailbox').selectAll().where('id', '=', id).executeTakeFirst()) as MailRow | undefined;
}
