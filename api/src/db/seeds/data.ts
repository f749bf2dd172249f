import type { Insertable } from 'kysely';
import {
  APP_PARAMETERS,
  type SecondFactorPolicy,
  CONSOLE_AREAS,
  CONSOLE_AREA_NAMES,
  READ_ONLY_AREAS,
  READ_ONLY_AREA_NAMES,
  CONSOLE_WRITE_PRIVILEGES,
  FALLBACK_APP,
  LOGIN_MAX_FAILED_ATTEMPTS,
  USER_STATE,
  USER_TYPE,
  type PortalProfileOverride,
  type PrivilegeName,
} from '@suite/shared/contracts';
import type { ApplicationsTable } from '../schema';
import { BRANDS, applicationAppearance, tenantOverride } from './profiles';

/** Reference data of both specs, seeded idempotently at every start. */

export const USER_TYPES = [
  { id: USER_TYPE.application, name: 'Aplicacion' },
  { id: USER_TYPE.user, name: 'Usuario' },
  { id: USER_TYPE.tester, name: 'Tester' },
  { id: USER_TYPE.certifiedUser, name: 'Usuario Certificado' },
];

export const COUNTRIES = [
  { id: 1, name: 'Colombia', country_code: 'CO' },
  { id: 2, name: 'Ecuador', country_code: 'EC' },
  { id: 3, name: 'Brasil', country_code: 'BR' },
  { id: 4, name: 'Perú', country_code: 'PE' },
  { id: 5, name: 'México', country_code: 'MX' },
  { id: 6, name: 'Chile', country_code: 'CL' },
];

/**
 * Document types per country. Ids follow the user form's validation (docs/product/users.md): types 1, 2 and 12
 * numeric, 5 and 13 alphanumeric; PA (passport) is alphanumeric and offered on the
 * certificate sign-in. Other countries' ids start at 20.
 */
export const DOCUMENT_TYPES = [
  { id: 1, description: 'Cédula de ciudadanía', allowed: 'CC', country_id: 1, alphanumeric: false, for_certificate: true },
  { id: 2, description: 'Cédula de extranjería', allowed: 'CE', country_id: 1, alphanumeric: false, for_certificate: true },
  { id: 3, description: 'Tarjeta de identidad', allowed: 'TI', country_id: 1, alphanumeric: false, for_certificate: false },
  { id: 5, description: 'Pasaporte', allowed: 'PA', country_id: 1, alphanumeric: true, for_certificate: true },
  { id: 12, description: 'NIT', allowed: 'NIT', country_id: 1, alphanumeric: false, for_certificate: true },
  { id: 13, description: 'Permiso especial de permanencia', allowed: 'PEP', country_id: 1, alphanumeric: true, for_certificate: false },
  { id: 20, description: 'Cédula de identidad', allowed: 'CI', country_id: 2, alphanumeric: false, for_certificate: false },
  { id: 21, description: 'RUC', allowed: 'RUC', country_id: 2, alphanumeric: false, for_certificate: false },
  { id: 22, description: 'Pasaporte', allowed: 'PA', country_id: 2, alphanumeric: true, for_certificate: false },
  { id: 30, description: 'Cadastro de Pessoas Físicas', allowed: 'CPF', country_id: 3, alphanumeric: false, for_certificate: false },
  {
    id: 31,
    description: 'Cadastro Nacional da Pessoa Jurídica',
    allowed: 'CNPJ',
    country_id: 3,
    alphanumeric: false,
    for_certificate: false,
  },
  { id: 32, description: 'Passaporte', allowed: 'PA', country_id: 3, alphanumeric: true, for_certificate: false },
  { id: 40, description: 'Documento nacional de identidad', allowed: 'DNI', country_id: 4, alphanumeric: false, for_certificate: false },
  { id: 41, description: 'RUC', allowed: 'RUC', country_id: 4, alphanumeric: false, for_certificate: false },
  { id: 42, description: 'Pasaporte', allowed: 'PA', country_id: 4, alphanumeric: true, for_certificate: false },
  {
    id: 50,
    description: 'Clave única de registro de población',
    allowed: 'CURP',
    country_id: 5,
    alphanumeric: true,
    for_certificate: false,
  },
  { id: 51, description: 'Registro federal de contribuyentes', allowed: 'RFC', country_id: 5, alphanumeric: true, for_certificate: false },
  { id: 52, description: 'Pasaporte', allowed: 'PA', country_id: 5, alphanumeric: true, for_certificate: false },
  { id: 60, description: 'Rol único tributario', allowed: 'RUT', country_id: 6, alphanumeric: true, for_certificate: false },
  { id: 61, description: 'Pasaporte', allowed: 'PA', country_id: 6, alphanumeric: true, for_certificate: false },
];

export interface TenantSeed {
  code: string;
  title: string;
  default_language?: 'es' | 'en' | 'pt';
  /** The tenant's partial portal profile, laid over the application's. */
  profile: PortalProfileOverride;
}

export type AppSeed = Omit<Insertable<ApplicationsTable>, 'name' | 'title' | 'appearance'> & {
  name: string;
  title: string;
  /** The application's portal appearance (profiles.ts). */
  appearance: ReturnType<typeof applicationAppearance>;
  tenants?: TenantSeed[];
  /** Its captchaApply parameter (applicationParameters): the sign-in screens show the captcha. */
  captcha_apply?: boolean;
  /** Its secondFactor and passkeySignIn parameters (docs/adr/0037-second-factors.md); off unless named. */
  second_factor?: SecondFactorPolicy;
  passkey_sign_in?: boolean;
};

const sibling = (name: string) => `https://${name}.suite.example/`;
const freeTrial = (name: string) => ({
  free_trial_url: `https://${name}.suite.example/prueba-gratis`,
  free_trial_code: `${name.toUpperCase()}-TRIAL-30`,
});

/** The dark/light template of myselfcert, bemyself and letmicert (docs/product/portal.md, The portal profile), starting dark. */
const MYSELF_TEMPLATE = { darkTemplate: true, startDark: true };
/** The myself-style applications: their own sign-in look, /check-email, default tenant myselfcert (docs/product/portal.md, The portal profile). */
const MYSELF_BEHAVIOUR = { sign_in_variant: 'myself', email_sent_route: '/check-email', default_tenant: 'myselfcert' } as const;

const tenant = (app: string, code: string, title: string, darkTemplate: boolean, default_language?: 'pt'): TenantSeed => ({
  code,
  title,
  ...(default_language ? { default_language } : {}),
  profile: tenantOverride(BRANDS[`${app}/${code}`], darkTemplate),
});

/**
 * The applications of the portal (docs/product/portal.md) with their titles and portal profile: sign-in look,
 * e-mail-sent screen, buy and free-trial links, default tenant and language, appearance, and the
 * tenant variants with their overrides (docs/adr/0007-portal-profiles.md).
 */
export const APPLICATIONS: AppSeed[] = [
  {
    name: FALLBACK_APP,
    title: 'Suite GSE',
    url_app: '/users',
    landing: '/users',
    url_assign_password: '/changepassword',
    description: 'Consola de administración de identidades',
    type_application: true,
    amount_time: 8,
    time_unit: 2,
    sign_in_variant: 'twoColumn',
    appearance: applicationAppearance(BRANDS.ibuhoo),
    // a newcomer tries an authenticator and a passkey on the console at once (`npm start`)
    second_factor: 'optional',
    passkey_sign_in: true,
    // the generic suite and the oidc variant
    tenants: [tenant('ibuhoo', 'suite', 'Suite GSE', false), tenant('ibuhoo', 'oidc', 'Suite GSE', false)],
  },
  {
    name: 'license',
    title: 'License',
    url_app: sibling('license'),
    landing: sibling('license'),
    type_application: true,
    sign_in_variant: 'translated',
    appearance: applicationAppearance(BRANDS.license),
    tenants: [tenant('license', 'letmicert', 'Licenciamiento - Letmi', false), tenant('license', 'myselfcert', 'MySelf', false)],
  },
  {
    name: 'product',
    title: 'Product',
    url_app: sibling('product'),
    landing: sibling('product'),
    show_buy_link: true,
    show_free_trial: true,
    ...freeTrial('product'),
    appearance: applicationAppearance(BRANDS.product),
  },
  {
    name: 'colnomina',
    title: 'Product Nómina',
    url_app: sibling('colnomina'),
    landing: sibling('colnomina'),
    show_buy_link: true,
    show_free_trial: true,
    ...freeTrial('colnomina'),
    appearance: applicationAppearance(BRANDS.colnomina),
  },
  {
    name: 'biometria',
    title: 'Biometria',
    url_app: sibling('biometria'),
    landing: sibling('biometria'),
    appearance: applicationAppearance(BRANDS.biometria),
  },
  {
    name: 'confronta',
    title: 'Confronta',
    url_app: sibling('confronta'),
    landing: sibling('confronta'),
    appearance: applicationAppearance(BRANDS.confronta),
  },
  {
    name: 'firmaya',
    title: 'Firmaya',
    url_app: sibling('firmaya'),
    landing: sibling('firmaya'),
    sign_in_variant: 'certificate',
    // its sign-in screens show the captcha (docs/product/sign-in.md, Captcha; parameter captchaApply)
    captcha_apply: true,
    // the identity-provider button of the certificate sign-in
    appearance: applicationAppearance(BRANDS.firmaya, { externalSignIn: true }),
  },
  {
    name: 'myselfcert',
    title: 'MySelf',
    url_app: sibling('myselfcert'),
    landing: sibling('myselfcert'),
    ...MYSELF_BEHAVIOUR,
    appearance: applicationAppearance(BRANDS.myselfcert, MYSELF_TEMPLATE),
  },
  {
    name: 'bemyself',
    title: 'MySelf',
    url_app: sibling('bemyself'),
    landing: sibling('bemyself'),
    ...MYSELF_BEHAVIOUR,
    appearance: applicationAppearance(BRANDS.bemyself, { ...MYSELF_TEMPLATE, externalSignIn: true }),
    tenants: [
      tenant('bemyself', '472', 'MySelf', true),
      tenant('bemyself', 'bmscol', 'MySelf', true),
      tenant('bemyself', 'bmsecu', 'MySelf', true),
      tenant('bemyself', 'bmsbra', 'MySelf', true, 'pt'),
    ],
  },
  {
    name: 'letmicert',
    title: 'Letmicert',
    url_app: sibling('letmicert'),
    landing: sibling('letmicert'),
    ...MYSELF_BEHAVIOUR,
    appearance: applicationAppearance(BRANDS.letmicert, MYSELF_TEMPLATE),
  },
  // hidden from every application list and selector (docs/product/console.md, Hidden application)
  {
    name: 'RESETOTP',
    title: 'Reset OTP',
    url_app: '/resetotp',
    landing: '/resetotp',
    is_visible: false,
    appearance: applicationAppearance(BRANDS.ibuhoo),
  },
];

/** Contact shown with 'El usuario se encuentra bloqueado.' (parameter supportContact). */
export const SUPPORT_CONTACT = 'soporte@suite.example';

export interface ParameterSeed {
  parameter_type: 'login' | 'general';
  name: string;
  value: boolean | number | string | object;
}

/** The parameters every application starts with (GET /api/application/GetParametersApp). */
export function applicationParameters(app: AppSeed): ParameterSeed[] {
  const params: ParameterSeed[] = [
    { parameter_type: 'login', name: APP_PARAMETERS.captchaApply, value: app.captcha_apply ?? false },
    { parameter_type: 'login', name: APP_PARAMETERS.secondFactor, value: app.second_factor ?? 'off' },
    { parameter_type: 'login', name: APP_PARAMETERS.passkeySignIn, value: app.passkey_sign_in ?? false },
    { parameter_type: 'login', name: APP_PARAMETERS.maxFailedAttempts, value: LOGIN_MAX_FAILED_ATTEMPTS },
    { parameter_type: 'login', name: APP_PARAMETERS.supportContact, value: SUPPORT_CONTACT },
    { parameter_type: 'general', name: APP_PARAMETERS.resendEmailSeconds, value: 60 },
    { parameter_type: 'general', name: APP_PARAMETERS.sessionValidationDelayMs, value: 100 },
  ];
  if (app.show_buy_link) {
    params.push({ parameter_type: 'login', name: APP_PARAMETERS.buyUrl, value: `https://${app.name.toLowerCase()}.suite.example/comprar` });
  }
  return params;
}

/** The JSON type of a parameter value, as stored in application_parameters.value_type. */
export function jsonType(value: unknown): 'boolean' | 'number' | 'string' | 'object' | 'array' {
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  if (t === 'boolean' || t === 'number' || t === 'string') return t;
  return 'object';
}

/** The console's areas, each with its read and write privilege (named in @suite/shared/contracts). */
export const ADMIN_AREAS = CONSOLE_AREAS;

export const PRIVILEGES: { name: PrivilegeName; description: string }[] = [
  ...ADMIN_AREAS.flatMap((area) => [
    { name: `${area}_READ` as const, description: `Consultar ${CONSOLE_AREA_NAMES[area]}` },
    { name: `${area}_WRITE` as const, description: `Crear y modificar ${CONSOLE_AREA_NAMES[area]}` },
  ]),
  ...READ_ONLY_AREAS.map((area) => ({ name: `${area}_READ` as const, description: `Consultar ${READ_ONLY_AREA_NAMES[area]}` })),
];

/** The console's write privileges: who holds them all is its full administrator, and none may be left without an active holder (modules/access/guard.ts). */
export { CONSOLE_WRITE_PRIVILEGES };

export const ADMIN_ROLE = {
  name: 'Administrador',
  description: 'Administración completa de la consola',
  alias: 'Administrador',
};

export const ADMIN_USER_NAME = 'admin';
export const ADMIN_COMPANY = 'Suite GSE S.A.S.';

/* ---------------- demo data (NODE_ENV !== 'production') ---------------- */

export const DEMO_COMPANIES = [
  'Comercializadora Andina S.A.S.',
  'Transportes del Pacífico Ltda.',
  'Servicios Médicos Integrales S.A.',
  'Constructora Altamira S.A.S.',
  'Distribuidora La Sabana S.A.S.',
];

/** A role holding only USERS_READ on the console, for demo accounts that may browse users. */
export const DEMO_READER_ROLE = {
  name: 'Consulta de usuarios',
  description: 'Solo lectura del listado de usuarios',
  alias: 'Consulta',
  privileges: ['USERS_READ'],
};

/** Password of every demo account (development only). */
export const DEMO_PASSWORD = 'Demo.Suite2025';

export interface DemoUser {
  userName: string;
  names: string;
  surnames: string;
  document: string;
  documentTypeId: number;
  countryId: number;
  phone: string | null;
  typeuserid: number;
  idstate: number;
  company: number;
  reader: boolean;
  /** Days since the last modification. */
  age: number;
}

const { active: A, inactive: I, pendingActivation: P, blocked: B } = USER_STATE;
const { application: TA, user: TU, tester: TT, certifiedUser: TC } = USER_TYPE;

// userName, names, surnames, document, type, state, company, reader, age (days)
const DEMO_ROWS: [string, string, string, string, number, number, number, boolean, number][] = [
  ['mgarcia', 'María Fernanda', 'García López', '1020304050', TU, A, 0, true, 1],
  ['jrodriguez', 'Juan Carlos', 'Rodríguez Pérez', '79845123', TU, A, 0, false, 2],
  ['lmartinez', 'Laura Daniela', 'Martínez Gómez', '1032456789', TC, A, 1, false, 3],
  ['ahernandez', 'Andrés Felipe', 'Hernández Ruiz', '80123456', TU, I, 1, false, 4],
  ['cramirez', 'Carolina', 'Ramírez Torres', '52987654', TU, A, 2, true, 5],
  ['dsanchez', 'David Esteban', 'Sánchez Castro', '1015678901', TT, A, 2, false, 6],
  ['pmoreno', 'Paula Andrea', 'Moreno Vargas', '1098765432', TU, P, 3, false, 7],
  ['sjimenez', 'Santiago', 'Jiménez Rojas', '1122334455', TU, A, 3, false, 8],
  ['vdiaz', 'Valentina', 'Díaz Herrera', '1001234567', TC, I, 4, false, 9],
  ['cgomez', 'Camilo Andrés', 'Gómez Ortiz', '79001122', TU, A, 4, false, 10],
  ['nalvarez', 'Natalia', 'Álvarez Muñoz', '52334455', TU, A, 0, false, 12],
  ['fcastillo', 'Felipe', 'Castillo Mendoza', '1019988776', TU, B, 1, false, 14],
  ['aromero', 'Ana María', 'Romero Suárez', '43556677', TC, A, 2, false, 15],
  ['jtorres', 'Julián David', 'Torres Acosta', '1140887766', TU, I, 3, false, 17],
  ['isuarez', 'Isabella', 'Suárez Cárdenas', '1007766554', TU, A, 4, false, 19],
  ['mvargas', 'Miguel Ángel', 'Vargas Peña', '80556677', TT, I, 0, false, 21],
  ['drojas', 'Daniela', 'Rojas Quintero', '1033445566', TU, A, 1, false, 23],
  ['socampo', 'Sebastián', 'Ocampo Salazar', '1088776655', TU, P, 2, false, 25],
  ['gcardenas', 'Gabriela', 'Cárdenas Ríos', '52778899', TC, A, 3, false, 28],
  ['lpena', 'Luis Alberto', 'Peña Guerrero', '19456789', TU, A, 4, false, 30],
  ['emedina', 'Elena', 'Medina Cruz', '41223344', TU, I, 0, false, 33],
  ['rmejia', 'Ricardo', 'Mejía Patiño', '71234567', TU, A, 1, false, 36],
  ['kflorez', 'Karen Julieth', 'Flórez Osorio', '1026554433', TC, A, 2, false, 40],
  ['opatino', 'Óscar Iván', 'Patiño Restrepo', '98765432', TU, I, 3, false, 45],
  ['tnunez', 'Tatiana', 'Núñez Cifuentes', '1036112233', TU, A, 4, false, 50],
  ['hbeltran', 'Héctor', 'Beltrán Lozano', '17654321', TT, A, 0, false, 55],
  ['ysalazar', 'Yolanda', 'Salazar Arango', '39887766', TU, A, 1, false, 60],
  ['wespinosa', 'Wilson', 'Espinosa Galeano', '1045667788', TU, P, 2, false, 70],
  ['svalencia', 'Sofía', 'Valencia Zapata', '1152334455', TC, A, 3, false, 80],
  ['integracion.erp', 'Integración', 'ERP Contable', '900123456', TA, A, 4, false, 90],
];

export const DEMO_USERS: DemoUser[] = DEMO_ROWS.map(
  ([userName, names, surnames, document, typeuserid, idstate, company, reader, age], i) => ({
    userName,
    names,
    surnames,
    document,
    documentTypeId: typeuserid === TA ? 12 : i % 9 === 4 ? 2 : 1,
    countryId: 1,
    phone: i % 3 === 0 ? null : `(+57) 3${String(10 + i).padStart(2, '0')} ${String(1000000 + i * 7919).slice(0, 7)}`,
    typeuserid,
    idstate,
    company,
    reader,
    age,
  }),
);

export function demoEmail(user: Pick<DemoUser, 'userName'>): string {
  return `${user.userName}@demo.suite.test`;
}

/** Password initially assigned to the demo certificates: a reset by e-mailed code puts it back. */
export const DEMO_CERTIFICATE_PASSWORD = 'Certificado.2025';

export interface DemoCertificateUser {
  userName: string;
  names: string;
  surnames: string;
  email: string;
  documentTypeId: number;
  document: string;
  /** True: the password was assigned by hand (it resets by link); false: by the certificate (by code). */
  manualPassword: boolean;
}

/**
 * Certificate users (type 4) that sign in to firmaya by document with DEMO_PASSWORD. Ana holds two
 * certificates under one e-mail (one of them with a password assigned by hand); the passport
 * holder's document is alphanumeric.
 */
export const DEMO_CERTIFICATE_USERS: DemoCertificateUser[] = [
  {
    userName: 'cert.aquintero',
    names: 'Ana Lucía',
    surnames: 'Quintero Mora',
    email: 'ana.quintero@demo.suite.test',
    documentTypeId: 1,
    document: '52111222',
    manualPassword: false,
  },
  {
    userName: 'cert.aquintero.empresa',
    names: 'Ana Lucía',
    surnames: 'Quintero Mora',
    email: 'ana.quintero@demo.suite.test',
    documentTypeId: 12,
    document: '900555111',
    manualPassword: true,
  },
  {
    userName: 'cert.pbermudez',
    names: 'Pablo',
    surnames: 'Bermúdez Lara',
    email: 'pablo.bermudez@demo.suite.test',
    documentTypeId: 2,
    document: '4455667',
    manualPassword: true,
  },
  {
    userName: 'cert.jwalker',
    names: 'John',
    surnames: 'Walker Ríos',
    email: 'john.walker@demo.suite.test',
    documentTypeId: 5,
    document: 'AB123456',
    manualPassword: false,
  },
];
