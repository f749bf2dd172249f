import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { sql } from 'kysely';
import * as client from 'openid-client';
import { FALLBACK_APP, JWKS_PATH, PROVIDER_INTERACTION_PARAM, providerApi, sessionsApi } from '@suite/shared/contracts';
import { PATHS } from '@suite/shared/federation';
import { ADMIN_PASSWORD, describeEachBackend, json, login, tokenFor, waitFor } from '../../../test/harness';
import { Browser, relyingParty } from '../../../test/relying-party';
import { PROVIDER_SCOPES, newClientSecret } from './clients';

const PUBLIC_CLIENT = 'sibling-test';
const CONFIDENTIAL_CLIENT = 'sibling-web';
const NATIVE_REDIRECT = 'http://127.0.0.1/callback';
const WEB_REDIRECT = 'https://app.suite.example/callback';
const SIGNED_OUT = 'http://127.0.0.1/signed-out';

describeEachBackend('the suite as an OpenID provider', (server) => {
  const app = () => server().app;
  const { discover, signInThrough, authorization } = relyingParty(app);
  let webSecret: string;

  beforeAll(async () => {
    const { db } = server();
    const app = await db.selectFrom('applications').select('id').where('name', '=', FALLBACK_APP).executeTakeFirstOrThrow();
    const secret = newClientSecret();
    webSecret = secret.value;
    await db
      .insertInto('oidc_clients')
      .values([
        {
          client_id: PUBLIC_CLIENT,
          application_id: app.id,
          public: true,
          redirect_uris: [NATIVE_REDIRECT],
          post_logout_redirect_uris: [SIGNED_OUT],
          scopes: [...PROVIDER_SCOPES],
        },
        {
          client_id: CONFIDENTIAL_CLIENT,
          application_id: app.id,
          public: false,
          secret_hash: secret.hash,
          redirect_uris: [WEB_REDIRECT],
          scopes: [...PROVIDER_SCOPES],
        },
      ])
      .execute();
  });

  it('publishes its discovery document with the suite’s JWKS and the standard endpoints', async () => {
    const config = await discover(PUBLIC_CLIENT);
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe('http://localhost:8080');
    expect(metadata.jwks_uri).toBe(`http://localhost:8080${JWKS_PATH}`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.id_token_signing_alg_values_supported).toEqual(['ES256']);
    for (const endpoint of [
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'revocation_endpoint',
      'end_session_endpoint',
    ] as const)
      expect(metadata[endpoint]).toMatch(/^http:\/\/localhost:8080\/oidc\//);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'privileges']));
  });

  it('signs a person in with code and PKCE through the portal: ID token, userinfo with privileges, refresh with rotation', async () => {
    const config = await discover(PUBLIC_CLIENT);
    const { url, verifier, state } = await authorization(config, 'http://127.0.0.1:49152/callback');
    const browser = new Browser(app);
    const callback = await signInThrough(browser, url);
    expect(`${callback.origin}${callback.pathname}`).toBe('http://127.0.0.1:49152/callback');

    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state });
    const claims = tokens.claims();
    const admin = await server().db.selectFrom('users').select(['id', 'email']).where('user_name', '=', 'admin').executeTakeFirstOrThrow();
    expect(claims?.sub).toBe(admin.id);
    expect(claims?.iss).toBe('http://localhost:8080');
    expect(claims?.aud).toBe(PUBLIC_CLIENT);

    const info = await client.fetchUserInfo(config, tokens.access_token, admin.id);
    expect(info).toMatchObject({ sub: admin.id, preferred_username: 'admin', email: admin.email, email_verified: expect.any(Boolean) });
    expect(info.privileges).toEqual(expect.arrayContaining(['USERS_READ']));

    // rotation: each refresh token is exchanged for a new one
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const first = tokens.refresh_token as string;
    const lost = await client.refreshTokenGrant(config, first);
    expect(lost.refresh_token).not.toBe(first);
    // the answer was lost: the spent token again, within the grace window and while its successor
    // is unused, is a retry; that successor is revoked and another issued
    const retried = await client.refreshTokenGrant(config, first);
    expect(retried.refresh_token).not.toBe(lost.refresh_token);
    await expect(client.refreshTokenGrant(config, lost.refresh_token as string)).rejects.toMatchObject({ error: 'invalid_grant' });
    const next = await client.refreshTokenGrant(config, retried.refresh_token as string);
    // its successor used, the spent token presented again is a reuse: the whole grant ends
    await expect(client.refreshTokenGrant(config, first)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(client.refreshTokenGrant(config, next.refresh_token as string)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('treats a spent refresh token presented after the grace window as a reuse, whatever its successor', async () => {
    const config = await discover(PUBLIC_CLIENT);
    const request = await authorization(config, NATIVE_REDIRECT);
    const tokens = await client.authorizationCodeGrant(config, await signInThrough(new Browser(app), request.url), {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
    });
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token as string);
    await sql`update oidc_payloads set consumed_at = now() - interval '5 minutes' where model = 'RefreshToken' and consumed_at is not null`.execute(
      server().db,
    );
    await expect(client.refreshTokenGrant(config, tokens.refresh_token as string)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(client.refreshTokenGrant(config, refreshed.refresh_token as string)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('does not ask a person signed in to the suite again: a second client gets them at once (single sign-on)', async () => {
    const browser = new Browser(app);
    const native = await discover(PUBLIC_CLIENT);
    const first = await authorization(native, NATIVE_REDIRECT);
    await signInThrough(browser, first.url);

    const web = await discover(CONFIDENTIAL_CLIENT, webSecret);
    const second = await authorization(web, WEB_REDIRECT);
    const direct = await browser.follow(second.url.toString());
    expect(direct.location?.startsWith(`${WEB_REDIRECT}?code=`)).toBe(true);
    const tokens = await client.authorizationCodeGrant(web, new URL(direct.location ?? ''), {
      pkceCodeVerifier: second.verifier,
      expectedState: second.state,
    });
    expect(tokens.claims()?.aud).toBe(CONFIDENTIAL_CLIENT);
  });

  it('asks again once the suite session it stands on has ended', async () => {
    const browser = new Browser(app);
    const config = await discover(PUBLIC_CLIENT);
    await signInThrough(browser, (await authorization(config, NATIVE_REDIRECT)).url);
    await sql`update sessions set revoked_at = now() where id in (select session_id from oidc_session_links)`.execute(server().db);
    const again = await browser.follow((await authorization(config, NATIVE_REDIRECT)).url.toString());
    expect(new URL(again.location ?? '').pathname).toBe(PATHS.login);
  });

  it('refuses an unregistered redirect URI, a request without PKCE, a wrong verifier, a code used twice and a wrong secret', async () => {
    const config = await discover(PUBLIC_CLIENT);
    const browser = new Browser(app);

    // an unregistered redirect URI: an error page, never a redirect there
    const stranger = await authorization(config, 'https://evil.example/callback');
    const refused = await browser.follow(stranger.url.toString());
    expect(refused.status).toBe(400);
    expect(refused.location).toBeUndefined();

    // without PKCE: refused back to the client
    const bare = new URL(config.serverMetadata().authorization_endpoint ?? '');
    bare.search = new URLSearchParams({
      client_id: PUBLIC_CLIENT,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: NATIVE_REDIRECT,
    }).toString();
    const noPkce = await browser.follow(bare.toString());
    expect(new URL(noPkce.location ?? '').searchParams.get('error')).toBe('invalid_request');

    // a wrong verifier, then the right one for a code already tried
    const good = await authorization(config, NATIVE_REDIRECT);
    const callback = await signInThrough(browser, good.url);
    await expect(
      client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: client.randomPKCECodeVerifier(), expectedState: good.state }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });

    const again = await authorization(config, NATIVE_REDIRECT);
    const second = await signInThrough(browser, again.url);
    const tokens = await client.authorizationCodeGrant(config, second, { pkceCodeVerifier: again.verifier, expectedState: again.state });
    await expect(
      client.authorizationCodeGrant(config, second, { pkceCodeVerifier: again.verifier, expectedState: again.state }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    // the tokens issued from the code presented twice are revoked
    await expect(client.fetchUserInfo(config, tokens.access_token, client.skipSubjectCheck)).rejects.toBeDefined();

    // a confidential client with a wrong secret
    const wrong = await discover(CONFIDENTIAL_CLIENT, 'not-the-secret');
    await expect(client.refreshTokenGrant(wrong, 'anything')).rejects.toMatchObject({
      status: 401,
      cause: [expect.objectContaining({ parameters: expect.objectContaining({ error: 'invalid_client' }) })],
    });
  });

  it('hands over only a session of the client’s application, and each hand-over code once', async () => {
    const config = await discover(PUBLIC_CLIENT);
    const browser = new Browser(app);
    const first = await browser.follow((await authorization(config, NATIVE_REDIRECT)).url.toString());
    const uid = new URL(first.location ?? '').searchParams.get(PROVIDER_INTERACTION_PARAM) ?? '';
    const handoff = (token: string) =>
      app().inject({
        method: 'POST',
        url: providerApi.handoff.path,
        headers: { authorization: `Bearer ${token}` },
        payload: { interaction: uid },
      });

    // signed in to another application: refused, nothing stored
    const other = await handoff(await tokenFor(app(), 'admin', ADMIN_PASSWORD, 'firmaya'));
    expect(other.statusCode).toBe(403);
    // an unknown interaction
    const unknown = await app().inject({
      method: 'POST',
      url: providerApi.handoff.path,
      headers: { authorization: `Bearer ${await tokenFor(app(), 'admin', ADMIN_PASSWORD)}` },
      payload: { interaction: 'NoSuchInteraction1' },
    });
    expect(unknown.statusCode).toBe(400);

    const granted = await handoff(await tokenFor(app(), 'admin', ADMIN_PASSWORD));
    const back = json(granted).result.url as string;
    // another browser (without the interaction's cookie) cannot use the code
    expect((await new Browser(app).get(back)).status).toBe(400);
    expect((await browser.get(back)).status).toBe(303);
    // nor can the same browser twice
    expect((await browser.get(back)).status).toBe(400);
  });

  it('signing out of the suite ends the provider session, revokes the client’s tokens and tells it by back-channel logout', async () => {
    // the relying party's back-channel endpoint
    const received: string[] = [];
    const rp = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push(new URLSearchParams(body).get('logout_token') ?? '');
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => rp.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = rp.address() as AddressInfo;
      await server()
        .db.updateTable('oidc_clients')
        .set({ backchannel_logout_uri: `http://127.0.0.1:${port}/backchannel` })
        .where('client_id', '=', CONFIDENTIAL_CLIENT)
        .execute();
      const web = await discover(CONFIDENTIAL_CLIENT, webSecret);
      const request = await authorization(web, WEB_REDIRECT);
      const signedIn = json(await login(app(), 'admin', ADMIN_PASSWORD)).result as { token: string; refreshToken: string };
      const browser = new Browser(app);
      const callback = await signInThrough(browser, request.url, signedIn.token);
      const tokens = await client.authorizationCodeGrant(web, callback, {
        pkceCodeVerifier: request.verifier,
        expectedState: request.state,
      });

      const out = await app().inject({
        method: 'PUT',
        url: sessionsApi.revokeToken.path,
        payload: { UserName: 'admin', Quantity: 1, AppName: FALLBACK_APP, RefreshToken: signedIn.refreshToken },
      });
      expect(out.statusCode).toBe(200);

      await waitFor(() => received.length === 1, 5000);
      const logoutToken = await jwtVerify(received[0], createLocalJWKSet(json(await app().inject({ method: 'GET', url: JWKS_PATH }))), {
        issuer: 'http://localhost:8080',
        audience: CONFIDENTIAL_CLIENT,
      });
      expect(logoutToken.payload).toMatchObject({
        sub: tokens.claims()?.sub,
        sid: tokens.claims()?.sid,
        events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      });
      // the client's tokens are gone, and the next request asks the person to sign in
      await expect(client.refreshTokenGrant(web, tokens.refresh_token as string)).rejects.toMatchObject({ error: 'invalid_grant' });
      const again = await browser.follow((await authorization(web, WEB_REDIRECT)).url.toString());
      expect(new URL(again.location ?? '').pathname).toBe(PATHS.login);
    } finally {
      rp.close();
    }
  });

  it('refuses an expired code, and every client of an application switched off', async () => {
    const config = await discover(PUBLIC_CLIENT);
    const request = await authorization(config, NATIVE_REDIRECT);
    const callback = await signInThrough(new Browser(app), request.url);
    // the code's 60 seconds have passed
    await sql`update oidc_payloads set expires_at = now() - interval '1 second' where model = 'AuthorizationCode'`.execute(server().db);
    await expect(
      client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: request.verifier, expectedState: request.state }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });

    const live = await authorization(config, NATIVE_REDIRECT);
    const tokens = await client.authorizationCodeGrant(config, await signInThrough(new Browser(app), live.url), {
      pkceCodeVerifier: live.verifier,
      expectedState: live.state,
    });
    await sql`update applications set idstate = 1 where name = ${FALLBACK_APP}`.execute(server().db);
    try {
      expect((await new Browser(app).follow((await authorization(config, NATIVE_REDIRECT)).url.toString())).status).toBe(400);
      await expect(client.refreshTokenGrant(config, tokens.refresh_token as string)).rejects.toMatchObject({ error: 'invalid_client' });
    } finally {
      await sql`update applications set idstate = 0 where name = ${FALLBACK_APP}`.execute(server().db);
    }
  });

  it('signs out at an application’s request: asked in the request’s language, the suite session ends and the browser returns', async () => {
    const config = await discover(PUBLIC_CLIENT);
    const request = await authorization(config, NATIVE_REDIRECT);
    const signedIn = json(await login(app(), 'admin', ADMIN_PASSWORD)).result as { token: string; refreshToken: string };
    const browser = new Browser(app);
    const tokens = await client.authorizationCodeGrant(config, await signInThrough(browser, request.url, signedIn.token), {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
    });

    const end = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token as string,
      post_logout_redirect_uri: SIGNED_OUT,
      state: 'st4te',
      ui_locales: 'en',
    });
    // an address not registered for it is refused, never followed
    const stranger = new URL(end);
    stranger.searchParams.set('post_logout_redirect_uri', 'https://evil.example/');
    const refused = await browser.get(stranger.toString());
    expect(refused.status).toBe(400);
    expect(refused.location).toBeUndefined();

    const ask = async () => {
      const question = await browser.get(end.toString());
      expect(question.status).toBe(200);
      expect(question.body).toContain('<html lang="en">');
      expect(question.body).toContain('Sign out?');
      return {
        xsrf: /name="xsrf" value="([^"]+)"/.exec(question.body)?.[1] ?? '',
        action: /id="op.logoutForm" method="post" action="([^"]+)"/.exec(question.body)?.[1] ?? '',
      };
    };
    // a form without the page's xsrf value changes nothing
    const forged = await ask();
    expect((await browser.post(forged.action, { xsrf: 'forged', logout: 'yes' })).status).toBe(400);
    const current = (await client.refreshTokenGrant(config, tokens.refresh_token as string)).refresh_token as string;
    const { xsrf, action } = await ask();
    const out = await browser.post(action, { xsrf, logout: 'yes' });
    expect(out.status).toBe(303);
    expect(out.location).toBe(`${SIGNED_OUT}?state=st4te`);

    // the suite session ended with it: its refresh token is refused, the client's grant is gone,
    // and the next request asks the person to sign in
    const refresh = await app().inject({
      method: 'POST',
      url: sessionsApi.refreshToken.path,
      payload: { UserName: 'admin', Appname: FALLBACK_APP, RefreshToken: signedIn.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    await expect(client.refreshTokenGrant(config, current)).rejects.toMatchObject({ error: 'invalid_grant' });
    const again = await browser.follow((await authorization(config, NATIVE_REDIRECT)).url.toString());
    expect(new URL(again.location ?? '').pathname).toBe(PATHS.login);

    // without a return address: the provider's own page says it is done (Spanish unless the browser asks otherwise)
    const bare = await browser.get(client.buildEndSessionUrl(config).toString());
    const done = await browser.post(/action="([^"]+)"/.exec(bare.body)?.[1] ?? '', {
      xsrf: /name="xsrf" value="([^"]+)"/.exec(bare.body)?.[1] ?? '',
      logout: 'yes',
    });
    const page = await browser.get(done.location ?? '');
    expect(page.body).toContain('Sesión cerrada');
  });

  it('revokes a refresh token on request', async () => {
    const config = await discover(PUBLIC_CLIENT);
    const request = await authorization(config, NATIVE_REDIRECT);
    const callback = await signInThrough(new Browser(app), request.url);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
    });
    await client.tokenRevocation(config, tokens.refresh_token as string);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token as string)).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});
