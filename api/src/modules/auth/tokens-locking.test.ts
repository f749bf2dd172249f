import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { BACKENDS, createUser, json, login, startTestServer, type TestServer } from '../../../test/harness';

/**
 * A refresh and a sign-out (any revocation) of the same session at the same moment: both take
 * the session's row before its refresh tokens' rows, so neither waits on the other in a cycle
 * (PostgreSQL would abort one of them as a deadlock: a 500 or a failed sign-out).
 */

const PASSWORD = 'L0cking.Pass-word';

function refresh(app: FastifyInstance, refreshToken: string, user: string) {
  return app.inject({
    method: 'POST',
    url: '/api/Login/RefreshToken',
    payload: { RefreshToken: refreshToken, UserName: user, Appname: 'ibuhoo' },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// PGlite runs one statement at a time: no two transactions ever hold locks at once there
describe.each(BACKENDS.filter((backend) => backend === 'postgres'))('refresh during a revocation [%s]', (backend) => {
  let server: TestServer & { dispose(): Promise<void> };
  beforeAll(async () => {
    server = await startTestServer(backend);
  }, 60_000);
  afterAll(() => server?.dispose(), 30_000);

  it('a refresh that arrives while the session is being revoked waits for it, then is refused: no deadlock', async () => {
    await createUser(server.db, { userName: 'locking.user', password: PASSWORD, privileges: ['USERS_READ'] });
    const signedIn = json(await login(server.app, 'locking.user', PASSWORD, 'ibuhoo')).result as { refreshToken: string };
    const session = await server.db
      .selectFrom('refresh_tokens')
      .select('session_id')
      .where(
        'user_id',
        '=',
        (await server.db.selectFrom('users').select('id').where('user_name', '=', 'locking.user').executeTakeFirstOrThrow()).id,
      )
      .executeTakeFirstOrThrow();

    let pending: ReturnType<typeof refresh> | undefined;
    // the revocation's order (sessions.revoke): the session's row, then its tokens' rows
    await server.db.transaction().execute(async (trx) => {
      await sql`update sessions set revoked_at = now(), revoked_reason = 'logout' where id = ${session.session_id}::uuid`.execute(trx);
      pending = refresh(server.app, signedIn.refreshToken, 'locking.user');
      await sleep(300); // the refresh reaches the database and waits on a lock
      await sql`update refresh_tokens set revoked_at = now() where session_id = ${session.session_id}::uuid and revoked_at is null`.execute(
        trx,
      );
    });
    const reply = await pending!;
    expect(reply.statusCode).toBe(401);
    expect(json(reply).result.informationCode).toBe('R101');
  }, 30_000);
});
