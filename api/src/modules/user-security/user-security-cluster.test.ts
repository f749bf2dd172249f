import { encryptPayload } from '@suite/shared/crypto';
import { userSessionsApi } from '@suite/shared/contracts';
import type { Server } from '../../app';
import { ADMIN_PASSWORD, createUser, json, tokenFor, twoInstances } from '../../../test/harness';

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
const PASSWORD = 'Sessions.Cluster2026';

onPostgres("an administrator's close on two instances of one PostgreSQL", () => {
  const instances = twoInstances();
  let a: Server;
  let b: Server;
  beforeAll(() => {
    ({ a, b } = instances());
  });

  it('a session closed on one instance is refused on the other at once: its access token and its refresh token', async () => {
    const userId = await createUser(a.app.ctx.db, { userName: 'usc.person', password: PASSWORD });
    const signedIn = json(
      await b.app.inject({
        method: 'POST',
        url: '/api/Login',
        payload: { user: 'usc.person', password: encryptPayload(PASSWORD, b.app.ctx.payloadKey), appname: 'biometria', TypeDeviceId: 2 },
      }),
    ).result;
    const onB = () => b.app.inject({ method: 'GET', url: '/api/account/factors', headers: { authorization: `Bearer ${signedIn.token}` } });
    // instance b has the session in its cache
    expect((await onB()).statusCode).toBe(200);

    const admin = await tokenFor(a.app, 'admin', ADMIN_PASSWORD);
    const closed = await a.app.inject({
      method: 'POST',
      url: userSessionsApi.closeAll.path.replace(':id', userId),
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(json(closed).result.sessions).toEqual([]);
    // the close travels to b as PostgreSQL's notification: within moments, never on b's cache's timer (ten minutes here)
    const since = Date.now();
    let status = (await onB()).statusCode;
    while (status !== 401 && Date.now() - since < 2000) status = (await onB()).statusCode;
    expect(status).toBe(401);
    const renewed = await b.app.inject({
      method: 'POST',
      url: '/api/Login/RefreshToken',
      payload: { RefreshToken: signedIn.refreshToken, UserName: 'usc.person', Appname: 'biometria' },
    });
    expect(renewed.statusCode).toBe(401);
  });
});
