import { consoleRemoteKit, serve as serveRoutes, type ApiCall, type ApiRoutes } from '@suite/shared/testing';
import App from '../../App';

/** Test helpers of the user card: the console remote kit, and the users API's default replies. */

export { callsTo, cleanUpDialogs } from '@suite/shared/testing';
export const { renderAt } = consoleRemoteKit(App);

export const IDS = {
  user: '5b0f2c4e-8d1a-4c3e-9f2a-1b2c3d4e5f60',
  deleted: '6c1f3d5e-9e2b-4d4f-8a3b-2c3d4e5f6a71',
  acme: '7d2a4e6f-0f3c-4e5a-9b4c-3d4e5f6a7b82',
  bravo: '8e3b5f7a-1a4d-4f6b-8c5d-4e5f6a7b8c93',
} as const;

export const userDetail = {
  id: IDS.user,
  names: 'Ana María',
  surnames: 'Núñez',
  email: 'ana@empresa.test',
  document: '1020304050',
  userName: 'anunez',
  phoneNumber: '3001234567',
  idTypeUser: 2,
  typeuserid: 2,
  countryCode: 'CO',
  documentType: 'CC',
  countryId: 1,
  documentTypeId: 1,
  idstate: 1,
  modifiedon: '2026-01-01T00:00:00Z',
  deleted: false,
};

export const companies = (mainId?: string) => [
  {
    id: IDS.acme,
    name: 'Acme',
    principal: mainId === IDS.acme,
    assigned: false,
    idstate: 0,
    modifiedOn: '2026-01-02T00:00:00Z',
    sharedApps: '',
  },
  {
    id: IDS.bravo,
    name: 'Bravo',
    principal: mainId === IDS.bravo,
    assigned: false,
    idstate: 0,
    modifiedOn: '2026-01-03T00:00:00Z',
    sharedApps: '',
  },
];

export const role = (id: number, name: string, assigned = false, idstate = 0) => ({
  id,
  name,
  description: '',
  alias: '',
  createdon: '2026-01-01T00:00:00Z',
  idstate,
  sharedApps: 'Consola',
  assigned,
});

/** Default replies of the card's calls; tests override some. Keys: 'METHOD /path' (lower-case path). */
export function defaultRoutes(): ApiRoutes {
  return {
    'GET /api/user/gettypeuser': [
      200,
      {
        records: [
          { id: 2, name: 'Usuario' },
          { id: 4, name: 'Usuario Certificado' },
        ],
      },
    ],
    'GET /api/user/get-countries': [
      200,
      [
        { id: 1, name: 'Colombia', countryCode: 'CO' },
        { id: 2, name: 'Perú', countryCode: 'PE' },
      ],
    ],
    'GET /api/user/get-document-types-create-users': ({ headers }) =>
      headers.get('code') === 'CO'
        ? [
            200,
            {
              listDocumentType: [
                {
                  documentTypeId: 1,
                  documentTypeDescription: 'Cédula de ciudadanía',
                  documentTypeAllowed: 'CC',
                  country: 'CO',
                  alphanumeric: false,
                },
                { documentTypeId: 5, documentTypeDescription: 'Pasaporte', documentTypeAllowed: 'PA', country: 'CO', alphanumeric: true },
              ],
            },
          ]
        : [
            200,
            {
              listDocumentType: [
                { documentTypeId: 9, documentTypeDescription: 'DNI', documentTypeAllowed: 'DNI', country: 'PE', alphanumeric: false },
              ],
            },
          ],
    'GET /api/customer/getcustomer': ({ headers }) => [200, { customers: companies(headers.get('userid') ? IDS.acme : undefined) }],
    'GET /api/application/getcountrolesbyuser': ({ headers }) => [
      200,
      { records: [{ appid: 1, appname: 'ibuhoo', apptitle: 'Consola', rolequantity: 2, rolequantityUnique: headers.get('user') ? 1 : 0 }] },
    ],
    'GET /api/role/list': ({ headers }) => [
      200,
      { records: [role(1, 'Administrador', Boolean(headers.get('user'))), role(2, 'Lector'), role(3, 'Antiguo', false, 1)], count: 3 },
    ],
    'GET /api/user/getbyid': [200, { count: 1, records: [userDetail] }],
    'POST /api/user/getuserexists': [200, { informationCode: 'R11', information: 'El valor no se encuentra utilizado.', users: [] }],
    'GET /api/user/list': [200, { users: [], rows: 0 }],
    [`GET /api/user/${IDS.user}/factors`]: [200, { factors: [], recoveryCodesLeft: 0 }],
    [`GET /api/user/${IDS.user}/sessions`]: [200, { sessions: [] }],
    'GET /api/user/privileges': [
      200,
      {
        records: [
          {
            application: 'ibuhoo',
            title: 'Consola',
            privileges: [
              { name: 'USERS_READ', roles: ['Administrador', 'Lector'] },
              { name: 'USERS_WRITE', roles: ['Administrador'] },
            ],
          },
        ],
      },
    ],
  };
}

/** Answers fetch from the default routes and `overrides`; unknown calls get a 404. Returns the calls made (paths in lower case). */
export function serve(overrides: ApiRoutes = {}): ApiCall[] {
  return serveRoutes({ ...defaultRoutes(), ...overrides });
}
