import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { FALLBACK_APP } from '@suite/shared/contracts';
import type { Server } from '../../app';
import { twoInstances } from '../../../test/harness';
import { Browser, relyingParty } from '../../../test/relying-party';
import { PROVIDER_SCOPES } from './clients';

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

const CLIENT = 'sibling-cluster';
const REDIRECT = 'http://127.0.0.1/callback';

onPostgres('the OpenID provider on two instances of one PostgreSQL', () => {
  const instances = twoInstances();
  let a: Server;
  let b: Server;
  // every call goes to the other instance than the one before
  let turn = 0;
  const either = (): FastifyInstance => (turn++ % 2 === 0 ? a : b).app;

  beforeAll(async () => {
    ({ a, b } = instances());
    const app = await a.app.ctx.db.selectFrom('applications').select('id').where('name', '=', FALLBACK_APP).executeTakeFirstOrThrow();
    await a.app.ctx.db
      .insertInto('oidc_clients')
      .values({ client_id: CLIENT, application_id: app.id, public: true, redirect_uris: [REDIRECT], scopes: [...PROVIDER_SCOPES] })
      .execute();
  });

  it('serves each step of a sign-in, the refresh and userinfo on whichever instance the call reaches', async () => {
    const { discover, signInThrough, authorization } = relyingParty(either);
    const config = await discover(CLIENT);
    const request = await authorization(config, REDIRECT);
    const callback = await signInThrough(new Browser(either), request.url);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
    });
    const sub = tokens.claims()?.sub as string;
    expect(await client.fetchUserInfo(config, tokens.access_token, sub)).toMatchObject({ preferred_username: 'admin' });
    // rotation, a retry within the grace window and a reuse, each call on whichever instance
    const first = tokens.refresh_token as string;
    const lost = await client.refreshTokenGrant(config, first);
    const retried = await client.refreshTokenGrant(config, first);
    await expect(client.refreshTokenGrant(config, lost.refresh_token as string)).rejects.toMatchObject({ error: 'invalid_grant' });
    const next = await client.refreshTokenGrant(config, retried.refresh_token as string);
    await expect(client.refreshTokenGrant(config, first)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(client.refreshTokenGrant(config, next.refresh_token as string)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('holds a change of a registration on every instance at once', async () => {
    const { discover, authorization } = relyingParty(() => b.app);
    const config = await discover(CLIENT);
    const browser = new Browser(() => b.app);
    // b has served this client; the registration changes through a
    expect((await browser.follow((await authorization(config, REDIRECT)).url.toString())).status).toBe(303);
    await a.app.ctx.db
      .updateTable('oidc_clients')
      .set({ redirect_uris: ['http://127.0.0.1/other'] })
      .where('client_id', '=', CLIENT)
      .execute();
    expect((await browser.follow((await authorization(config, REDIRECT)).url.toString())).status).toBe(400);
  });
});
