import { describeEachBackend } from '../../test/harness';
import { SIBLING_APP_CLIENT, seedSiblingApp } from './sibling-app';

describeEachBackend('the demo relying party’s registration', (server) => {
  const registration = () =>
    server().db.selectFrom('oidc_clients').selectAll().where('client_id', '=', SIBLING_APP_CLIENT).executeTakeFirstOrThrow();

  it('is a public client of the license application whose addresses follow the port it is started on', async () => {
    const { db } = server();
    await seedSiblingApp(db, 8082);
    const license = await db.selectFrom('applications').select('id').where('name', '=', 'license').executeTakeFirstOrThrow();
    expect(await registration()).toMatchObject({
      application_id: license.id,
      public: true,
      secret_hash: null,
      redirect_uris: ['http://127.0.0.1:8082/callback'],
      post_logout_redirect_uris: ['http://127.0.0.1:8082/'],
      backchannel_logout_uri: 'http://127.0.0.1:8082/backchannel-logout',
    });

    // a scope taken away in the console stays away; the addresses follow a new port
    await db
      .updateTable('oidc_clients')
      .set({ scopes: ['openid', 'profile'] })
      .where('client_id', '=', SIBLING_APP_CLIENT)
      .execute();
    await seedSiblingApp(db, 9192);
    expect(await registration()).toMatchObject({
      scopes: ['openid', 'profile'],
      redirect_uris: ['http://127.0.0.1:9192/callback'],
      backchannel_logout_uri: 'http://127.0.0.1:9192/backchannel-logout',
    });
  });
});
