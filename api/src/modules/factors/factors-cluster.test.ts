import { encryptPayload } from '@suite/shared/crypto';
import { sql } from 'kysely';
import {
  APP_PARAMETERS,
  INFORMATION_CODES,
  accountFactorsApi,
  applicationsAdminApi,
  passkeySignInApi,
  type ApplicationAdminRecord,
} from '@suite/shared/contracts';
import type { Server } from '../../app';
import { SoftwareAuthenticator } from '../../../test/authenticator';
import { ADMIN_PASSWORD, createUser, json, tokenFor, twoInstances } from '../../../test/harness';
import { totpClock, totpCode } from './totp';

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

const PASSWORD = 'Factors.Cluster2026';

onPostgres('second factors on two instances of one PostgreSQL', () => {
  const instances = twoInstances();
  let a: Server;
  let b: Server;

  beforeAll(() => {
    ({ a, b } = instances());
    totpClock.now = () => Date.UTC(2026, 10, 29, 15, 0, 0);
  });
  afterAll(() => {
    totpClock.now = () => Date.now();
  });

  const signIn = (server: Server, user: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/Login',
      payload: { user, password: encryptPayload(PASSWORD, server.app.ctx.payloadKey), appname: 'product', TypeDeviceId: 2 },
    });

  it('a policy set in the console on one instance holds on the other at once; a code taken on one is refused on the other', async () => {
    await createUser(a.app.ctx.db, { userName: 'fc.person', password: PASSWORD });
    expect(json(await signIn(b, 'fc.person')).result.token).toEqual(expect.any(String));

    // the console of instance a: 'Obligatorio' for the product
    const admin = await tokenFor(a.app, 'admin', ADMIN_PASSWORD);
    const list = json(
      await a.app.inject({ method: 'GET', url: applicationsAdminApi.list.path, headers: { authorization: `Bearer ${admin}` } }),
    );
    const product = (list.result.records as ApplicationAdminRecord[]).find((app) => app.name === 'product') as ApplicationAdminRecord;
    const saved = await a.app.inject({
      method: 'POST',
      url: applicationsAdminApi.modify.path,
      headers: { authorization: `Bearer ${admin}` },
      // (the seeded product has no password page of its own: the form asks for one)
      payload: { ...product, urlAssignPassword: `${product.urlApp}password`, secondFactor: 'required' },
    });
    expect(saved.statusCode).toBe(200);
    const audit = await a.app.ctx.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'application.modify')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect([(audit.before as ApplicationAdminRecord).secondFactor, (audit.after as ApplicationAdminRecord).secondFactor]).toEqual([
      'off',
      'required',
    ]);

    // instance b asks at once, and the person sets an authenticator up there
    const step = json(await signIn(b, 'fc.person')).result;
    expect(step).toMatchObject({ informationCode: INFORMATION_CODES.secondFactorRequired, secondFactor: { enrol: true } });
    const setup = json(
      await b.app.inject({ method: 'POST', url: '/api/Login/SecondFactor/Totp', payload: { challenge: step.secondFactor.challenge } }),
    ).result;
    const code = totpCode(setup.secret);
    const done = json(
      await a.app.inject({ method: 'POST', url: '/api/Login/SecondFactor', payload: { challenge: step.secondFactor.challenge, code } }),
    );
    expect(done.result.token).toEqual(expect.any(String));
    expect(
      json(
        await b.app.inject({ method: 'GET', url: accountFactorsApi.list.path, headers: { authorization: `Bearer ${done.result.token}` } }),
      ).result.factors,
    ).toHaveLength(1);

    // the code just taken on a is refused on b
    const next = json(await signIn(b, 'fc.person')).result.secondFactor.challenge;
    const again = await b.app.inject({ method: 'POST', url: '/api/Login/SecondFactor', payload: { challenge: next, code } });
    expect(again.statusCode).toBe(401);
  });

  it('a passkey challenge handed out by one instance is answered on the other, once', async () => {
    await createUser(a.app.ctx.db, { userName: 'fc.passkey', password: PASSWORD });
    await sql`
      insert into application_parameters (application_id, parameter_type, name, value, value_type)
      select id, 'login', ${APP_PARAMETERS.passkeySignIn}, 'true'::jsonb, 'boolean' from applications where name = 'biometria'
      on conflict (application_id, name) do update set value = excluded.value`.execute(a.app.ctx.db);
    const token = await tokenFor(a.app, 'fc.passkey', PASSWORD);
    const post = (server: Server, path: string, payload: unknown, bearer?: string) =>
      server.app.inject({
        method: 'POST',
        url: path,
        payload: payload as Record<string, unknown>,
        ...(bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {}),
      });
    const authenticator = new SoftwareAuthenticator();
    const creation = json(
      await post(a, accountFactorsApi.startPasskey.path, { password: encryptPayload(PASSWORD, a.app.ctx.payloadKey) }, token),
    ).result;
    const added = await post(
      b,
      accountFactorsApi.confirmPasskey.path,
      { passkey: authenticator.create(creation.options), name: 'Llave' },
      token,
    );
    expect(added.statusCode).toBe(200);

    const prompt = json(await post(b, passkeySignInApi.options.path, { appname: 'biometria' })).result.options;
    const answer = authenticator.get(prompt);
    expect(json(await post(a, passkeySignInApi.signIn.path, { appname: 'biometria', passkey: answer })).result.token).toEqual(
      expect.any(String),
    );
    expect((await post(b, passkeySignInApi.signIn.path, { appname: 'biometria', passkey: answer })).statusCode).toBe(401);
  });
});
