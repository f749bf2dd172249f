import type { Kysely, Transaction } from 'kysely';
import type { DB, StoredImagesTable } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export type NewStoredImage = Omit<StoredImagesTable, 'created_at'>;

/** Stores an image once: the same bytes uploaded again keep the first row (same name, same URL). */
export async function insertImage(db: Executor, image: NewStoredImage): Promise<boolean> {
  const inserted = await db
    .insertInto('stored_images')
    .values(image)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findImage(db: Executor, id: string) {
  return db
    .selectFrom('stored_images')
    .select(['id', 'image_type', 'content_type', 'bytes', 'size'])
    .where('id', '=', id)
    .executeTakeFirst();
}
