import * as v from 'valibot';
import { es } from '../phrases/es';
import { resultSchema } from './envelope';
import { maxMessage } from './validation';
import { UserLockSchema, type UserLock } from './user-sessions';

/**
 * Read calls of the user card (docs/product/users.md, Calls): GetById, getuserexists reply,
 * activateDeletedUser reply, GetTypeUser, get-countries, get-document-types-create-users,
 * GetCustomer / GetCustomerByUser, GetCountRolesByUser and role/list by application and user.
 * Header names are the documented ones; Node reads them case-insensitively. Every header here is
 * validated: a malformed one is a 400 R400.
 */

/** Header schemas shared by the read calls of the console (users, roles and privileges). */
export const headerUuid = v.pipe(v.string('Campo obligatorio.'), v.trim(), v.uuid('El identificador no es válido.'));
export const optionalHeaderUuid = v.optional(
  v.pipe(v.string(), v.trim(), v.union([v.literal(''), v.pipe(v.string(), v.uuid('El identificador no es válido.'))])),
  '',
);
export const headerAppName = v.pipe(
  v.string('Campo obligatorio.'),
  v.trim(),
  v.nonEmpty('Campo obligatorio.'),
  v.maxLength(50, maxMessage(50)),
  v.regex(/^[\w.-]+$/, es.request.applicationInvalid),
);

/**
 * A user as the card shows it (GetById, activateDeletedUser, getuserexists). `countryCode` /
 * `documentType` are the codes the save payload sends back; `countryId` / `documentTypeId` the
 * ids the form holds. `idTypeUser` and `typeuserid` carry the same value (docs/product/users.md,
 * Fields and states). `phoneNumber` holds the digits without prefix, '' when there is none.
 * `idstate`: 1 active, 2 inactive, 3 pending activation, 6 blocked.
 */
export interface UserDetail {
  id: string;
  names: string;
  surnames: string;
  email: string;
  document: string;
  userName: string;
  phoneNumber: string;
  idTypeUser: number;
  typeuserid: number;
  countryCode: string;
  documentType: string;
  countryId: number | null;
  documentTypeId: number | null;
  idstate: number;
  modifiedon: string;
  /** True for a deleted user (only getuserexists A20 returns those). */
  deleted: boolean;
  /** Present while the person's lockout holds them ('Bloqueado'). */
  lock?: UserLock;
}
const UserDetailSchema = resultSchema<UserDetail>()(
  v.object({
    id: v.string(),
    names: v.string(),
    surnames: v.string(),
    email: v.string(),
    document: v.string(),
    userName: v.string(),
    phoneNumber: v.string(),
    idTypeUser: v.number(),
    typeuserid: v.number(),
    countryCode: v.string(),
    documentType: v.string(),
    countryId: v.nullable(v.number()),
    documentTypeId: v.nullable(v.number()),
    idstate: v.number(),
    modifiedon: v.string(),
    deleted: v.boolean(),
    lock: v.optional(UserLockSchema),
  }),
);

/** GET /api/user/GetById: header `pid` (the user id). Unknown or deleted id: 404 R404. */
export const UserByIdHeadersSchema = v.object({ pid: headerUuid });
export interface UserByIdResult {
  count: number;
  records: UserDetail[];
}
export const UserByIdResultSchema = resultSchema<UserByIdResult>()(v.object({ count: v.number(), records: v.array(UserDetailSchema) }));

/**
 * POST /api/user/getuserexists reply `result` (always 200): informationCode A10 = in use by a
 * user that is not deleted (`users` holds it), A20 = used only by a deleted user (`users` holds
 * it, to offer 'Reactivar usuario.'), R11 = free (`users` empty).
 */
export const USER_EXISTS_CODES = { inUse: 'A10', deleted: 'A20', free: 'R11' } as const;
export interface UserExistsResult {
  informationCode: (typeof USER_EXISTS_CODES)[keyof typeof USER_EXISTS_CODES];
  information: string;
  users: UserDetail[];
}
export const UserExistsResultSchema = resultSchema<UserExistsResult>()(
  v.object({ informationCode: v.picklist(Object.values(USER_EXISTS_CODES)), information: v.string(), users: v.array(UserDetailSchema) }),
);

/** POST /api/user/activateDeletedUser reply `result` (A10 with the reactivated user). */
export interface ActivateDeletedUserResult {
  informationCode: string;
  information: string;
  user: UserDetail;
}
export const ActivateDeletedUserResultSchema = resultSchema<ActivateDeletedUserResult>()(
  v.object({ informationCode: v.string(), information: v.string(), user: UserDetailSchema }),
);

/** GET /api/user/GetTypeUser reply `result.records`. */
export interface UserTypeRecord {
  id: number;
  name: string;
}
export interface UserTypesResult {
  records: UserTypeRecord[];
}
export const UserTypesResultSchema = resultSchema<UserTypesResult>()(
  v.object({ records: v.array(resultSchema<UserTypeRecord>()(v.object({ id: v.number(), name: v.string() }))) }),
);

/** GET /api/user/get-countries reply `result`: the active countries. */
export interface CountryRecord {
  id: number;
  name: string;
  countryCode: string;
}
/** The reply `result` of get-countries is the list itself. */
export const CountriesResultSchema = v.array(
  resultSchema<CountryRecord>()(v.object({ id: v.number(), name: v.string(), countryCode: v.string() })),
);

/**
 * GET /api/user/get-document-types-create-users: headers `code` (the country's code, e.g. CO)
 * and `appName` (optional; the documented call carries it, the list does not depend on it).
 */
export const DocumentTypesHeadersSchema = v.object({
  code: v.pipe(
    v.string('Campo obligatorio.'),
    v.trim(),
    v.nonEmpty('Campo obligatorio.'),
    v.maxLength(3, maxMessage(3)),
    v.regex(/^[A-Za-z]+$/, es.users.countryCodeInvalid),
  ),
  appName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, maxMessage(50)))),
});
/**
 * One document type. `country` is the country's code. `alphanumeric` (ours) tells which
 * document rule applies (documentSchema): letters and digits, or 1 to 13 digits.
 */
export interface DocumentTypeRecord {
  documentTypeId: number;
  documentTypeDescription: string;
  documentTypeAllowed: string;
  country: string;
  alphanumeric: boolean;
}
/** Reply `result`; an unknown country gives an empty list. */
export interface DocumentTypesResult {
  listDocumentType: DocumentTypeRecord[];
}
export const DocumentTypesResultSchema = resultSchema<DocumentTypesResult>()(
  v.object({
    listDocumentType: v.array(
      resultSchema<DocumentTypeRecord>()(
        v.object({
          documentTypeId: v.number(),
          documentTypeDescription: v.string(),
          documentTypeAllowed: v.string(),
          country: v.string(),
          alphanumeric: v.boolean(),
        }),
      ),
    ),
  }),
);

/**
 * A company (docs/product/users.md, Fields and states). `principal` / `assigned` are the given
 * user's flags (false when no user is given); `sharedApps` is, for the user's own companies, the
 * comma list of the titles of the applications in which the user holds roles ('' otherwise).
 * `idstate`: 0 active, 1 inactive. `modifiedOn` (ISO-8601): when the user's flags last changed,
 * else the company's.
 */
export interface CompanyRecord {
  id: string;
  name: string;
  principal: boolean;
  assigned: boolean;
  idstate: number;
  modifiedOn: string;
  sharedApps: string;
}

/**
 * GET /api/customer/GetCustomer: header `userid` (optional: a new user's card sends none).
 * Reply `result.customers`: every active company plus the user's own inactive ones, with the
 * user's flags; the companies tab searches, sorts and pages them in the browser.
 */
export const CustomersHeadersSchema = v.object({ userid: optionalHeaderUuid });
export interface CustomersResult {
  customers: CompanyRecord[];
}
export const CustomersResultSchema = resultSchema<CustomersResult>()(
  v.object({
    customers: v.array(
      resultSchema<CompanyRecord>()(
        v.object({
          id: v.string(),
          name: v.string(),
          principal: v.boolean(),
          assigned: v.boolean(),
          idstate: v.number(),
          modifiedOn: v.string(),
          sharedApps: v.string(),
        }),
      ),
    ),
  }),
);

/**
 * GET /api/customer/GetCustomerByUser: headers `userId` and `app` (optional; the documented
 * call carries it, the list does not depend on it). Reply `result.customers`: only the user's
 * companies (main or assigned), main first.
 */
export const CustomersByUserHeadersSchema = v.object({
  userId: headerUuid,
  app: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, maxMessage(50)))),
});

/**
 * GET /api/application/GetCountRolesByUser: header `user` (the user id; optional for a new
 * user). One record per visible application (RESETOTP never listed) that offers active roles:
 * `rolequantity` = active roles offered in it, `rolequantityUnique` = how many of them the user
 * holds there.
 */
export const CountRolesByUserHeadersSchema = v.object({ user: optionalHeaderUuid });
export interface AppRoleCountRecord {
  appid: number;
  appname: string;
  apptitle: string;
  rolequantity: number;
  rolequantityUnique: number;
}
export interface CountRolesByUserResult {
  records: AppRoleCountRecord[];
}
export const CountRolesByUserResultSchema = resultSchema<CountRolesByUserResult>()(
  v.object({
    records: v.array(
      resultSchema<AppRoleCountRecord>()(
        v.object({
          appid: v.number(),
          appname: v.string(),
          apptitle: v.string(),
          rolequantity: v.number(),
          rolequantityUnique: v.number(),
        }),
      ),
    ),
  }),
);

/**
 * GET /api/role/list: headers `application` (application name) and `user` (user id), both
 * optional. With `application`: the active roles offered in it, `assigned` telling whether
 * `user` holds each there. Without: every role (any state; `assigned` false). An unknown or
 * hidden application (RESETOTP) answers 404 with informationCode R11 (the card empties the list).
 */
export const RoleListHeadersSchema = v.object({
  application: v.optional(v.union([v.literal(''), headerAppName]), ''),
  user: optionalHeaderUuid,
});
export interface RoleRecord {
  id: number;
  name: string;
  description: string;
  alias: string;
  /** ISO-8601. */
  createdon: string;
  /** 0 active, non-zero inactive. */
  idstate: number;
  /** Comma list of the titles of the applications the role covers. */
  sharedApps: string;
  assigned: boolean;
}
export interface RoleListResult {
  records: RoleRecord[];
  count: number;
}
export const RoleListResultSchema = resultSchema<RoleListResult>()(
  v.object({
    records: v.array(
      resultSchema<RoleRecord>()(
        v.object({
          id: v.number(),
          name: v.string(),
          description: v.string(),
          alias: v.string(),
          createdon: v.string(),
          idstate: v.number(),
          sharedApps: v.string(),
          assigned: v.boolean(),
        }),
      ),
    ),
    count: v.number(),
  }),
);
