import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { revokeGrant } from './adapter';
import type { OidcProvider } from './provider';
import { providerSessionsOf, unlinkProviderSessions } from './queries';

/**
 * Ends the provider sessions standing on suite sessions that ended (a sign-out, an administrator,
 * the session limit, a password change): every grant the session gave a client is revoked with its
 * tokens, each client that registered a back-channel logout URI is told (OpenID Connect
 * Back-Channel Logout: a logout token with the session's `sid`), and the provider session goes.
 * A client that cannot be reached is logged and skipped; its tokens are revoked all the same.
 */
export async function endProviderSessions(
  db: Kysely<DB>,
  provider: OidcProvider,
  suiteSessionIds: readonly string[],
  warn: (details: Record<string, unknown>, message: string) => void,
): Promise<void> {
  const uids = await providerSessionsOf(db, suiteSessionIds);
  for (const uid of uids) {
    const session = await provider.Session.findByUid(uid);
    if (!session) continue;
    for (const [clientId, { sid, grantId }] of Object.entries(session.authorizations ?? {})) {
      if (grantId) await revokeGrant(db, grantId);
      const client = await provider.Client.find(clientId);
      if (client?.backchannelLogoutUri && sid && session.accountId) {
        await client
          .backchannelLogout(session.accountId, sid)
          .catch((err: unknown) => warn({ err, clientId }, 'back-channel logout failed'));
      }
    }
    await session.destroy();
  }
  await unlinkProviderSessions(db, uids);
}
