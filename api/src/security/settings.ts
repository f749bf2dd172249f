import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

const PAYLOAD_KEY = 'payload_key';

/**
 * The crypto-js key of the payload scheme: PAYLOAD_KEY when configured, otherwise a random
 * key generated on first start and kept in `settings` so every instance and restart agrees.
 */
export async function resolvePayloadKey(db: Kysely<DB>, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('settings')
    .values({ key: PAYLOAD_KEY, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', PAYLOAD_KEY).executeTakeFirstOrThrow();
  return row.value;
}
