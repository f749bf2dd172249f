import { encryptPayload } from '@suite/shared/crypto';
import { INFORMATION_CODES, MESSAGES } from '@suite/shared/contracts';
import { phrase } from '@suite/shared/phrases';
import { createUser, describeEachBackend, json } from '../../test/harness';

/** Replies speak the caller's language; codes and every other field stay as they are. */
describeEachBackend("the reply's language", (server) => {
  let userName = '';
  let created = 0;
  const signIn = (password: string, headers: Record<string, string>) => {
    const { app } = server();
    return app.inject({
      method: 'POST',
      url: '/api/Login',
      headers,
      payload: { user: userName, password: encryptPayload(password, app.ctx.payloadKey), appname: 'ibuhoo', TypeDeviceId: 2 },
    });
  };

  beforeEach(async () => {
    userName = `polyglot.${++created}`;
    await createUser(server().db, { userName, password: 'Us3r.Pass-word' });
  });

  it.each([
    ['ES', 'Usuario o contraseña incorrectos.'],
    ['EN', 'Incorrect user or password.'],
    ['PT', 'Usuário ou senha incorretos.'],
  ])('answers a wrong password (R11) by tenantLanguage %s', async (tenantLanguage, information) => {
    const response = await signIn('Wrong.Password1', { tenantLanguage });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-language']).toBe(tenantLanguage.toLowerCase());
    expect(json(response)).toEqual({
      statusCode: 401,
      result: {
        information,
        informationCode: INFORMATION_CODES.badCredentials,
        failedLoginInformation: { failedAttempts: 1, lockTime: 0 },
      },
    });
  });

  it('falls back to Accept-Language, then to Spanish', async () => {
    expect(json(await signIn('Wrong.Password1', { 'accept-language': 'de-DE, pt-BR;q=0.9, en;q=0.8' })).result.information).toBe(
      phrase('messages.loginFailed', 'pt'),
    );
    expect(json(await signIn('Wrong.Password1', { tenantLanguage: 'fr', 'accept-language': 'en-GB' })).result.information).toBe(
      phrase('messages.loginFailed', 'en'),
    );
    // a third failure would lock this user: a fresh one
    userName = `polyglot.${++created}`;
    await createUser(server().db, { userName, password: 'Us3r.Pass-word' });
    expect(json(await signIn('Wrong.Password1', { 'accept-language': 'de' })).result.information).toBe(MESSAGES.loginFailed);
  });

  it('renders success and validation messages too, with the field named as sent', async () => {
    expect(json(await signIn('Us3r.Pass-word', { tenantLanguage: 'en' })).result).toMatchObject({
      information: 'Signed in successfully',
      informationCode: 'A10',
    });
    const { app } = server();
    const response = await app.inject({
      method: 'POST',
      url: '/api/Login',
      headers: { tenantLanguage: 'pt' },
      payload: { user: '', password: 'x', appname: 'ibuhoo' },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).result).toEqual({ information: 'Solicitação inválida (body.user): Campo obrigatório', informationCode: 'R400' });
  });

  it('answers an unknown route and a malformed body in the language asked', async () => {
    const { app } = server();
    const missing = await app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-language': 'en' } });
    expect(json(missing)).toEqual({
      statusCode: 404,
      result: { information: 'The requested resource does not exist.', informationCode: 'R404' },
    });
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/Login',
      headers: { 'content-type': 'application/json', tenantLanguage: 'en' },
      payload: '{"user":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).result.information).toMatch(/^Invalid request: /);
  });
});
