import { sql, type Kysely } from 'kysely';
import { APP_PARAMETERS, INFORMATION_CODES, MESSAGES, OIDC_MESSAGES, USER_STATE, passwordsApi } from '@suite/shared/contracts';
import { auditedChanges, createUser, describeEachBackend, json, startOidcProviderProcess } from '../../../test/harness';
import type { DB } from '../../db/schema';
import { CALLBACK_PATH, DEMO_IDENTITIES, MULTI_FACTOR_LOGIN_SUFFIX } from '../../dev/oidc-provider';
import { OIDC_BINDING_COOKIE } from './service';

const CONNECT_OIDC_PATH = passwordsApi.oidcConnect.path;
const GENERATE_TOKEN_OIDC_PATH = passwordsApi.oidcExchange.path;
const APP = 'firmaya';
const identity = (login: string) => {
  const found = DEMO_IDENTITIES.find((i) => i.login === login);
  if (!found) throw new Error(`no demo identity ${login}`);
  return found;
};

/** Everything an external sign-in may change: a refusal must leave all of it as it was. */
async function snapshot(db: Kysely<DB>): Promise<string> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified_at', 'last_login_at', 'modified_on', 'idstate'])
    .orderBy('id')
    .execute();
  const sessions = await db.selectFrom('sessions').select(['id', 'revoked_at']).orderBy('id').execute();
  const refresh = await db.selectFrom('refresh_tokens').select(['id', 'used_at', 'revoked_at']).orderBy('id').execute();
  const links = await db
    .selectFrom('external_identities')
    .select(['issuer', 'subject', 'user_id', 'last_sign_in_at'])
    .orderBy('subject')
    .execute();
  const lockouts = await db.selectFrom('sign_in_lockouts').select(['subject', 'failed_attempts']).orderBy('subject').execute();
  const codes = await db.selectFrom('auth_codes').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const audit = await auditedChanges(db);
  return JSON.stringify({ users, sessions, refresh, links, lockouts, codes, audit });
}

/** The local provider's sign-in, as a browser would go through it: returns where it sends the browser back. */
async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next = authorizationUrl;
  let form: string | undefined;
  for (let step = 0; step < 12; step++) {
    const response = await fetch(next, {
      method: form ? 'POST' : 'GET',
      body: form,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      if (pair.slice(at + 1)) jar.set(pair.slice(0, at), pair.slice(at + 1));
      else jar.delete(pair.slice(0, at));
    }
    form = undefined;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const target = new URL(location, next);
      if (target.pathname === CALLBACK_PATH) return target;
      next = target.href;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`unexpected provider page (${response.status}): ${page.slice(0, 300)}`);
    next = new URL(action, next).href;
    form = new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString();
  }
  throw new Error('the provider never sent the browser back');
}

let provider: Awaited<ReturnType<typeof startOidcProviderProcess>>;
beforeAll(async () => {
  provider = await startOidcProviderProcess();
}, 60_000);
afterAll(async () => {
  await provider?.stop();
});

describeEachBackend(
  'external sign-in (OIDC)',
  (server) => {
    const inject: ReturnType<typeof server>['app']['inject'] = ((options: never) => server().app.inject(options)) as never;

    /** connect-ciam-oidc for the application: the authorization URL and the browser's binding cookie. */
    async function connect(appName = APP, headers: Record<string, string> = {}) {
      const response = await inject({ method: 'GET', url: CONNECT_OIDC_PATH, headers: { appName, ...headers } });
      expect(response.statusCode).toBe(200);
      const binding = response.cookies.find((c) => c.name === OIDC_BINDING_COOKIE);
      expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/login' });
      return { url: json(response).result.url as string, binding: binding?.value as string };
    }

    /** A whole sign-in up to the callback: what the callback page would post, and the cookie it holds. */
    async function callbackFor(login: string) {
      const { url, binding } = await connect();
      const back = await signInAtProvider(url, login);
      return {
        binding,
        body: {
          code: back.searchParams.get('code'),
          state: back.searchParams.get('state'),
          iss: back.searchParams.get('iss') ?? undefined,
          appName: APP,
          tenant: 'bmscol',
          tenantLanguage: 'ES',
        },
        back,
      };
    }

    const exchange = (body: Record<string, unknown>, binding?: string) =>
      inject({ method: 'POST', url: GENERATE_TOKEN_OIDC_PATH, payload: body, cookies: binding ? { [OIDC_BINDING_COOKIE]: binding } : {} });

    async function expectRefused(response: Awaited<ReturnType<typeof exchange>>, before: string, status: number, information: string) {
      expect({ status: response.statusCode, information: json(response).result.information }).toEqual({ status, information });
      expect(await snapshot(server().db)).toBe(before);
    }

    let n = 0;
    const localUser = async (email: string, verified: boolean, idstate: number = USER_STATE.active) => {
      const id = await createUser(server().db, { userName: `oidc.user${++n}`, email, idstate });
      if (verified) await server().db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', id).execute();
      return id;
    };

    it('starts an authorization-code flow with PKCE, state and nonce at the configured issuer, returning to the application address', async () => {
      const { url } = await connect(APP, { tenantLanguage: 'PT' });
      const target = new URL(url);
      expect(target.origin).toBe(provider.issuer);
      expect(Object.fromEntries(target.searchParams)).toMatchObject({
        client_id: provider.clientId,
        response_type: 'code',
        scope: 'openid email profile',
        code_challenge_method: 'S256',
        redirect_uri: `http://firmaya.localhost:8080${CALLBACK_PATH}`,
        ui_locales: 'pt',
      });
      for (const name of ['state', 'nonce', 'code_challenge']) expect(target.searchParams.get(name)).toMatch(/^[\w-]{20,}$/);
      // the secrets stay on the server: only hashes of the state and binding, nothing in the URL names the verifier
      const row = await server().db.selectFrom('oidc_requests').selectAll().orderBy('created_at', 'desc').executeTakeFirstOrThrow();
      expect(row.state_hash).not.toBe(target.searchParams.get('state'));
      expect(url).not.toContain(row.code_verifier);
      expect(row.nonce).toBe(target.searchParams.get('nonce'));
    });

    it('refuses to start on an application whose profile offers no external sign-in, and on bad headers', async () => {
      const before = await snapshot(server().db);
      const count = async () =>
        (await server().db.selectFrom('oidc_requests').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
      const requests = await count();
      const plain = await inject({ method: 'GET', url: CONNECT_OIDC_PATH, headers: { appName: 'biometria' } });
      expect({ status: plain.statusCode, information: json(plain).result.information }).toEqual({
        status: 400,
        information: OIDC_MESSAGES.notOffered,
      });
      const unknown = await inject({ method: 'GET', url: CONNECT_OIDC_PATH, headers: { appName: 'nosuchapp' } });
      expect(unknown.statusCode).toBe(400);
      const bad = await inject({ method: 'GET', url: CONNECT_OIDC_PATH, headers: { appName: 'firmaya', tenantLanguage: 'klingon' } });
      expect(bad.statusCode).toBe(400);
      expect(await count()).toBe(requests);
      expect(await snapshot(server().db)).toBe(before);
    });

    it('signs a linked identity in with our own tokens and session, audited, through the one sign-in path', async () => {
      const jwalker = identity('jwalker');
      const userId = await localUser('someone.else@test.localhost', false);
      await server()
        .db.insertInto('external_identities')
        .values({ issuer: provider.issuer, subject: jwalker.subject, user_id: userId, linked_by: 'seed' })
        .execute();
      const { body, binding } = await callbackFor('jwalker');
      const response = await exchange(body, binding);
      expect(response.statusCode).toBe(200);
      const result = json(response).result;
      expect(result).toMatchObject({
        information: MESSAGES.loginSuccess,
        informationCode: 'A10',
        token: expect.any(String),
        refreshToken: expect.any(String),
      });
      // firmaya lives in another origin: its address carries the single-use code of every sign-in
      expect(result.urlApp).toMatch(/^https:\/\/firmaya\.suite\.example\/\?code=/);
      const claims = JSON.parse(Buffer.from(result.token.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ identifier: userId, aud: APP });
      const { db } = server();
      expect(
        await db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute(),
      ).toHaveLength(1);
      const audit = await db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity_id', '=', userId).execute();
      expect(audit).toEqual([{ action: 'user.sign_in_external', actor_id: userId }]);
      const link = await db
        .selectFrom('external_identities')
        .select('last_sign_in_at')
        .where('subject', '=', jwalker.subject)
        .executeTakeFirstOrThrow();
      expect(link.last_sign_in_at).not.toBeNull();
      expect(response.cookies.find((c) => c.name === OIDC_BINDING_COOKIE)?.value).toBe('');

      // the same code and state again (a replay): the request is spent, nothing changes
      const before = await snapshot(db);
      await expectRefused(await exchange(body, binding), before, 401, OIDC_MESSAGES.requestInvalid);
    });

    it('refuses a wrong state, a missing binding cookie and another browser, changing nothing', async () => {
      const { body, binding } = await callbackFor('jwalker');
      const before = await snapshot(server().db);
      await expectRefused(await exchange({ ...body, state: `${body.state}x` }, binding), before, 401, OIDC_MESSAGES.requestInvalid);
      await expectRefused(await exchange(body), before, 401, OIDC_MESSAGES.requestInvalid);
      const other = await connect();
      await expectRefused(await exchange(body, other.binding), before, 401, OIDC_MESSAGES.requestInvalid);
    });

    it("finishes a sign-in sent with the product's four fields only (no state): the request is the one of the browser's cookie", async () => {
      const jwalker = identity('jwalker');
      const userId = await localUser('jwalker.nostate@test.localhost', false);
      // linked already when the tests before ran: any linked account will do
      await server()
        .db.insertInto('external_identities')
        .values({ issuer: provider.issuer, subject: jwalker.subject, user_id: userId, linked_by: 'seed' })
        .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
        .execute();
      const { body, binding } = await callbackFor('jwalker');
      const { code, appName, tenant, tenantLanguage } = body;
      const response = await exchange({ code, appName, tenant, tenantLanguage }, binding);
      expect({ status: response.statusCode, code: json(response).result.informationCode }).toEqual({ status: 200, code: 'A10' });
      // spent: the same call again changes nothing
      const before = await snapshot(server().db);
      await expectRefused(await exchange({ code, appName, tenant, tenantLanguage }, binding), before, 401, OIDC_MESSAGES.requestInvalid);
    });

    it("refuses, without state, a code issued for another browser's request (the PKCE verifier of this one does not fit), changing nothing", async () => {
      const attacker = await callbackFor('jwalker');
      const victim = await connect();
      const before = await snapshot(server().db);
      const { code, appName, tenant, tenantLanguage } = attacker.body;
      await expectRefused(
        await exchange({ code, appName, tenant, tenantLanguage }, victim.binding),
        before,
        401,
        OIDC_MESSAGES.exchangeRefused,
      );
    });

    it('refuses a code presented again through a new request (the provider refuses the replay), changing nothing', async () => {
      const first = await callbackFor('jwalker');
      expect((await exchange(first.body, first.binding)).statusCode).toBe(200);
      // a new request of this browser, with the spent code: state and binding match, the provider says no
      const second = await connect();
      const state = new URL(second.url).searchParams.get('state');
      const before = await snapshot(server().db);
      await expectRefused(await exchange({ ...first.body, state }, second.binding), before, 401, OIDC_MESSAGES.exchangeRefused);
    });

    it('refuses an unverified e-mail at the provider even when a local account has it verified, changing nothing', async () => {
      const aquintero = identity('aquintero');
      await localUser(aquintero.email, true);
      const { body, binding } = await callbackFor('aquintero');
      const before = await snapshot(server().db);
      await expectRefused(await exchange(body, binding), before, 403, OIDC_MESSAGES.notLinked);
    });

    it('refuses an unknown subject whose e-mail names no account, changing nothing', async () => {
      const { body, binding } = await callbackFor('visitor');
      const before = await snapshot(server().db);
      await expectRefused(await exchange(body, binding), before, 403, OIDC_MESSAGES.notLinked);
    });

    it('links by e-mail only when both sides have verified it, once, audited', async () => {
      const pbermudez = identity('pbermudez');
      const userId = await localUser(pbermudez.email, false);
      const refused = await callbackFor('pbermudez');
      const before = await snapshot(server().db);
      // the local address was never proven: no takeover by whoever holds it at the provider
      await expectRefused(await exchange(refused.body, refused.binding), before, 403, OIDC_MESSAGES.notLinked);

      await server().db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', userId).execute();
      const { body, binding } = await callbackFor('pbermudez');
      const response = await exchange(body, binding);
      expect(response.statusCode).toBe(200);
      const { db } = server();
      const links = await db
        .selectFrom('external_identities')
        .select(['user_id', 'linked_by', 'email'])
        .where('subject', '=', pbermudez.subject)
        .execute();
      expect(links).toEqual([{ user_id: userId, linked_by: 'email', email: pbermudez.email }]);
      const audit = await db.selectFrom('audit_log').select('action').where('entity_id', '=', userId).orderBy('id').execute();
      expect(audit.map((a) => a.action)).toEqual(['external_identity.link', 'user.sign_in_external']);
    });

    it('refuses a linked account that is not active with the sign-in codes, changing nothing', async () => {
      const pbermudez = identity('pbermudez');
      const { db } = server();
      const link = await db
        .selectFrom('external_identities')
        .select('user_id')
        .where('subject', '=', pbermudez.subject)
        .executeTakeFirstOrThrow();
      await db.updateTable('users').set({ idstate: USER_STATE.pendingActivation }).where('id', '=', link.user_id).execute();
      const { body, binding } = await callbackFor('pbermudez');
      const before = await snapshot(db);
      await expectRefused(await exchange(body, binding), before, 403, MESSAGES.userNotActivated);
      await db.updateTable('users').set({ idstate: USER_STATE.active }).where('id', '=', link.user_id).execute();
    });

    it('answers malformed input with 400 and changes nothing', async () => {
      const before = await snapshot(server().db);
      for (const body of [
        {},
        { code: '', state: 's', appName: APP },
        { code: 'c', state: 'bad state', appName: APP },
        { code: 'c', state: 's', appName: APP, tenantLanguage: 'xx' },
      ]) {
        const response = await exchange(body, 'whatever');
        expect(response.statusCode).toBe(400);
      }
      expect(await snapshot(server().db)).toBe(before);
    });

    it('proves an e-mail with a used mailed link, and unproves it when the address changes', async () => {
      const { db } = server();
      const userId = await localUser(`proof${n}@test.localhost`, false);
      const app = await db.selectFrom('applications').select('id').where('name', '=', APP).executeTakeFirstOrThrow();
      const token = await db
        .insertInto('password_tokens')
        .values({
          user_id: userId,
          application_id: app.id,
          purpose: 'reset',
          token_hash: `h${n}`,
          expires_at: new Date(Date.now() + 60_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('password_tokens').set({ used_at: new Date() }).where('id', '=', token.id).execute();
      const proven = await db.selectFrom('users').select('email_verified_at').where('id', '=', userId).executeTakeFirstOrThrow();
      expect(proven.email_verified_at).not.toBeNull();
      await db
        .updateTable('users')
        .set({ email: `changed${n}@test.localhost` })
        .where('id', '=', userId)
        .execute();
      const changed = await db.selectFrom('users').select('email_verified_at').where('id', '=', userId).executeTakeFirstOrThrow();
      expect(changed.email_verified_at).toBeNull();
    });

    it("counts the provider's sign-in as the application's second step only where its ID token says a second factor was used", async () => {
      const { db } = server();
      const visitor = identity('visitor');
      const userId = await localUser(`mfa${n}@test.localhost`, false);
      const app = await db.selectFrom('applications').select('id').where('name', '=', APP).executeTakeFirstOrThrow();
      await db
        .insertInto('external_identities')
        .values({ issuer: provider.issuer, subject: visitor.subject, user_id: userId, linked_by: 'seed' })
        .execute();
      await db
        .insertInto('user_factors')
        .values({ user_id: userId, kind: 'totp', name: 'Teléfono', secret: 'JBSWY3DPEHPK3PXP', confirmed_at: new Date() })
        .execute();
      await sql`
        insert into application_parameters (application_id, parameter_type, name, value, value_type)
        values (${app.id}, 'login', ${APP_PARAMETERS.secondFactor}, '"optional"'::jsonb, 'string')
        on conflict (application_id, name) do update set value = excluded.value`.execute(db);
      try {
        // a password at the provider, nothing more: the person's authenticator is asked for here
        const plain = await callbackFor('visitor');
        const asked = json(await exchange(plain.body, plain.binding)).result;
        expect(asked).toMatchObject({ informationCode: INFORMATION_CODES.secondFactorRequired, secondFactor: { methods: ['totp'] } });
        expect(asked.token).toBeUndefined();

        // the provider asked for a second factor itself (amr pwd + otp, PAPE's multi-factor acr): signed in at once
        const vouched = await callbackFor(`visitor${MULTI_FACTOR_LOGIN_SUFFIX}`);
        const result = json(await exchange(vouched.body, vouched.binding)).result;
        expect(result).toMatchObject({ informationCode: 'A10', token: expect.any(String) });
        const audit = await db
          .selectFrom('audit_log')
          .select('after')
          .where('action', '=', 'user.sign_in_external')
          .where('entity_id', '=', userId)
          .executeTakeFirstOrThrow();
        expect(audit.after).toMatchObject({ way: 'external', secondFactor: 'provider' });
      } finally {
        await db.deleteFrom('external_identities').where('subject', '=', visitor.subject).execute();
        await sql`delete from application_parameters where application_id = ${app.id} and name = ${APP_PARAMETERS.secondFactor}`.execute(
          db,
        );
      }
    });
  },
  () => ({ oidc: { providers: { '*': { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret } } } }),
);
