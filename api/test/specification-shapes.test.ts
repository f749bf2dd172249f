/**
 * Every call of the product's API lists (docs/product/*.md, Calls) as the product's first clients
 * send it: the portal's list (docs/product/portal.md, sign-in.md, passwords.md, sessions.md) and the
 * console's (docs/product/console.md, users.md, access.md, applications.md, menus.md,
 * notifications.md). Each call carries exactly the headers and body fields its list names, nothing
 * of ours added, filled with valid values from the seeded data and a few rows made before.
 *
 * A call must not be refused for its shape: no 5xx, and no 400 whose message names a field the
 * list does not send or says a field it sends is invalid by key or type ('Invalid key',
 * 'Invalid type'). The table also records the outcome each call has — a success wherever the
 * seeded data allows one, otherwise the business answer named — and the test asserts it. A call
 * refused for its shape today carries its gap and runs as `it.failing`, so that the day the API
 * accepts it this test says so.
 *
 * Authorization: the console's calls all carry the access token (docs/product/console.md); of the
 * portal's, every call but sign-in and the password reset does (docs/product/sessions.md, Calls).
 * Here it is always the administrator's. The session hub (/api/connections/session) is a WebSocket,
 * not a call with a request shape: hub-protocol.test.ts covers it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decryptPayload, encryptPayload } from '@suite/shared/crypto';
import { FALLBACK_APP, USER_STATE, USER_TYPE, dateIn, nextDate, otpResetTokenOf, serializeVariables } from '@suite/shared/contracts';
import {
  ADMIN_PASSWORD,
  createUser,
  describeEachBackend,
  json,
  login,
  mailSent,
  startOidcProviderProcess,
  tokenFor,
  type TestServer,
} from './harness';
import { newApplicationForm } from './application-form';

const APP = FALLBACK_APP;
const PASSWORD = 'Sh4pes.Clave-2026';
/** A certificate user's document (type 1, CC): docs/product/passwords.md, Certificate users. */
const CERTIFICATE_DOCUMENT = '7654321';
/** A 1×1 PNG, base64 (docs/product/menus.md, Fields: logos are PNG). */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAX+XDSwAAAABJRU5ErkJggg==';
const MAINTENANCE_TEMPLATE = 'mantenimiento-programado';
const NOTIFICATION_ZONE = 'America/Bogota';

/** The user's fields as the card sends them (docs/product/users.md, Fields and states). */
const USER_FIELDS = [
  'names',
  'surnames',
  'email',
  'document',
  'userName',
  'phoneNumber',
  'idTypeUser',
  'countryCode',
  'documentType',
] as const;
/** The application form's fields, every tab (docs/product/applications.md, Fields). */
const APPLICATION_FIELDS = [
  'name',
  'title',
  'urlApp',
  'urlAssignPassword',
  'landing',
  'description',
  'typeApplication',
  'isVisible',
  'amountTime',
  'timeUnit',
  'refreshTokenExpirationAmountTime',
  'refreshTokenExpirationTimeUnit',
  'userActivateTokenTime',
  'userActivateTokenTimeUnit',
  'assignPasswordTokenTime',
  'assignPasswordTokenTimeUnit',
  'maxRefreshTokens',
  'maxRefreshTokensByUser',
  'isConcurrentSession',
  'maxConcurrentTokens',
  'maxConcurrentTokensByUser',
  'numberPasswordChanges',
  'passwordExpiration',
  'passwordTypeExpiration',
  'mechanismAfterSetPass',
] as const;
/** A menu's fields (docs/product/menus.md, Calls). */
const MENU_FIELDS = ['id', 'idapplication', 'idmenulocation', 'numberRows', 'menujson'] as const;
/** A notification's fields (docs/product/notifications.md, Calls). */
const NOTIFICATION_FIELDS = ['id', 'reason', 'subjectId', 'templateId', 'applicationIds', 'variables', 'executionDate'] as const;

type Values = Record<string, unknown>;

/** What the rows are filled from: made before the calls, on the seeded database. */
interface Fixtures {
  encrypt(text: string): string;
  adminToken: string;
  /** Refresh tokens of sessions of the administrator's own, one per call that spends or ends one. */
  refresh: { portalRevoke: string; portalRefresh: string; consoleRevoke: string; consoleRefresh: string };
  /** The single-use code a sign-in to firmaya (another origin) gave (docs/product/sign-in.md, Calls). */
  exchangeCode: string;
  /** A reset link's user and token, as the e-mailed /changepassword link carries them. */
  resetLink: { user: string; token: string };
  /** OTP-reset link tokens, one per ValidateOtpMail call (docs/product/passwords.md, OTP reset). */
  otpTokens: { portal: string; console: string };
  apps: Record<string, number>;
  companyId: string;
  adminRoleId: number;
  users: { target: string; state: string; deleted: string; doomed: string };
  privilege: { id: number; name: string };
  roles: { state: number; whole: number };
  application: { saved: number; toggled: number; menus: number };
  menuId: number;
  notifications: { modified: number; deleted: number; subjectId: number };
}

interface ListedCall {
  /** The list naming it: the portal's or the console's. */
  list: 'portal' | 'console';
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** What tells two entries of one call apart. */
  variant?: string;
  /** The header names and body field names the list gives, as it spells them. */
  headers?: readonly string[];
  body?: readonly string[];
  /** Carries the administrator's access token in Authorization. */
  bearer: boolean;
  /** Values for exactly those names. */
  values?: (f: Fixtures) => Values;
  /** The outcome it has: the HTTP status and, where it tells the case, the informationCode. */
  outcome: { status: number; code?: string };
  /** Refused for its shape today: what the API asks for that the list does not send. */
  gap?: string;
}

/** A menu item of locations 1–3 with the fields docs/product/menus.md lists (the title left out, as before a save). */
const menuItem = (key: string, location: number, application: string) => ({
  key,
  name: 'Inicio',
  privilege: '',
  url: 'https://menus.suite.example/inicio',
  isFunction: false,
  functionName: '',
  description: 'Página de inicio',
  isActivate: true,
  sizeIcon: '24px',
  iconName: 'users',
  isPersonalizedIcon: false,
  menuLocation: location,
  application,
  children: [],
});

/** An application's form as docs/product/applications.md lists it (URLs of a registered origin). */
const applicationForm = (name: string, title = 'Aplicación de prueba') =>
  newApplicationForm(name, {
    title,
    urlApp: 'https://shapes.suite.example/',
    urlAssignPassword: 'https://shapes.suite.example/clave',
    landing: 'https://shapes.suite.example/inicio',
    description: 'Aplicación de las pruebas de forma',
    maxRefreshTokens: -1,
    maxConcurrentTokens: 1,
    maxConcurrentTokensByUser: -1,
  });

const tomorrow = () => nextDate(dateIn(NOTIFICATION_ZONE, new Date()));
/** The maintenance template's variables (docs/product/notifications.md, Templates). */
const maintenanceVariables = () =>
  serializeVariables([
    { name: 'fecha', value: nextDate(tomorrow()) },
    { name: 'horaInicio', value: { hour: 22, minutes: 0, complement: true } },
    { name: 'horaFin', value: { hour: 23, minutes: 30, complement: false } },
    { name: 'detalle', value: 'Actualización de la base de datos.' },
    { name: 'interrupcion', value: true },
  ]);
const notification = (f: Fixtures, id: number, reason: string) => ({
  id,
  reason,
  subjectId: f.notifications.subjectId,
  templateId: MAINTENANCE_TEMPLATE,
  applicationIds: [f.apps.ibuhoo, f.apps.firmaya],
  variables: maintenanceVariables(),
  executionDate: tomorrow(),
});

const OK = { status: 200 } as const;

/** The portal's list (docs/product/sign-in.md, passwords.md, sessions.md and portal.md, Calls). */
const PORTAL: ListedCall[] = [
  {
    list: 'portal',
    method: 'POST',
    path: '/api/Login',
    headers: ['tenant', 'tenantLanguage'],
    body: ['user', 'password', 'appname', 'ip', 'Browser', 'TypeDeviceId', 'idSessionTab', 'page', 'tokenCaptcha'],
    bearer: false,
    values: (f) => ({
      tenant: 'suite',
      tenantLanguage: 'ES',
      user: 'admin',
      password: f.encrypt(ADMIN_PASSWORD),
      appname: APP,
      ip: '',
      Browser: 'Chrome',
      TypeDeviceId: 2,
      idSessionTab: '4821093746120385',
      page: '',
      tokenCaptcha: '',
    }),
    outcome: { status: 200, code: 'A10' },
  },
  {
    list: 'portal',
    method: 'POST',
    path: '/api/login/ResetPassword',
    body: ['appname', 'user'],
    bearer: false,
    values: () => ({ appname: APP, user: 'shapes.reset' }),
    outcome: OK,
  },
  {
    list: 'portal',
    method: 'POST',
    path: '/api/login/AssignPassword',
    body: ['user', 'password', 'token', 'appname', 'isUserActivation'],
    bearer: false,
    values: (f) => ({
      user: f.resetLink.user,
      password: f.encrypt('Asign4da.Clave'),
      token: f.resetLink.token,
      appname: APP,
      isUserActivation: false,
    }),
    outcome: OK,
  },
  {
    list: 'portal',
    method: 'POST',
    path: '/api/login/ChangePassword',
    body: ['user', 'password', 'newpassword', 'appname'],
    bearer: false,
    values: (f) => ({ user: 'shapes.changer', password: f.encrypt(PASSWORD), newpassword: f.encrypt('Camb1ada.Clave'), appname: APP }),
    outcome: OK,
  },
  // "user data": what the resend screen holds, the user name and the application (docs/product/passwords.md)
  {
    list: 'portal',
    method: 'POST',
    path: '/api/user/SendUserActivationEmail',
    body: ['user', 'appname'],
    bearer: false,
    values: () => ({ user: 'shapes.pending', appname: APP }),
    outcome: OK,
  },
  {
    list: 'portal',
    method: 'GET',
    path: '/api/login/TokenValidation',
    headers: ['user', 'token', 'option', 'currentApp'],
    bearer: true,
    values: (f) => ({ user: 'admin', token: `Bearer ${f.adminToken}`, option: '1', currentApp: APP }),
    outcome: OK,
  },
  // its request is not shown in the list: sent as docs/product/sign-in.md names it
  {
    list: 'portal',
    method: 'POST',
    path: '/api/login/GenerateTokens',
    body: ['code', 'appName'],
    bearer: false,
    values: (f) => ({ code: f.exchangeCode, appName: 'firmaya' }),
    outcome: OK,
  },
  {
    list: 'portal',
    method: 'PUT',
    path: '/api/login/RevokeToken',
    body: ['UserName', 'Quantity', 'AppName', 'RefreshToken'],
    bearer: true,
    values: (f) => ({ UserName: 'admin', Quantity: 1, AppName: APP, RefreshToken: f.refresh.portalRevoke }),
    outcome: OK,
  },
  {
    list: 'portal',
    method: 'POST',
    path: '/api/Login/RefreshToken',
    body: ['RefreshToken', 'UserName', 'Appname'],
    bearer: true,
    values: (f) => ({ RefreshToken: f.refresh.portalRefresh, UserName: 'admin', Appname: APP }),
    outcome: OK,
  },
  {
    list: 'portal',
    method: 'GET',
    path: '/api/login/GetExistsUsersAccount',
    headers: ['documentType', 'documentNumber'],
    bearer: false,
    values: () => ({ documentType: '1', documentNumber: CERTIFICATE_DOCUMENT }),
    outcome: OK,
  },
  {
    list: 'portal',
    method: 'POST',
    path: '/api/login/resetPasswordCertificateUser',
    body: ['UserName'],
    bearer: false,
    values: () => ({ UserName: 'shapes.cert' }),
    outcome: OK,
  },
  // "e-mail lookup": the address
  {
    list: 'portal',
    method: 'POST',
    path: '/api/login/GetUsersResetPassword',
    body: ['email'],
    bearer: false,
    values: () => ({ email: 'shapes.reset@empresa.test' }),
    outcome: OK,
  },
  {
    list: 'portal',
    method: 'POST',
    path: '/api/login/generate-token-oidc',
    body: ['code', 'tenant', 'appName', 'tenantLanguage'],
    bearer: false,
    values: () => ({ code: 'c0de-from-the-provider', tenant: 'bmscol', appName: 'firmaya', tenantLanguage: 'ES' }),
    // past the shape, an unknown code and no request in flight: 401
    outcome: { status: 401 },
  },
  {
    list: 'portal',
    method: 'GET',
    path: '/api/login/connect-ciam-oidc',
    headers: ['appName', 'tenant', 'tenantLanguage'],
    bearer: false,
    values: () => ({ appName: 'firmaya', tenant: 'bmscol', tenantLanguage: 'ES' }),
    outcome: OK,
  },
  // the OTP reset's confirmation, a reset call: no Authorization (docs/product/passwords.md, Calls)
  {
    list: 'portal',
    method: 'POST',
    path: '/api/login/ValidateOtpMail',
    body: ['token'],
    bearer: false,
    values: (f) => ({ token: f.otpTokens.portal }),
    outcome: { status: 200, code: 'A10' },
  },
  { list: 'portal', method: 'GET', path: '/api/documentType/GetDocumentTypesLogin', bearer: false, outcome: OK },
  {
    list: 'portal',
    method: 'POST',
    path: '/api/user/send-otp-user',
    body: ['Email'],
    bearer: false,
    values: () => ({ Email: 'shapes.cert@empresa.test' }),
    outcome: OK,
  },
  {
    list: 'portal',
    method: 'POST',
    path: '/api/user/validate-otp-user',
    body: ['Email', 'OtpCode'],
    bearer: false,
    values: () => ({ Email: 'shapes.cert@empresa.test', OtpCode: '123456' }),
    // past the shape, a code that was never sent: 400 R400
    outcome: { status: 400, code: 'R400' },
  },
  // no hub connection has that id: 404 R404 (docs/product/sessions.md, Calls)
  {
    list: 'portal',
    method: 'POST',
    path: '/api/user/validatesession',
    headers: ['connectionId'],
    bearer: true,
    values: () => ({ connectionId: 'shapes-connection' }),
    outcome: { status: 404, code: 'R404' },
  },
  {
    list: 'portal',
    method: 'GET',
    path: '/api/application/isFreeTrial',
    headers: ['appName'],
    bearer: true,
    values: () => ({ appName: APP }),
    outcome: OK,
  },
  {
    list: 'portal',
    method: 'GET',
    path: '/api/application/getVersionApp',
    headers: ['appName', 'tenant', 'tenantLanguage'],
    bearer: true,
    values: () => ({ appName: APP, tenant: 'suite', tenantLanguage: 'ES' }),
    outcome: OK,
  },
  {
    list: 'portal',
    method: 'GET',
    path: '/api/application/GetParametersApp',
    headers: ['appName', 'parameterType'],
    bearer: true,
    values: () => ({ appName: APP, parameterType: 'login' }),
    outcome: OK,
  },
  {
    list: 'portal',
    method: 'GET',
    path: '/api/application/getMaintenanceWindow',
    headers: ['appName'],
    bearer: true,
    values: () => ({ appName: APP }),
    outcome: OK,
  },
  // the page's own document, whose headers name the application and tenant (docs/product/portal.md, Calls)
  { list: 'portal', method: 'GET', path: '/login', variant: "the page's document", bearer: false, outcome: OK },
];

/** What the create and modify calls share: a Colombian ID card, the main company, the administrator role (named only, as the list sends it). */
const colombianUserIn = (companyId: string) => ({
  idTypeUser: USER_TYPE.user,
  countryCode: 'CO',
  documentType: 'CC',
  customer: [{ id: companyId, name: 'Shapes Company', principal: true, assigned: false }],
  roles: [{ name: 'Administrador', assigned: true }],
});

/** The console's list (docs/product/users.md, access.md, applications.md, menus.md, notifications.md, Calls). */
const CONSOLE: Omit<ListedCall, 'list' | 'bearer'>[] = [
  // users
  {
    path: '/api/user/create',
    method: 'POST',
    body: [...USER_FIELDS, 'customer', 'roles'],
    values: (f) => ({
      names: 'Ana María',
      surnames: 'Núñez Peña',
      email: 'shapes.nuevo@empresa.test',
      document: '10203040',
      userName: 'shapes.nuevo',
      phoneNumber: '(+57) 300 1234567',
      ...colombianUserIn(f.companyId),
    }),
    outcome: OK,
  },
  {
    path: '/api/user/modify',
    method: 'POST',
    body: ['id', ...USER_FIELDS, 'customer', 'roles'],
    values: (f) => ({
      id: f.users.target,
      names: 'Tomás',
      surnames: 'Rivera',
      email: 'shapes.target@test.localhost',
      document: '123456',
      userName: 'shapes.target',
      phoneNumber: '',
      ...colombianUserIn(f.companyId),
    }),
    outcome: OK,
  },
  {
    path: '/api/user/Inactivate',
    method: 'POST',
    body: ['id', 'idstate'],
    values: (f) => ({ id: f.users.state, idstate: USER_STATE.inactive }),
    outcome: OK,
  },
  { path: '/api/user/activateDeletedUser', method: 'POST', body: ['id'], values: (f) => ({ id: f.users.deleted }), outcome: OK },
  // pid lower-cased (docs/product/users.md, Calls)
  { path: '/api/user/GetById', method: 'GET', headers: ['pid'], values: (f) => ({ pid: f.users.target.toLowerCase() }), outcome: OK },
  {
    path: '/api/user/getuserexists',
    variant: 'by user name',
    method: 'POST',
    body: ['userName'],
    values: () => ({ userName: 'shapes.target' }),
    outcome: { status: 200, code: 'A10' },
  },
  {
    path: '/api/user/getuserexists',
    variant: 'by e-mail',
    method: 'POST',
    body: ['email'],
    values: () => ({ email: 'shapes.libre@test.localhost' }),
    outcome: { status: 200, code: 'R11' },
  },
  { path: '/api/user/GetTypeUser', method: 'GET', outcome: OK },
  { path: '/api/user/delete', method: 'POST', body: ['Id'], values: (f) => ({ Id: f.users.doomed }), outcome: OK },
  { path: '/api/user/get-countries', method: 'GET', outcome: OK },
  {
    path: '/api/user/get-document-types-create-users',
    method: 'GET',
    headers: ['code', 'appName'],
    values: () => ({ code: 'CO', appName: APP }),
    outcome: OK,
  },
  {
    path: '/api/user/list',
    method: 'GET',
    headers: ['customerSearch', 'pages', 'filterBy'],
    values: () => ({ customerSearch: 'shapes', pages: '1,10', filterBy: '3' }),
    outcome: OK,
  },
  {
    path: '/api/customer/GetCustomerByUser',
    method: 'GET',
    headers: ['userId', 'app'],
    values: (f) => ({ userId: f.users.target, app: APP }),
    outcome: OK,
  },
  { path: '/api/customer/GetCustomer', method: 'GET', headers: ['userid'], values: (f) => ({ userid: f.users.target }), outcome: OK },
  {
    path: '/api/application/GetCountRolesByUser',
    method: 'GET',
    headers: ['user'],
    values: (f) => ({ user: f.users.target }),
    outcome: OK,
  },
  {
    path: '/api/role/list',
    variant: "the user card's",
    method: 'GET',
    headers: ['application', 'user'],
    values: (f) => ({ application: APP, user: f.users.target }),
    outcome: OK,
  },
  // privileges
  { path: '/api/privilege/list', variant: 'without its optional headers', method: 'GET', outcome: OK },
  {
    path: '/api/privilege/list',
    variant: 'of an application and role',
    method: 'GET',
    headers: ['application', 'rol'],
    values: (f) => ({ application: APP, rol: String(f.adminRoleId) }),
    outcome: OK,
  },
  {
    path: '/api/application/getApplicationsByIdPrivilege',
    method: 'GET',
    headers: ['id'],
    values: (f) => ({ id: String(f.privilege.id) }),
    outcome: OK,
  },
  {
    path: '/api/privilege/create',
    method: 'POST',
    body: ['name', 'description', 'licence', 'isAuditable', 'application'],
    values: () => ({ name: 'SHAPES_NUEVO', description: 'Ver reportes', licence: false, isAuditable: true, application: [APP] }),
    outcome: OK,
  },
  {
    path: '/api/privilege/modify',
    method: 'POST',
    body: ['id', 'name', 'description', 'idstate', 'licence', 'isAuditable', 'application'],
    values: (f) => ({
      id: f.privilege.id,
      name: f.privilege.name,
      description: 'Editar reportes',
      idstate: 0,
      licence: false,
      isAuditable: true,
      application: [APP],
    }),
    outcome: OK,
  },
  // roles
  { path: '/api/role/list', variant: "the roles screen's", method: 'GET', outcome: OK },
  { path: '/api/application/applicationId', method: 'GET', headers: ['id'], values: (f) => ({ id: String(f.roles.whole) }), outcome: OK },
  {
    path: '/api/role/create',
    method: 'POST',
    body: ['name', 'description', 'alias', 'application'],
    values: () => ({
      name: 'Shapes Nuevo',
      description: 'Revisa',
      alias: 'revisor',
      application: [{ name: APP, privilege: ['USERS_READ'], isVisible: true }],
    }),
    outcome: OK,
  },
  {
    path: '/api/role/modify',
    variant: 'its state',
    method: 'POST',
    body: ['id', 'description', 'idstate'],
    values: (f) => ({ id: f.roles.state, description: 'Revisa', idstate: 1 }),
    outcome: OK,
  },
  {
    path: '/api/role/modify',
    variant: 'the whole role',
    method: 'POST',
    body: ['id', 'name', 'description', 'alias', 'idstate', 'application'],
    values: (f) => ({
      id: f.roles.whole,
      name: 'Shapes Completo',
      description: 'Revisa y aprueba',
      alias: 'aprobador',
      idstate: 0,
      application: [{ name: APP, privilege: ['USERS_READ', 'ROLES_READ'], isVisible: true }],
    }),
    outcome: OK,
  },
  // applications
  { path: '/api/application/list', method: 'GET', outcome: OK },
  {
    path: '/api/application/create',
    method: 'POST',
    body: ['id', 'idState', ...APPLICATION_FIELDS],
    values: () => ({ id: 0, idState: 0, ...applicationForm('Shapes Nueva') }),
    outcome: OK,
  },
  {
    path: '/api/application/modify',
    variant: 'a save',
    method: 'POST',
    body: ['id', 'idState', ...APPLICATION_FIELDS],
    values: (f) => ({ id: f.application.saved, idState: 0, ...applicationForm('Shapes Guardar', 'Título cambiado') }),
    outcome: OK,
  },
  // the list's switch: the application re-sent with idState flipped
  {
    path: '/api/application/modify',
    variant: 'the state switch',
    method: 'POST',
    body: ['id', 'idState', ...APPLICATION_FIELDS],
    values: (f) => ({ id: f.application.toggled, idState: 1, ...applicationForm('Shapes Estado') }),
    outcome: OK,
  },
  { path: '/api/application/getApplicationsForAssignMenu', method: 'GET', outcome: OK },
  { path: '/api/application/getApplicationsForAssignNotification', method: 'GET', outcome: OK },
  {
    path: '/api/application/getVersionApp',
    method: 'GET',
    headers: ['appName', 'tenant', 'tenantLanguage'],
    values: () => ({ appName: APP, tenant: 'suite', tenantLanguage: 'ES' }),
    outcome: OK,
  },
  // menus
  {
    path: '/api/menu/Create',
    method: 'POST',
    body: MENU_FIELDS,
    values: (f) => ({
      id: 0,
      idapplication: f.application.menus,
      idmenulocation: 2,
      numberRows: 0,
      menujson: JSON.stringify([menuItem('ShapesTop1', 2, 'Shapes Menus')]),
    }),
    outcome: OK,
  },
  // without `version` or If-Match: the guard is optional, the last write wins (docs/product/menus.md, Rules)
  {
    path: '/api/menu/Modify',
    method: 'POST',
    body: MENU_FIELDS,
    values: (f) => ({
      id: f.menuId,
      idapplication: f.application.menus,
      idmenulocation: 1,
      numberRows: 0,
      menujson: JSON.stringify([menuItem('ShapesLat2', 1, 'Shapes Menus')]),
    }),
    outcome: OK,
  },
  {
    path: '/api/menu/GetMenuByApp',
    method: 'GET',
    headers: ['idapplication', 'idmenulocation'],
    values: (f) => ({ idapplication: String(f.application.menus), idmenulocation: '1' }),
    outcome: OK,
  },
  { path: '/api/menu/list', variant: 'every menu', method: 'GET', outcome: OK },
  {
    path: '/api/menu/list',
    variant: "a user's",
    method: 'GET',
    headers: ['userid'],
    values: (f) => ({ userid: f.users.target }),
    outcome: OK,
  },
  {
    path: '/api/menu/GetMenuByUser',
    method: 'GET',
    headers: ['idmenulocation', 'appName'],
    values: () => ({ idmenulocation: '1', appName: APP }),
    outcome: OK,
  },
  {
    path: '/api/menu/UploadImageMenu',
    method: 'POST',
    body: ['ApplicationName', 'Extension', 'ImageBase64'],
    values: () => ({ ApplicationName: APP, Extension: '.png', ImageBase64: PNG_1X1 }),
    outcome: OK,
  },
  // notifications
  {
    path: '/api/Notifications/Create',
    method: 'POST',
    body: NOTIFICATION_FIELDS,
    values: (f) => notification(f, 0, 'Ventana de mantenimiento de diciembre'),
    outcome: OK,
  },
  {
    path: '/api/Notifications/Modify',
    method: 'POST',
    body: NOTIFICATION_FIELDS,
    values: (f) => notification(f, f.notifications.modified, 'Ventana de mantenimiento aplazada'),
    outcome: OK,
  },
  { path: '/api/Notifications/Delete', method: 'POST', body: ['id'], values: (f) => ({ id: f.notifications.deleted }), outcome: OK },
  { path: '/api/Notifications/List', method: 'GET', outcome: OK },
  {
    path: '/api/Subjects/SubjectsByTemplateId',
    method: 'GET',
    headers: ['idTemplate'],
    values: () => ({ idTemplate: MAINTENANCE_TEMPLATE }),
    outcome: OK,
  },
  {
    path: '/api/ApplicationsTemplates/TemplatesByApps',
    method: 'GET',
    headers: ['apps'],
    values: (f) => ({ apps: `${f.apps.ibuhoo},${f.apps.firmaya}` }),
    outcome: OK,
  },
  // the OTP reset and the session's support
  {
    path: '/api/login/ValidateOtpMail',
    method: 'POST',
    body: ['token'],
    values: (f) => ({ token: f.otpTokens.console }),
    outcome: { status: 200, code: 'A10' },
  },
  {
    path: '/api/login/RevokeToken',
    method: 'PUT',
    body: ['UserName', 'Quantity', 'AppName', 'RefreshToken'],
    values: (f) => ({ UserName: 'admin', Quantity: 1, AppName: APP, RefreshToken: f.refresh.consoleRevoke }),
    outcome: OK,
  },
  {
    path: '/api/Login/RefreshToken',
    method: 'POST',
    body: ['RefreshToken', 'UserName', 'Appname'],
    values: (f) => ({ RefreshToken: f.refresh.consoleRefresh, UserName: 'admin', Appname: APP }),
    outcome: OK,
  },
  {
    path: '/api/user/validatesession',
    method: 'POST',
    headers: ['connectionId'],
    values: () => ({ connectionId: 'shapes-connection' }),
    outcome: { status: 404, code: 'R404' },
  },
];

/** Both lists; every console call carries the token (docs/product/console.md). */
const CALLS: ListedCall[] = [...PORTAL, ...CONSOLE.map((call): ListedCall => ({ ...call, list: 'console', bearer: true }))];

/** The request as the list writes it: exactly its header names and body fields, nothing else. */
function request(call: ListedCall, f: Fixtures) {
  const values = call.values?.(f) ?? {};
  const headerNames = call.headers ?? [];
  const bodyNames = call.body ?? [];
  // the table's values name exactly what the list names
  expect(Object.keys(values).sort()).toEqual([...headerNames, ...bodyNames].sort());
  const headers: Record<string, string> = Object.fromEntries(headerNames.map((name) => [name, String(values[name])]));
  if (call.bearer) headers.authorization = `Bearer ${f.adminToken}`;
  const body = call.body ? Object.fromEntries(bodyNames.map((name) => [name, values[name]])) : undefined;
  return { method: call.method, url: call.path, headers, ...(body ? { payload: body } : {}) };
}

/** The messages of a refusal: `result.information` and each `statusDetails[].description`. */
function messagesOf(response: LightMyRequestResponse): string[] {
  let reply: { result?: { information?: unknown }; statusDetails?: { description?: unknown }[] };
  try {
    reply = JSON.parse(response.body);
  } catch {
    return [response.body];
  }
  return [reply.result?.information, ...(reply.statusDetails ?? []).map((d) => d.description)].filter(
    (m): m is string => typeof m === 'string',
  );
}

/**
 * Why the call was refused for its shape, or undefined: a 5xx, or a 400 saying a field is invalid
 * by key or type, or naming a field ('Solicitud inválida (body.x): …', docs/architecture.md §6)
 * that the list does not send.
 */
function shapeRefusal(call: ListedCall, response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body}`;
  if (response.statusCode !== 400) return undefined;
  const sent = [...(call.headers ?? []), ...(call.body ?? [])].map((name) => name.toLowerCase());
  for (const message of messagesOf(response)) {
    if (/Invalid (key|type)/i.test(message)) return message;
    const named = /\((?:body|headers|query|params)\.([^).\s]+)/.exec(message)?.[1];
    if (named !== undefined && !sent.includes(named.toLowerCase())) return message;
  }
  return undefined;
}

function outcomeOf(response: LightMyRequestResponse, expected: ListedCall['outcome']): ListedCall['outcome'] {
  if (expected.code === undefined) return { status: response.statusCode };
  return { status: response.statusCode, code: json(response).result?.informationCode };
}

/** The newest e-mail to `to`: its text. */
async function lastMail(server: TestServer, to: string): Promise<string> {
  await mailSent(server.app);
  const mail = await server.db
    .selectFrom('mailbox')
    .select('text_body')
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return mail.text_body;
}

/** A call made to prepare the rows (not one of the table's): it must succeed. */
async function prepared(app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return json(response).result;
}

async function fixtures(server: TestServer): Promise<Fixtures> {
  const { app, db } = server;
  const adminToken = await tokenFor(app, 'admin', ADMIN_PASSWORD);
  const refreshToken = async () => json(await login(app, 'admin', ADMIN_PASSWORD)).result.refreshToken as string;
  const refresh = {
    portalRevoke: await refreshToken(),
    portalRefresh: await refreshToken(),
    consoleRevoke: await refreshToken(),
    consoleRefresh: await refreshToken(),
  };
  const exchangeCode = new URL(json(await login(app, 'admin', ADMIN_PASSWORD, 'firmaya')).result.urlApp).searchParams.get('code') as string;

  const apps = Object.fromEntries(
    (await db.selectFrom('applications').select(['id', 'name']).execute()).map((a) => [a.name.toLowerCase(), a.id]),
  );
  const adminRole = await db.selectFrom('roles').select('id').where('name', '=', 'Administrador').executeTakeFirstOrThrow();
  const company = await db.insertInto('customers').values({ name: 'Shapes Company', idstate: 0 }).returning('id').executeTakeFirstOrThrow();

  const users = {
    target: await createUser(db, { userName: 'shapes.target' }),
    state: await createUser(db, { userName: 'shapes.state' }),
    deleted: await createUser(db, { userName: 'shapes.deleted', deleted: true }),
    doomed: await createUser(db, { userName: 'shapes.doomed' }),
  };
  // e-mails of a top-level domain the reset calls take (2-4 letters: docs/product/passwords.md, Fields)
  await createUser(db, { userName: 'shapes.reset', email: 'shapes.reset@empresa.test' });
  await createUser(db, { userName: 'shapes.assign' });
  await createUser(db, { userName: 'shapes.pending', idstate: USER_STATE.pendingActivation });
  await createUser(db, { userName: 'shapes.changer', password: PASSWORD });
  await createUser(db, {
    userName: 'shapes.cert',
    email: 'shapes.cert@empresa.test',
    password: PASSWORD,
    typeuserid: USER_TYPE.certifiedUser,
    document: CERTIFICATE_DOCUMENT,
  });
  await createUser(db, { userName: 'shapes.svc', password: PASSWORD, typeuserid: USER_TYPE.application });
  await createUser(db, { userName: 'shapes.otp1' });
  await createUser(db, { userName: 'shapes.otp2' });

  // a reset link, read from its e-mail as the page reads it (docs/product/passwords.md, Links)
  const reset = await app.inject({ method: 'POST', url: '/api/login/ResetPassword', payload: { appname: APP, user: 'shapes.assign' } });
  if (reset.statusCode !== 200) throw new Error(`reset: ${reset.body}`);
  const query = /\/changepassword\?(\S+)/.exec(await lastMail(server, 'shapes.assign@test.localhost'))?.[1] as string;
  const link = JSON.parse(decryptPayload(decodeURIComponent(query), app.ctx.payloadKey) as string) as { user: string; token: string };

  // OTP-reset requests of an application's own account, their links read from the e-mails
  const serviceToken = await tokenFor(app, 'shapes.svc', PASSWORD, 'confronta');
  const otpToken = async (userName: string) => {
    await prepared(app, serviceToken, 'POST', '/api/otp-reset/requests', { appName: 'confronta', userName });
    const otpLink = /(http\S+\/resetotp\?\S+)/.exec(await lastMail(server, `${userName}@test.localhost`))?.[1] as string;
    return otpResetTokenOf(new URL(otpLink).search);
  };
  const otpTokens = { portal: await otpToken('shapes.otp1'), console: await otpToken('shapes.otp2') };

  const privilege = await prepared(app, adminToken, 'POST', '/api/privilege/create', {
    name: 'SHAPES_EDITAR',
    description: 'Ver reportes',
    licence: false,
    isAuditable: true,
    application: [APP],
  });
  const role = (name: string) =>
    prepared(app, adminToken, 'POST', '/api/role/create', {
      name,
      description: 'Revisa',
      alias: 'revisor',
      application: [{ name: APP, privilege: ['USERS_READ'], isVisible: true }],
    });
  const roles = { state: (await role('Shapes Estado')).id as number, whole: (await role('Shapes Completo')).id as number };

  const application = async (name: string) =>
    (await prepared(app, adminToken, 'POST', '/api/application/create', applicationForm(name))).id as number;
  const applications = {
    saved: await application('Shapes Guardar'),
    toggled: await application('Shapes Estado'),
    menus: await application('Shapes Menus'),
  };
  const menu = await prepared(app, adminToken, 'POST', '/api/menu/Create', {
    idapplication: applications.menus,
    idmenulocation: 1,
    numberRows: 0,
    menujson: JSON.stringify([menuItem('ShapesLat1', 1, 'Shapes Menus')]),
  });

  const subjectId = (
    await db
      .selectFrom('notification_subjects')
      .select('id')
      .where('template_id', '=', MAINTENANCE_TEMPLATE)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const f: Fixtures = {
    encrypt: (text) => encryptPayload(text, app.ctx.payloadKey),
    adminToken,
    refresh,
    exchangeCode,
    resetLink: { user: link.user, token: link.token },
    otpTokens,
    apps,
    companyId: company.id,
    adminRoleId: adminRole.id,
    users,
    privilege: { id: privilege.id as number, name: 'SHAPES_EDITAR' },
    roles,
    application: applications,
    menuId: menu.id as number,
    notifications: { modified: 0, deleted: 0, subjectId },
  };
  const pending = async (reason: string) =>
    (await prepared(app, adminToken, 'POST', '/api/Notifications/Create', notification(f, 0, reason))).id as number;
  f.notifications.modified = await pending('Aviso por modificar');
  f.notifications.deleted = await pending('Aviso por borrar');
  return f;
}

let provider: Awaited<ReturnType<typeof startOidcProviderProcess>> | undefined;
/** The host shell's files as a build leaves them: the page's document. */
const pageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'suite-shapes-'));
fs.mkdirSync(path.join(pageRoot, 'host-shell', 'dist'), { recursive: true });
fs.writeFileSync(path.join(pageRoot, 'host-shell', 'dist', 'index.html'), '<!doctype html><title>Suite</title><div id="root"></div>');

beforeAll(async () => {
  provider = await startOidcProviderProcess();
}, 60_000);
afterAll(async () => {
  await provider?.stop();
  fs.rmSync(pageRoot, { recursive: true, force: true });
});

describe('the API lists', () => {
  it('name 24 calls of the portal and 50 of the console, each once per variant', () => {
    expect(CALLS.filter((c) => c.list === 'portal')).toHaveLength(24);
    expect(CALLS.filter((c) => c.list === 'console')).toHaveLength(50);
    const keys = CALLS.map((c) => `${c.list} ${c.method} ${c.path.toLowerCase()} ${c.variant ?? ''}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describeEachBackend(
  'every listed call, sent as its list writes it',
  (server) => {
    let f: Fixtures;
    beforeAll(async () => {
      f = await fixtures(server());
    }, 60_000);

    for (const call of CALLS) {
      const name = `${call.list}: ${call.method} ${call.path}${call.variant ? ` (${call.variant})` : ''} → ${call.outcome.status}${
        call.outcome.code ? ` ${call.outcome.code}` : ''
      }`;
      const test = call.gap ? it.failing : it;
      test(call.gap ? `${name}; refused for its shape today: ${call.gap}` : name, async () => {
        const response = await server().app.inject(request(call, f));
        expect({ refusedForItsShape: shapeRefusal(call, response) }).toEqual({ refusedForItsShape: undefined });
        expect({ outcome: outcomeOf(response, call.outcome), body: response.body }).toEqual({
          outcome: call.outcome,
          body: expect.any(String),
        });
      });
    }
  },
  () => ({
    staticRoot: pageRoot,
    oidc: provider
      ? { providers: { '*': { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret } } }
      : undefined,
  }),
);
