import { decryptPayload, encryptPayload } from '@suite/shared/crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import * as v from 'valibot';
import { ErrorResultSchema, FALLBACK_APP, envelopeSchema, type PasswordLinkPayload } from '@suite/shared/contracts';
import { ADMIN_PASSWORD, BACKENDS, createUser, json, startTestServer, type TestServer } from '../../test/harness';
import { routeMethods, type RouteContract } from './contract';

/**
 * Real replies of a representative set of routes, each checked against the reply its contract
 * publishes (http/openapi.ts): the envelope of its `result` for a success, the error envelope for
 * a refusal. A success must carry nothing the schema leaves out, so the document cannot drift
 * from the replies in either direction.
 */

const APP = FALLBACK_APP;
const USER = 'reply.check';
const USER_EMAIL = 'reply.check@example.com';
const USER_PASSWORD = 'Old.Pass-w0rd';
const NEW_PASSWORD = 'New.Pass-w0rd2';

describe.each(BACKENDS)('replies match their published contracts [%s]', (backend) => {
  let server: (TestServer & { dispose(): Promise<void> }) | undefined;
  const contracts = new Map<string, RouteContract | undefined>();

  beforeAll(async () => {
    server = await startTestServer(
      backend,
      {},
      {
        onRoute: (route: RouteOptions) => {
          for (const method of routeMethods(route)) contracts.set(`${method} ${route.url}`, route.config?.contract);
        },
      },
    );
    await createUser(server.db, { userName: USER, email: USER_EMAIL, password: USER_PASSWORD, privileges: ['USERS_READ'] });
  }, 60_000);
  afterAll(async () => {
    await server?.dispose();
  }, 30_000);

  const app = (): FastifyInstance => {
    if (!server) throw new Error('test server did not start');
    return server.app;
  };

  /**
   * Calls the route `key` ("METHOD /registered/url") with `options`, expects `status` and checks
   * the body against the route's contract; returns the body.
   */
  async function call<T = any>(key: string, status: number, options: Omit<InjectOptions, 'method'> & { url: string }): Promise<T> {
    const contract = contracts.get(key);
    if (!contract) throw new Error(`no contract registered for ${key}`);
    const [method] = key.split(' ');
    const response: LightMyRequestResponse = await app().inject({ ...options, method: method as InjectOptions['method'] });
    expect(`${key} → ${response.statusCode}`).toBe(`${key} → ${status}`);
    const body = json(response);
    if (status >= 400) {
      const parsed = v.safeParse(envelopeSchema(ErrorResultSchema), body);
      expect(parsed.success ? key : `${key}: ${JSON.stringify(parsed.issues.map((i) => [v.getDotPath(i), i.message]))}`).toBe(key);
      expect(body.statusCode).toBe(status);
      return body;
    }
    if (!contract.result) throw new Error(`${key} declares no envelope result`);
    const parsed = v.safeParse(envelopeSchema(contract.result), body);
    expect(parsed.success ? key : `${key}: ${JSON.stringify(parsed.issues.map((i) => [v.getDotPath(i), i.message]))}`).toBe(key);
    // valibot's objects drop keys they do not know: equal output means no undocumented field
    if (parsed.success) expect(parsed.output).toEqual(body);
    return body;
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const signIn = (user: string, password: string) =>
    ({
      url: '/api/Login',
      payload: { user, password: encryptPayload(password, app().ctx.payloadKey), appname: APP, TypeDeviceId: 2 },
    }) as const;

  it('answers sign-in, its refusal, and the token calls as published', async () => {
    await call('POST /api/Login', 401, signIn('admin', 'Not.The-Passw0rd'));
    const { result } = await call('POST /api/Login', 200, signIn('admin', ADMIN_PASSWORD));

    const refreshed = await call('POST /api/Login/RefreshToken', 200, {
      url: '/api/Login/RefreshToken',
      payload: { RefreshToken: result.refreshToken, UserName: 'admin', Appname: APP },
    });
    await call('POST /api/Login/RefreshToken', 401, {
      url: '/api/Login/RefreshToken',
      payload: { RefreshToken: 'not-a-refresh-token', UserName: 'admin', Appname: APP },
    });
    await call('GET /api/login/TokenValidation', 200, {
      url: '/api/login/TokenValidation',
      headers: { user: 'admin', token: refreshed.result.token, option: 'home', currentApp: APP },
    });
    await call('PUT /api/login/RevokeToken', 200, {
      url: '/api/login/RevokeToken',
      payload: { UserName: 'admin', Quantity: 1, AppName: APP, RefreshToken: refreshed.result.refreshToken },
    });
  });

  it('answers the console reads as published', async () => {
    const { result } = await call('POST /api/Login', 200, signIn('admin', ADMIN_PASSWORD));
    const auth = bearer(result.token);

    const list = await call('GET /api/user/list', 200, { url: '/api/user/list', headers: { ...auth, pages: '1,10', filterBy: '3' } });
    const userId = list.result.users.find((u: { userName: string }) => u.userName === USER).id as string;
    await call('GET /api/user/list', 401, { url: '/api/user/list' });
    await call('GET /api/user/GetById', 200, { url: '/api/user/GetById', headers: { ...auth, pid: userId } });
    await call('GET /api/user/GetById', 404, {
      url: '/api/user/GetById',
      headers: { ...auth, pid: '00000000-0000-4000-8000-000000000000' },
    });
    await call('POST /api/user/getuserexists', 200, { url: '/api/user/getuserexists', headers: auth, payload: { userName: USER } });
    await call('GET /api/user/GetTypeUser', 200, { url: '/api/user/GetTypeUser', headers: auth });
    await call('GET /api/user/get-countries', 200, { url: '/api/user/get-countries', headers: auth });
    await call('GET /api/user/get-document-types-create-users', 200, {
      url: '/api/user/get-document-types-create-users',
      headers: { ...auth, code: 'CO' },
    });
    await call('GET /api/customer/GetCustomer', 200, { url: '/api/customer/GetCustomer', headers: { ...auth, userid: userId } });
    await call('GET /api/customer/GetCustomerByUser', 200, { url: '/api/customer/GetCustomerByUser', headers: { ...auth, userId } });
    await call('GET /api/role/list', 200, { url: '/api/role/list', headers: { ...auth, application: APP, user: userId } });
    await call('GET /api/application/GetCountRolesByUser', 200, {
      url: '/api/application/GetCountRolesByUser',
      headers: { ...auth, user: userId },
    });

    // roles and privileges
    const privilege = await call('POST /api/privilege/create', 200, {
      url: '/api/privilege/create',
      headers: auth,
      payload: { name: 'REPLY_CHECK', description: '', licence: true, isAuditable: false, application: [APP] },
    });
    const privilegeId = String(privilege.result.id);
    await call('POST /api/privilege/modify', 200, {
      url: '/api/privilege/modify',
      headers: auth,
      payload: {
        id: privilege.result.id,
        name: 'REPLY_CHECK',
        description: 'x',
        idstate: 0,
        licence: true,
        isAuditable: false,
        application: [APP],
      },
    });
    await call('POST /api/privilege/create', 400, {
      url: '/api/privilege/create',
      headers: auth,
      payload: { name: 'REPLY_CHECK', application: [APP] },
    });
    await call('GET /api/privilege/list', 200, { url: '/api/privilege/list', headers: { ...auth, application: APP } });
    await call('GET /api/privilege/list', 400, { url: '/api/privilege/list', headers: { ...auth, application: 'RESETOTP' } });
    await call('GET /api/application/getApplicationsByIdPrivilege', 200, {
      url: '/api/application/getApplicationsByIdPrivilege',
      headers: { ...auth, id: privilegeId },
    });
    await call('GET /api/privilege/roles', 200, { url: '/api/privilege/roles', headers: { ...auth, id: privilegeId } });
    const role = await call('POST /api/role/create', 200, {
      url: '/api/role/create',
      headers: auth,
      payload: {
        name: 'Reply check',
        description: '',
        alias: '',
        application: [{ name: APP, privilege: ['REPLY_CHECK'], isVisible: true }],
      },
    });
    const roleId = String(role.result.id);
    await call('POST /api/role/modify', 200, {
      url: '/api/role/modify',
      headers: auth,
      payload: { id: role.result.id, description: '', idstate: 1 },
    });
    await call('GET /api/role/list', 200, { url: '/api/role/list', headers: auth });
    await call('GET /api/application/applicationId', 200, { url: '/api/application/applicationId', headers: { ...auth, id: roleId } });
    await call('GET /api/role/users', 200, { url: '/api/role/users', headers: { ...auth, id: roleId, search: 'reply', pages: '1,10' } });
    await call('GET /api/user/privileges', 200, { url: '/api/user/privileges', headers: { ...auth, user: userId } });

    // a user without USERS_WRITE is refused a write
    const reader = await call('POST /api/Login', 200, signIn(USER, USER_PASSWORD));
    await call('POST /api/user/Inactivate', 403, {
      url: '/api/user/Inactivate',
      headers: bearer(reader.result.token),
      payload: { id: userId, idstate: 2 },
    });
  });

  it("answers the portal's public reads as published", async () => {
    const headers = { appName: APP };
    await call('GET /api/application/profile', 200, { url: '/api/application/profile', headers });
    await call('GET /api/application/getVersionApp', 200, { url: '/api/application/getVersionApp', headers });
    await call('GET /api/application/getVersionApp', 404, { url: '/api/application/getVersionApp', headers: { appName: 'nosuchapp' } });
    await call('GET /api/application/GetParametersApp', 200, {
      url: '/api/application/GetParametersApp',
      headers: { ...headers, parameterType: 'all' },
    });
    await call('GET /api/application/getMaintenanceWindow', 200, { url: '/api/application/getMaintenanceWindow', headers });
    await call('GET /api/application/isFreeTrial', 200, { url: '/api/application/isFreeTrial', headers });
  });

  it('answers the password flows as published', async () => {
    await call('POST /api/login/GetUsersResetPassword', 200, {
      url: '/api/login/GetUsersResetPassword',
      payload: { email: USER_EMAIL, appname: APP },
    });
    await call('POST /api/login/GetUsersResetPassword', 404, {
      url: '/api/login/GetUsersResetPassword',
      payload: { email: 'nobody@example.com', appname: APP },
    });
    await call('POST /api/user/SendUserActivationEmail', 200, {
      url: '/api/user/SendUserActivationEmail',
      payload: { user: USER, appname: APP },
    });
    await call('POST /api/login/ResetPassword', 200, { url: '/api/login/ResetPassword', payload: { user: USER, appname: APP } });

    // the link the reset mailed sets a new password
    const mails = json<Array<{ to: string; links: string[] }>>(await app().inject({ method: 'GET', url: '/dev/mail.json' }));
    const link = mails.find((m) => m.to === USER_EMAIL)?.links.find((l) => l.includes('/changepassword?')) as string;
    const payload = JSON.parse(
      decryptPayload(decodeURIComponent(link.slice(link.indexOf('?') + 1)), app().ctx.payloadKey) as string,
    ) as PasswordLinkPayload;
    const assign = (token: string) => ({
      url: '/api/login/AssignPassword',
      payload: { user: USER, token, appname: APP, password: encryptPayload(NEW_PASSWORD, app().ctx.payloadKey), isUserActivation: false },
    });
    await call('POST /api/login/AssignPassword', 400, assign('not-a-link-token'));
    await call('POST /api/login/AssignPassword', 200, assign(payload.token));

    const key = app().ctx.payloadKey;
    await call('POST /api/login/ChangePassword', 200, {
      url: '/api/login/ChangePassword',
      payload: { user: USER, password: encryptPayload(NEW_PASSWORD, key), newpassword: encryptPayload(USER_PASSWORD, key), appname: APP },
    });
  });
});
