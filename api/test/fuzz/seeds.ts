import type { Seed } from './cases';

/** Rows the fuzz run creates first, so example requests name things that exist. */
export interface Fixtures {
  adminToken: string;
  companyId: string;
  roleName: string;
  /** A user the admin routes read and write (modify, Inactivate, delete, …). */
  targetId: string;
  /** Signs in with `loginPassword` (encrypted), so Login cases get past the password check. */
  loginUser: string;
  loginPassword: string;
  /** Changes its password to the same one (`changerPassword`, encrypted): it stays usable. */
  changerUser: string;
  changerPassword: string;
  /** An active user with an e-mail: reset links are sent to it. */
  resetUser: string;
  resetEmail: string;
  /** A user pending activation: activation e-mails are sent to it. */
  pendingUser: string;
}

const APP = 'ibuhoo';
/** A 1×1 PNG, base64. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAX+XDSwAAAABJRU5ErkJggg==';
const menuItem = (key: string) => ({
  key: key.padEnd(10, '0').slice(0, 10),
  name: 'Fuzz',
  privilege: 'USERS_READ',
  url: '/users',
  isFunction: false,
  isActivate: true,
  iconName: 'users',
  children: [],
});

/**
 * Valid example requests, keyed `METHOD path` (lower-case path, as registered). Optional: a
 * route without one still gets every generic case; with one, each field and header the route
 * reads is broken in turn while the rest stays valid.
 */
export function seeds(f: Fixtures): Record<string, Seed> {
  const userFields = (n: number) => ({
    names: 'Ana María',
    surnames: 'Núñez Peña',
    userName: `fuzz.user${n}`,
    email: `fuzz.user${n}@fuzz.test`,
    document: `1020${n}`,
    phoneNumber: '(+57) 300 1234567',
    idTypeUser: 2,
    countryCode: 'CO',
    documentType: 'CC',
  });
  const companies = () => [{ id: f.companyId, name: 'Fuzz Company', principal: true, assigned: false }];
  const roles = () => [{ name: f.roleName, application: APP, assigned: true }];
  const opaque = 'r'.repeat(43);

  return {
    'POST /api/login': {
      body: () => ({
        user: f.loginUser,
        password: f.loginPassword,
        appname: APP,
        TypeDeviceId: 2,
        idSessionTab: '1234567890123456',
        ip: '10.0.0.1',
        Browser: 'fuzz',
        page: '/login',
        tokenCaptcha: '',
      }),
      headers: { tenant: 'fuzz' },
      extra: 12,
    },
    'POST /api/login/refreshtoken': { body: () => ({ RefreshToken: opaque, UserName: 'admin', Appname: APP }) },
    'PUT /api/login/revoketoken': { body: () => ({ UserName: 'admin', Quantity: 1, AppName: APP, RefreshToken: opaque }) },
    'GET /api/login/tokenvalidation': { headers: { user: 'admin', token: `Bearer ${f.adminToken}`, option: 'home', currentApp: APP } },
    'POST /api/login/generatetokens': { body: () => ({ code: opaque, appName: 'firmaya' }) },
    'POST /api/user/validatesession': { headers: { connectionId: 'fuzz-connection' } },
    'GET /api/application/profile': { headers: { appName: 'bemyself', tenant: 'bmsbra' } },
    'GET /api/application/getversionapp': { headers: { appName: APP, tenant: 'fuzz', tenantLanguage: 'EN' } },
    'GET /api/application/getparametersapp': { headers: { appName: APP, parameterType: 'login' } },
    'GET /api/application/getmaintenancewindow': { headers: { appName: APP } },
    'GET /api/application/isfreetrial': { headers: { appName: APP } },
    'GET /api/user/list': { headers: { customerSearch: 'ana', pages: '1,10', filterBy: '3' } },
    'GET /api/user/getbyid': { headers: { pid: f.targetId } },
    'POST /api/user/getuserexists': { body: () => ({ userName: 'fuzz.target', id: f.targetId }) },
    'GET /api/user/get-document-types-create-users': { headers: { code: 'CO', appName: APP } },
    'POST /api/user/create': { body: (n) => ({ ...userFields(n), customer: companies(), roles: roles() }) },
    'POST /api/user/modify': { body: (n) => ({ id: f.targetId, ...userFields(n), customer: companies(), roles: roles() }) },
    'POST /api/user/inactivate': { body: () => ({ id: f.targetId, idstate: 2 }) },
    'POST /api/user/delete': { body: () => ({ Id: f.targetId }) },
    'POST /api/user/activatedeleteduser': { body: () => ({ id: f.targetId }) },
    'GET /api/privilege/list': { headers: { application: APP, rol: '1' } },
    'POST /api/privilege/create': {
      body: (n) => ({ name: `FUZZ_PRIVILEGE_${n}`, description: 'Fuzz', licence: false, isAuditable: true, application: [APP, 'firmaya'] }),
    },
    'POST /api/role/create': {
      body: (n) => ({
        name: `Fuzz rol ${n}`,
        description: 'Fuzz',
        alias: 'fuzz',
        application: [{ name: APP, privilege: ['USERS_READ'], isVisible: true }],
      }),
    },
    'GET /api/role/users': { headers: { id: '1', search: 'ana', pages: '1,10' } },
    'GET /api/application/applicationid': { headers: { id: '1' } },
    'GET /api/application/getapplicationsbyidprivilege': { headers: { id: '1' } },
    'GET /api/privilege/roles': { headers: { id: '1' } },
    'GET /api/user/privileges': { headers: { user: f.targetId } },
    'GET /api/customer/getcustomer': { headers: { userid: f.targetId } },
    'GET /api/customer/getcustomerbyuser': { headers: { userId: f.targetId, app: APP } },
    'GET /api/role/list': { headers: { application: APP, user: f.targetId } },
    'GET /api/application/getcountrolesbyuser': { headers: { user: f.targetId } },
    'POST /api/login/getusersresetpassword': { body: () => ({ email: f.resetEmail, appname: APP }) },
    'POST /api/login/resetpassword': {
      body: () => ({ appname: APP, user: f.resetUser, isByUser: true, isInvalidLinkScreen: false }),
      headers: { tenantLanguage: 'EN' },
    },
    'POST /api/user/senduseractivationemail': { body: () => ({ user: f.pendingUser, appname: APP }), headers: { tenantLanguage: 'PT' } },
    'POST /api/login/assignpassword': {
      body: () => ({ user: f.resetUser, token: opaque, appname: APP, password: f.changerPassword, isUserActivation: false }),
    },
    'POST /api/login/changepassword': {
      body: () => ({ user: f.changerUser, password: f.changerPassword, newpassword: f.changerPassword, appname: APP }),
      headers: { tenantLanguage: 'ES' },
      extra: 4,
    },
    'GET /api/menu/getmenubyapp': { headers: { idapplication: '1', idmenulocation: '1' } },
    'GET /api/menu/getmenubyuser': { headers: { idmenulocation: '1', appName: APP } },
    'GET /api/menu/list': { headers: { userid: f.targetId, idapplication: '1' } },
    'GET /api/menu/privileges': { headers: { idapplication: '1' } },
    'POST /api/menu/create': {
      body: () => ({ id: 0, idapplication: 1, idmenulocation: 2, numberRows: 0, menujson: JSON.stringify([menuItem('FuzzCreate')]) }),
    },
    // the console's seeded drawer (the first menu seeded): saved once, then refused as stale
    'POST /api/menu/modify': {
      body: () => ({
        id: 1,
        version: 1,
        idapplication: 1,
        idmenulocation: 1,
        numberRows: 0,
        menujson: JSON.stringify([menuItem('FuzzModify')]),
      }),
    },
    'POST /api/menu/uploadimagemenu': {
      body: () => ({ ApplicationName: APP, Extension: '.png', ImageBase64: PNG_1X1, FileName: 'fuzz.png' }),
    },
    'GET /api/images/:name': { params: { name: `${'0'.repeat(64)}.png` } },
    'GET /dev/mail/:id': { params: { id: '1' } },
    'GET /mfe/:slug/*': { params: { slug: 'auth', '*': 'remoteEntry.js' } },
    'GET /brand/*': { params: { '*': 'ibuhoo/logo.svg' } },
    'GET /*': { params: { '*': 'index.html' } },
  };
}

/** The seed of a route; HEAD routes share their GET's. */
export function seedOf(all: Record<string, Seed>, method: string, url: string): Seed | undefined {
  const path = url.toLowerCase();
  return all[`${method} ${path}`] ?? (method === 'HEAD' ? all[`GET ${path}`] : undefined);
}
