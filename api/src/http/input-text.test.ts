import { encryptPayload } from '@suite/shared/crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ADMIN_PASSWORD, createUser, describeEachBackend, json, login } from '../../test/harness';
import type { DB } from '../db/schema';

const PASSWORD = 'Nul.Check-Pass1';
const NUL = '\u0000';

/** Every table a request could write to: a refused request must leave each exactly as it was. */
const TABLES = [
  'users',
  'user_customers',
  'user_roles',
  'customers',
  'roles',
  'sessions',
  'refresh_tokens',
  'sign_in_lockouts',
  'auth_codes',
  'password_tokens',
  'password_history',
  'mailbox',
  'audit_log',
  'settings',
] as const;

async function snapshot(db: Kysely<DB>): Promise<string> {
  const tables: Record<string, string[]> = {};
  for (const table of TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    tables[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return JSON.stringify(tables);
}

type Case = {
  /** What the table of cases calls it: the route and the field holding the NUL. */
  name: string;
  /** Where the 400 says the NUL is: 'body.user', 'headers.customerSearch', … (case-insensitive). */
  where: string;
  request: (ctx: Ctx) => InjectOptions;
};

interface Ctx {
  app: FastifyInstance;
  key: string;
  adminToken: string;
  refreshToken: string;
}

const withNul = (value: string) => `${value}${NUL}x`;

describeEachBackend('a NUL in any request text is a 400 that changes nothing', (server) => {
  const ctx = {} as Ctx;

  beforeAll(async () => {
    const { app, db } = server();
    await createUser(db, { userName: 'nul.user', email: 'nul.user@example.com', password: PASSWORD });
    await createUser(db, { userName: 'nul.pending', email: 'nul.pending@example.com', idstate: 3 });
    const signedIn = json(await login(app, 'admin', ADMIN_PASSWORD));
    ctx.app = app;
    ctx.key = app.ctx.payloadKey;
    ctx.adminToken = signedIn.result.token;
    ctx.refreshToken = signedIn.result.refreshToken;
  });

  const enc = (text: string) => encryptPayload(text, ctx.key);
  const loginBody = (over: Record<string, unknown> = {}) => ({
    user: 'nul.user',
    password: enc(PASSWORD),
    appname: 'ibuhoo',
    TypeDeviceId: 2,
    ...over,
  });
  const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}): InjectOptions => ({
    method: 'POST',
    url,
    payload,
    headers,
  });
  const asAdmin = (): Record<string, string> => ({ authorization: `Bearer ${ctx.adminToken}` });
  const createBody = (over: Record<string, unknown>) => ({
    names: 'Ana',
    surnames: 'Nul',
    userName: 'ana.nul',
    email: 'ana.nul@example.com',
    document: '1020304050',
    idTypeUser: 2,
    countryCode: 'CO',
    documentType: 'CC',
    customer: [{ id: '00000000-0000-4000-8000-000000000001', principal: true, assigned: false }],
    roles: [{ name: 'Administrador', application: 'ibuhoo', assigned: true }],
    ...over,
  });

  const cases: Case[] = [
    { name: 'Login user', where: 'body.user', request: () => post('/api/Login', loginBody({ user: withNul('nul.user') })) },
    { name: 'Login appname', where: 'body.appname', request: () => post('/api/Login', loginBody({ appname: withNul('ibuhoo') })) },
    {
      name: 'Login password (ciphertext)',
      where: 'body.password',
      request: () => post('/api/Login', loginBody({ password: withNul(enc(PASSWORD)) })),
    },
    {
      name: 'Login Browser (right password)',
      where: 'body.Browser',
      request: () => post('/api/Login', loginBody({ Browser: withNul('Firefox') })),
    },
    {
      name: 'Login user-agent header (right password)',
      where: 'headers.user-agent',
      request: () => post('/api/Login', loginBody(), { 'user-agent': withNul('Mozilla/5.0') }),
    },
    { name: 'Login tenant header', where: 'headers.tenant', request: () => post('/api/Login', loginBody(), { tenant: withNul('suite') }) },
    {
      name: 'RefreshToken RefreshToken',
      where: 'body.RefreshToken',
      request: (c) => post('/api/Login/RefreshToken', { RefreshToken: withNul(c.refreshToken), UserName: 'admin', Appname: 'ibuhoo' }),
    },
    {
      name: 'RefreshToken UserName',
      where: 'body.UserName',
      request: (c) => post('/api/Login/RefreshToken', { RefreshToken: c.refreshToken, UserName: withNul('admin'), Appname: 'ibuhoo' }),
    },
    {
      name: 'RefreshToken Appname',
      where: 'body.Appname',
      request: (c) => post('/api/Login/RefreshToken', { RefreshToken: c.refreshToken, UserName: 'admin', Appname: withNul('ibuhoo') }),
    },
    {
      name: 'RevokeToken UserName',
      where: 'body.UserName',
      request: (c) => ({
        method: 'PUT',
        url: '/api/login/RevokeToken',
        payload: { UserName: withNul('admin'), Quantity: 1, AppName: 'ibuhoo', RefreshToken: c.refreshToken },
      }),
    },
    {
      name: 'RevokeToken AppName',
      where: 'body.AppName',
      request: (c) => ({
        method: 'PUT',
        url: '/api/login/RevokeToken',
        payload: { UserName: 'admin', Quantity: 1, AppName: withNul('ibuhoo'), RefreshToken: c.refreshToken },
      }),
    },
    {
      name: 'GenerateTokens code',
      where: 'body.code',
      request: () => post('/api/login/GenerateTokens', { code: withNul('abc'), appName: 'firmaya' }),
    },
    {
      name: 'GenerateTokens appName',
      where: 'body.appName',
      request: () => post('/api/login/GenerateTokens', { code: 'abc', appName: withNul('firmaya') }),
    },
    {
      name: 'TokenValidation user header',
      where: 'headers.user',
      request: (c) => ({ method: 'GET', url: '/api/login/TokenValidation', headers: { token: c.adminToken, user: withNul('admin') } }),
    },
    {
      name: 'getuserexists userName',
      where: 'body.userName',
      request: () => post('/api/user/getuserexists', { userName: withNul('nul.user') }, asAdmin()),
    },
    {
      name: 'getuserexists email',
      where: 'body.email',
      request: () => post('/api/user/getuserexists', { email: withNul('nul.user@example.com') }, asAdmin()),
    },
    {
      name: 'user/create document',
      where: 'body.document',
      request: () => post('/api/user/create', createBody({ document: withNul('10203040') }), asAdmin()),
    },
    {
      name: 'user/create countryCode',
      where: 'body.countryCode',
      request: () => post('/api/user/create', createBody({ countryCode: withNul('CO') }), asAdmin()),
    },
    {
      name: 'user/create documentType',
      where: 'body.documentType',
      request: () => post('/api/user/create', createBody({ documentType: withNul('CC') }), asAdmin()),
    },
    {
      name: 'user/create userName',
      where: 'body.userName',
      request: () => post('/api/user/create', createBody({ userName: withNul('ana.nul') }), asAdmin()),
    },
    {
      name: 'user/create roles[].name',
      where: 'body.roles.0.name',
      request: () =>
        post(
          '/api/user/create',
          createBody({ roles: [{ name: withNul('Administrador'), application: 'ibuhoo', assigned: true }] }),
          asAdmin(),
        ),
    },
    {
      name: 'GetUsersResetPassword appname',
      where: 'body.appname',
      request: () => post('/api/login/GetUsersResetPassword', { email: 'nul.user@example.com', appname: withNul('ibuhoo') }),
    },
    {
      name: 'GetUsersResetPassword email',
      where: 'body.email',
      request: () => post('/api/login/GetUsersResetPassword', { email: withNul('nul.user@example.com'), appname: 'ibuhoo' }),
    },
    {
      name: 'ResetPassword user',
      where: 'body.user',
      request: () => post('/api/login/ResetPassword', { appname: 'ibuhoo', user: withNul('nul.user') }),
    },
    {
      name: 'ResetPassword appname',
      where: 'body.appname',
      request: () => post('/api/login/ResetPassword', { appname: withNul('ibuhoo'), user: 'nul.user' }),
    },
    {
      name: 'ResetPassword tenantLanguage header',
      where: 'headers.tenantlanguage',
      request: () => post('/api/login/ResetPassword', { appname: 'ibuhoo', user: 'nul.user' }, { tenantLanguage: `${NUL}es` }),
    },
    {
      name: 'SendUserActivationEmail user',
      where: 'body.user',
      request: () => post('/api/user/SendUserActivationEmail', { user: withNul('nul.pending'), appname: 'ibuhoo' }),
    },
    {
      name: 'SendUserActivationEmail appname',
      where: 'body.appname',
      request: () => post('/api/user/SendUserActivationEmail', { user: 'nul.pending', appname: withNul('ibuhoo') }),
    },
    {
      name: 'AssignPassword user',
      where: 'body.user',
      request: () =>
        post('/api/login/AssignPassword', {
          user: withNul('nul.user'),
          token: 'x'.repeat(43),
          appname: 'ibuhoo',
          password: enc('New.Pass-w0rd'),
        }),
    },
    {
      name: 'AssignPassword token',
      where: 'body.token',
      request: () =>
        post('/api/login/AssignPassword', {
          user: 'nul.user',
          token: withNul('x'.repeat(43)),
          appname: 'ibuhoo',
          password: enc('New.Pass-w0rd'),
        }),
    },
    {
      name: 'AssignPassword appname',
      where: 'body.appname',
      request: () =>
        post('/api/login/AssignPassword', {
          user: 'nul.user',
          token: 'x'.repeat(43),
          appname: withNul('ibuhoo'),
          password: enc('New.Pass-w0rd'),
        }),
    },
    {
      name: 'ChangePassword user',
      where: 'body.user',
      request: () =>
        post('/api/login/ChangePassword', {
          user: withNul('nul.user'),
          password: enc(PASSWORD),
          newpassword: enc('New.Pass-w0rd'),
          appname: 'ibuhoo',
        }),
    },
    {
      name: 'ChangePassword appname',
      where: 'body.appname',
      request: () =>
        post('/api/login/ChangePassword', {
          user: 'nul.user',
          password: enc(PASSWORD),
          newpassword: enc('New.Pass-w0rd'),
          appname: withNul('ibuhoo'),
        }),
    },
    {
      name: 'ChangePassword password (ciphertext)',
      where: 'body.password',
      request: () =>
        post('/api/login/ChangePassword', {
          user: 'nul.user',
          password: withNul(enc(PASSWORD)),
          newpassword: enc('New.Pass-w0rd'),
          appname: 'ibuhoo',
        }),
    },
    {
      name: 'ChangePassword newpassword (ciphertext)',
      where: 'body.newpassword',
      request: () =>
        post('/api/login/ChangePassword', {
          user: 'nul.user',
          password: enc(PASSWORD),
          newpassword: withNul(enc('New.Pass-w0rd')),
          appname: 'ibuhoo',
        }),
    },
    {
      name: 'AssignPassword password (ciphertext)',
      where: 'body.password',
      request: () =>
        post('/api/login/AssignPassword', {
          user: 'nul.user',
          token: 'x'.repeat(43),
          appname: 'ibuhoo',
          password: withNul(enc('New.Pass-w0rd')),
        }),
    },
    {
      name: 'TokenValidation currentApp header',
      where: 'headers.currentapp',
      request: (c) => ({
        method: 'GET',
        url: '/api/login/TokenValidation',
        headers: { token: c.adminToken, user: 'admin', currentApp: withNul('ibuhoo') },
      }),
    },
    {
      name: 'user/list customerSearch header, percent-encoded',
      where: 'headers.customerSearch',
      request: () => ({ method: 'GET', url: '/api/user/list', headers: { ...asAdmin(), customerSearch: 'nul%00user' } }),
    },
    {
      name: 'user/list customerSearch header, raw',
      where: 'headers.customersearch',
      request: () => ({ method: 'GET', url: '/api/user/list', headers: { ...asAdmin(), customerSearch: withNul('nul') } }),
    },
  ];

  it.each(cases)('$name → 400 R400 naming $where, no row changed', async ({ where, request }) => {
    const { db } = server();
    const before = await snapshot(db);
    const response = await ctx.app.inject(request(ctx));
    expect(response.statusCode).toBe(400);
    const body = json(response);
    expect(body).toEqual({ statusCode: 400, result: { information: expect.any(String), informationCode: 'R400' } });
    expect(body.result.information.toLowerCase()).toBe(`solicitud inválida (${where.toLowerCase()}): contiene caracteres no permitidos.`);
    expect(await snapshot(db)).toBe(before);
  });

  it('the same calls without the NUL still work (the cases are valid otherwise)', async () => {
    const { app } = server();
    const ok = await app.inject(post('/api/user/getuserexists', { userName: 'nul.user' }, asAdmin()));
    expect(ok.statusCode).toBe(200);
    const list = await app.inject({ method: 'GET', url: '/api/user/list', headers: { ...asAdmin(), customerSearch: 'nul%20user' } });
    expect(list.statusCode).toBe(200);
    const tabbed = await app.inject(post('/api/Login', loginBody({ Browser: 'Firefox\t120' })));
    expect(tabbed.statusCode).toBe(200);
  });
});
