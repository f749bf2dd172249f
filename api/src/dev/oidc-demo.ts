import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { DEMO_IDENTITIES, startLocalProvider, type LocalProvider } from './oidc-provider';

/** Local users the demo identities stand for (README "External sign-in"). */
const LINKED_DEMO = { login: 'jwalker', userName: 'cert.jwalker' };
const VERIFIED_DEMO_USER = 'cert.pbermudez';

/**
 * The demo data of the local provider: jwalker linked to cert.jwalker, and cert.pbermudez's
 * e-mail taken as proven so pbermudez links by e-mail on a first sign-in. Links seeded for an
 * earlier address of the local provider are dropped. Idempotent.
 */
export async function seedDemoIdentities(db: Kysely<DB>, issuer: string): Promise<void> {
  const identity = DEMO_IDENTITIES.find((i) => i.login === LINKED_DEMO.login);
  if (!identity) return;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('external_identities').where('linked_by', '=', 'seed').where('issuer', '<>', issuer).execute();
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', LINKED_DEMO.userName)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (user) {
      await trx
        .insertInto('external_identities')
        .values({ issuer, subject: identity.subject, user_id: user.id, email: identity.email, linked_by: 'seed' })
        .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
        .execute();
    }
    await trx
      .updateTable('users')
      .set({ email_verified_at: sql`now()` })
      .where('user_name', '=', VERIFIED_DEMO_USER)
      .where('email_verified_at', 'is', null)
      .execute();
  });
}

/**
 * Starts the local provider for `npm start`: on `port`, or on any free port when that one is
 * taken (the browser learns the provider's address from connect-ciam-oidc, so any port works).
 */
export async function startDevProvider(host: string, port: number, warn: (message: string) => void): Promise<LocalProvider> {
  // loopback only, whatever HOST says: a provider that signs in anyone is never on the network
  const loopback = '127.0.0.1';
  try {
    return await startLocalProvider({ host: loopback, port });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    warn(`port ${port} is taken: the local OpenID provider listens on a free port instead (HOST ${host})`);
    return startLocalProvider({ host: loopback, port: 0 });
  }
}
