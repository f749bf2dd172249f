import { sql, type Kysely } from 'kysely';
import { encryptPayload } from '@suite/shared/crypto';
import {
  APP_PARAMETERS,
  FACTOR_MESSAGES,
  INFORMATION_CODES,
  USER_STATE,
  accountFactorsApi,
  passkeySignInApi,
  secondFactorApi,
} from '@suite/shared/contracts';
import { SoftwareAuthenticator } from '../../../test/authenticator';
import { auditedChanges, createUser, describeEachBackend, json, login } from '../../../test/harness';
import type { DB } from '../../db/schema';

const APP = 'biometria';
const OTHER_APP = 'product';
const PASSWORD = 'Passkeys.Person2026';

async function setParameter(db: Kysely<DB>, app: string, name: string, value: unknown, type: 'string' | 'boolean'): Promise<void> {
  const row = await db.selectFrom('applications').select('id').where('name', '=', app).executeTakeFirstOrThrow();
  await sql`
    insert into application_parameters (application_id, parameter_type, name, value, value_type)
    values (${row.id}, 'login', ${name}, ${JSON.stringify(value)}::jsonb, ${type})
    on conflict (application_id, name) do update set value = excluded.value`.execute(db);
}

describeEachBackend('passkeys', (server) => {
  const app = () => server().app;
  const db = () => server().db;

  beforeEach(async () => {
    await setParameter(db(), APP, APP_PARAMETERS.secondFactor, 'optional', 'string');
    await setParameter(db(), APP, APP_PARAMETERS.passkeySignIn, true, 'boolean');
    await setParameter(db(), OTHER_APP, APP_PARAMETERS.passkeySignIn, false, 'boolean');
  });

  const post = (path: string, payload: unknown, token?: string) =>
    app().inject({
      method: 'POST',
      url: path,
      payload: payload as Record<string, unknown>,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });
  const secret = (password = PASSWORD) => ({ password: encryptPayload(password, app().ctx.payloadKey) });
  const signIn = async (user: string) => json(await login(app(), user, PASSWORD, APP));
  const factorsOf = async (userId: string) =>
    (await db().selectFrom('user_factors').select(['kind', 'name', 'sign_count']).where('user_id', '=', userId).execute()).map((r) => ({
      ...r,
      sign_count: Number(r.sign_count),
    }));

  /** A person who signed in (no factor yet) and added a passkey on /security. */
  async function withPasskey(userName: string) {
    const userId = await createUser(db(), { userName, password: PASSWORD });
    const token = (await signIn(userName)).result.token as string;
    const authenticator = new SoftwareAuthenticator();
    const creation = json(await post(accountFactorsApi.startPasskey.path, secret(), token)).result;
    const confirmed = json(
      await post(accountFactorsApi.confirmPasskey.path, { passkey: authenticator.create(creation.options), name: 'Portátil' }, token),
    );
    return { userId, token, authenticator, confirmed };
  }

  it('adds a passkey on /security after the password: discoverable, on the relying party, audited, first factor with recovery codes', async () => {
    const userId = await createUser(db(), { userName: 'pk.add', password: PASSWORD });
    const token = (await signIn('pk.add')).result.token as string;
    const authenticator = new SoftwareAuthenticator();

    expect((await post(accountFactorsApi.startPasskey.path, secret('not-it'), token)).statusCode).toBe(401);
    const creation = json(await post(accountFactorsApi.startPasskey.path, secret(), token)).result;
    expect(creation.options).toMatchObject({
      rp: { id: 'localhost', name: expect.any(String) },
      user: { name: 'pk.add', id: Buffer.from(userId.replaceAll('-', ''), 'hex').toString('base64url') },
      authenticatorSelection: { residentKey: 'required' },
      excludeCredentials: [],
    });

    // refused, and nothing stored: a foreign origin, a challenge never handed out, a malformed answer
    const before = await auditedChanges(db());
    const foreign = await post(
      accountFactorsApi.confirmPasskey.path,
      { passkey: authenticator.create(creation.options, { origin: 'https://evil.example' }), name: 'Portátil' },
      token,
    );
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign).result.information).toBe(FACTOR_MESSAGES.passkeyRefused);
    const again = json(await post(accountFactorsApi.startPasskey.path, secret(), token)).result;
    const forged = await post(
      accountFactorsApi.confirmPasskey.path,
      {
        passkey: authenticator.create(again.options, { challenge: Buffer.from('never handed out').toString('base64url') }),
        name: 'Portátil',
      },
      token,
    );
    expect(forged.statusCode).toBe(400);
    const malformed = await post(
      accountFactorsApi.confirmPasskey.path,
      { passkey: { id: 'x', type: 'public-key' }, name: 'Portátil' },
      token,
    );
    expect(malformed.statusCode).toBe(400);
    expect(await factorsOf(userId)).toEqual([]);
    expect(await auditedChanges(db())).toEqual(before);

    const third = json(await post(accountFactorsApi.startPasskey.path, secret(), token)).result;
    const response = authenticator.create(third.options);
    const confirmed = json(await post(accountFactorsApi.confirmPasskey.path, { passkey: response, name: 'Portátil' }, token));
    expect(confirmed.result.factor).toMatchObject({ kind: 'passkey', name: 'Portátil' });
    expect(confirmed.result.recoveryCodes).toHaveLength(10);
    // the same registration again: its challenge is spent
    expect((await post(accountFactorsApi.confirmPasskey.path, { passkey: response, name: 'Otra' }, token)).statusCode).toBe(400);
    expect(await factorsOf(userId)).toEqual([{ kind: 'passkey', name: 'Portátil', sign_count: 0 }]);
    const audit = await db()
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'factor.add')
      .where('entity_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ kind: 'passkey', name: 'Portátil' });

    // the next passkey may not be this one again
    const next = json(await post(accountFactorsApi.startPasskey.path, secret(), token)).result;
    expect(next.options.excludeCredentials).toEqual([{ id: authenticator.credentialId, type: 'public-key', transports: ['internal'] }]);
  });

  it('answers the second step with the passkey; a forged answer counts on the lockout; an answer is taken once', async () => {
    const { userId, authenticator } = await withPasskey('pk.step');
    const step = (await signIn('pk.step')).result;
    expect(step).toMatchObject({
      informationCode: INFORMATION_CODES.secondFactorRequired,
      secondFactor: { methods: ['passkey', 'recovery'], enrol: false },
    });
    const challenge = step.secondFactor.challenge as string;
    const prompt = json(await post(secondFactorApi.passkeyOptions.path, { challenge })).result.options;
    expect(prompt.allowCredentials).toEqual([{ id: authenticator.credentialId, type: 'public-key', transports: ['internal'] }]);

    // signed by another key: refused as a wrong code is, and counted
    const impostor = new SoftwareAuthenticator();
    const forged = { ...impostor.get(prompt), id: authenticator.credentialId, rawId: authenticator.credentialId };
    const wrong = await post(secondFactorApi.verify.path, { challenge, passkey: forged });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong).result).toMatchObject({
      information: FACTOR_MESSAGES.passkeyRefused,
      failedLoginInformation: { failedAttempts: 1 },
    });

    // the forged answer spent that prompt: a new one, answered by the person's passkey
    const fresh = json(await post(secondFactorApi.passkeyOptions.path, { challenge })).result.options;
    const answer = authenticator.get(fresh, { userVerified: false }); // a second step needs presence, not verification
    const done = json(await post(secondFactorApi.verify.path, { challenge, passkey: answer }));
    expect(done.result.token).toEqual(expect.any(String));
    const row = await db()
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'user.sign_in')
      .where('entity_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.after).toMatchObject({ secondFactor: 'passkey' });

    // the same answer to a new step: its prompt is spent
    const next = (await signIn('pk.step')).result.secondFactor.challenge as string;
    expect((await post(secondFactorApi.verify.path, { challenge: next, passkey: answer })).statusCode).toBe(401);
  });

  it("signs in with 'Ingresar con llave de acceso': no user name, verification required, no second step after", async () => {
    const { userId, authenticator } = await withPasskey('pk.signin');
    const prompt = json(await post(passkeySignInApi.options.path, { appname: APP })).result.options;
    expect(prompt).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(prompt.allowCredentials ?? []).toEqual([]);

    // a passkey that did not verify the person is not both factors: refused and counted
    const unverified = await post(passkeySignInApi.signIn.path, {
      appname: APP,
      passkey: authenticator.get(prompt, { userVerified: false }),
    });
    expect(unverified.statusCode).toBe(401);
    expect(json(unverified).result.information).toBe(FACTOR_MESSAGES.passkeyRefused);

    const fresh = json(await post(passkeySignInApi.options.path, { appname: APP })).result.options;
    const answer = authenticator.get(fresh);
    const done = json(await post(passkeySignInApi.signIn.path, { appname: APP, passkey: answer }));
    expect(done.result).toMatchObject({ informationCode: INFORMATION_CODES.success, token: expect.any(String) });
    const row = await db()
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'user.sign_in')
      .where('entity_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.after).toMatchObject({ application: APP, way: 'passkey' });
    expect((await factorsOf(userId))[0]?.sign_count).toBe(2);

    // replayed: its challenge is spent
    expect((await post(passkeySignInApi.signIn.path, { appname: APP, passkey: answer })).statusCode).toBe(401);
  });

  it('refuses the passkey sign-in where the application does not offer it, for an unknown passkey, and for a blocked account', async () => {
    const { userId, authenticator } = await withPasskey('pk.refused');
    const off = await post(passkeySignInApi.options.path, { appname: OTHER_APP });
    expect(off.statusCode).toBe(400);
    expect(json(off).result.information).toBe(FACTOR_MESSAGES.passkeySignInOff);
    const prompt = json(await post(passkeySignInApi.options.path, { appname: APP })).result.options;
    expect((await post(passkeySignInApi.signIn.path, { appname: OTHER_APP, passkey: authenticator.get(prompt) })).statusCode).toBe(400);

    const stranger = new SoftwareAuthenticator();
    const unknown = await post(passkeySignInApi.signIn.path, { appname: APP, passkey: stranger.get(prompt) });
    expect(unknown.statusCode).toBe(401);
    expect(json(unknown).result.information).toBe(FACTOR_MESSAGES.passkeyUnknown);

    // a prompt of one application is not answered in another, nor on another relying party
    await setParameter(db(), OTHER_APP, APP_PARAMETERS.passkeySignIn, true, 'boolean');
    const otherPrompt = json(await post(passkeySignInApi.options.path, { appname: OTHER_APP })).result.options;
    expect((await post(passkeySignInApi.signIn.path, { appname: APP, passkey: authenticator.get(otherPrompt) })).statusCode).toBe(401);
    const elsewhere = json(await post(passkeySignInApi.options.path, { appname: APP })).result.options;
    const otherRp = authenticator.get(elsewhere, { rpId: 'evil.example' });
    expect((await post(passkeySignInApi.signIn.path, { appname: APP, passkey: otherRp })).statusCode).toBe(401);

    await db().updateTable('users').set({ idstate: USER_STATE.blocked }).where('id', '=', userId).execute();
    const fresh = json(await post(passkeySignInApi.options.path, { appname: APP })).result.options;
    const blocked = await post(passkeySignInApi.signIn.path, { appname: APP, passkey: authenticator.get(fresh) });
    expect(blocked.statusCode).toBe(403);
    expect(json(blocked).result.informationCode).toBe(INFORMATION_CODES.blocked);
  });
});
