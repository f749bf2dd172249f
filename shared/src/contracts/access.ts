import * as v from 'valibot';
import { es } from '../phrases/es';
import { publishedAs } from './endpoint';
import { resultSchema } from './envelope';
import { headerAppName, headerUuid } from './users-catalogs';
import { UserListHeadersSchema } from './users';
import { VALIDATION_MESSAGES, maxMessage } from './validation';

/**
 * The roles and privileges sections of the console (docs/product/access.md). The same field schemas
 * validate the forms (mfe-access) and the API's request bodies. RESETOTP, a hidden application, is
 * never listed, offered or assignable here.
 */

export const ACCESS_MESSAGES = es.access;

/** Privilege name: the schema stores 50; the form's input takes 60 typed characters (docs/product/access.md, Limits). */
export const PRIVILEGE_NAME_MAX = 50;
export const PRIVILEGE_NAME_INPUT_MAX = 60;
/** Description of a privilege or role, role name and alias (docs/product/access.md, Limits). */
export const ACCESS_TEXT_MAX = 100;

/** Privilege and role states: 0 active, any other value inactive (stored as 1). */
export const ACCESS_STATE = { active: 0, inactive: 1 } as const;
export const isActiveState = (idstate: number) => idstate === ACCESS_STATE.active;

const required = VALIDATION_MESSAGES.required;

const requiredText = (max: number) => v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, maxMessage(max)));
const optionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, maxMessage(max))), '');

/** idstate as sent: 0 active, non-zero inactive; normalised to ACCESS_STATE. */
const StateSchema = v.pipe(
  v.number(required),
  v.integer(VALIDATION_MESSAGES.integer),
  v.transform((n) => (n === ACCESS_STATE.active ? ACCESS_STATE.active : ACCESS_STATE.inactive)),
);
const IdSchema = v.pipe(
  v.number(required),
  v.integer(es.request.invalidId),
  v.minValue(1, es.request.invalidId),
  v.maxValue(2_147_483_647, es.request.invalidId),
);
/** A numeric id sent in a header. */
const headerId = v.pipe(v.string(required), v.trim(), v.regex(/^\d{1,9}$/, es.request.invalidId), v.transform(Number));
const optionalHeaderId = v.optional(v.union([v.literal(''), headerId]), '');

/** An application named in a request body (its name, as the lists answer it). */
const ApplicationNameSchema = v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(50, maxMessage(50)));

// ---------------------------------------------------------------- privileges

/** Privilege name: letters, digits and underscore only; unique case-insensitively; fixed once created. */
export const PrivilegeNameSchema = v.pipe(requiredText(PRIVILEGE_NAME_MAX), v.regex(/^[A-Za-z0-9_]+$/, ACCESS_MESSAGES.privilegeNameChars));
export const AccessDescriptionSchema = optionalText(ACCESS_TEXT_MAX);
/** The applications that hold a privilege: at least one. */
export const PrivilegeApplicationsSchema = v.pipe(
  v.array(ApplicationNameSchema, ACCESS_MESSAGES.applicationRequired),
  v.minLength(1, ACCESS_MESSAGES.applicationRequired),
  v.check((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, ACCESS_MESSAGES.applicationRepeated),
);

/** POST /api/privilege/create body. */
export const CreatePrivilegeRequestSchema = v.object({
  name: PrivilegeNameSchema,
  description: AccessDescriptionSchema,
  licence: v.optional(v.boolean(), false),
  isAuditable: v.optional(v.boolean(), false),
  application: PrivilegeApplicationsSchema,
});

/**
 * POST /api/privilege/modify body: the whole privilege. `name` must be the stored one (compared
 * case-insensitively): a privilege is not renamed. Nothing changed: 400 'No hay cambios para
 * guardar'. A change of state answers the documented state text (docs/product/access.md, States).
 */
export const ModifyPrivilegeRequestSchema = v.object({
  id: IdSchema,
  name: PrivilegeNameSchema,
  description: AccessDescriptionSchema,
  idstate: StateSchema,
  licence: v.optional(v.boolean(), false),
  isAuditable: v.optional(v.boolean(), false),
  application: PrivilegeApplicationsSchema,
});

/**
 * GET /api/privilege/list headers, both optional: `application` (a name: the privileges that
 * application holds) and `rol` (a role id: that role's privileges; with `application`, in that
 * application only). An unknown application or role answers 400 with informationCode R11 (the
 * client empties its list).
 */
export const PrivilegeListHeadersSchema = v.object({
  application: v.optional(v.union([v.literal(''), headerAppName]), ''),
  rol: optionalHeaderId,
});

/** A privilege as the list and the card show it (docs/product/access.md, Model). */
export interface PrivilegeRecord {
  id: number;
  name: string;
  description: string;
  /** 0 active, non-zero inactive. */
  idstate: number;
  licence: boolean;
  isAuditable: boolean;
  /** ISO-8601. */
  createdon: string;
  /** Comma list of the titles of the applications holding it. */
  sharedApps: string;
  /**
   * With an `application` header: whether the caller may give it in that application (they hold
   * it there, or every console write privilege); the role card offers only those.
   */
  givable?: boolean;
  /** Names of the applications holding it. */
  application: string[];
  /**
   * A licensed privilege (`licence`): how many active users hold it now, the seats in use
   * (docs/security/access.md); 0 for the others.
   */
  licencesInUse: number;
}
const PrivilegeRecordSchema = resultSchema<PrivilegeRecord>()(
  v.object({
    id: v.number(),
    name: v.string(),
    description: v.string(),
    idstate: v.number(),
    licence: v.boolean(),
    isAuditable: v.boolean(),
    createdon: v.string(),
    sharedApps: v.string(),
    application: v.array(v.string()),
    licencesInUse: v.number(),
    givable: v.optional(v.boolean()),
  }),
);
export interface PrivilegeListResult {
  records: PrivilegeRecord[];
  count: number;
}
export const PrivilegeListResultSchema = resultSchema<PrivilegeListResult>()(
  v.object({ records: v.array(PrivilegeRecordSchema), count: v.number() }),
);

/** Reply `result` of the privilege and role writes: the message, A10 and the id. */
export interface AccessWriteResult {
  information: string;
  informationCode: string;
  id: number;
}
export const AccessWriteResultSchema = resultSchema<AccessWriteResult>()(
  v.object({ information: v.string(), informationCode: v.string(), id: v.number() }),
);

/** Header `id` of the calls about one privilege or one role. */
export const AccessIdHeadersSchema = v.object({ id: headerId });

/** GET /api/application/getApplicationsByIdPrivilege (header id): the visible applications holding the privilege. */
export interface ApplicationSummary {
  id: number;
  name: string;
  title: string;
}
export interface ApplicationsOfPrivilegeResult {
  records: ApplicationSummary[];
  count: number;
}
export const ApplicationsOfPrivilegeResultSchema = resultSchema<ApplicationsOfPrivilegeResult>()(
  v.object({
    records: v.array(resultSchema<ApplicationSummary>()(v.object({ id: v.number(), name: v.string(), title: v.string() }))),
    count: v.number(),
  }),
);

/** GET /api/privilege/roles (header id): per visible application, the roles that give the privilege there. */
export interface GrantingRole {
  id: number;
  name: string;
  /** 0 active: the role grants the privilege only while active (and the privilege too). */
  idstate: number;
}
export interface PrivilegeRolesRecord {
  application: string;
  title: string;
  /** Whether the application still holds the privilege (it grants nothing otherwise). */
  held: boolean;
  roles: GrantingRole[];
}
export interface PrivilegeRolesResult {
  records: PrivilegeRolesRecord[];
}
export const PrivilegeRolesResultSchema = resultSchema<PrivilegeRolesResult>()(
  v.object({
    records: v.array(
      resultSchema<PrivilegeRolesRecord>()(
        v.object({
          application: v.string(),
          title: v.string(),
          held: v.boolean(),
          roles: v.array(resultSchema<GrantingRole>()(v.object({ id: v.number(), name: v.string(), idstate: v.number() }))),
        }),
      ),
    ),
  }),
);

// ---------------------------------------------------------------- roles

/** Role name: letters (accents included), digits, underscore and space; unique case-insensitively. */
export const RoleNameSchema = v.pipe(requiredText(ACCESS_TEXT_MAX), v.regex(/^[\p{L}\p{M}0-9_ ]+$/u, ACCESS_MESSAGES.roleNameChars));
/** Alias: optional, no underscore. */
export const RoleAliasSchema = v.pipe(optionalText(ACCESS_TEXT_MAX), v.regex(/^[^_]*$/, ACCESS_MESSAGES.aliasNoUnderscore));

/** One application of a role on save: its name, the privileges the role gives there, its visibility switch. */
export const RoleApplicationInputSchema = v.object({
  name: ApplicationNameSchema,
  privilege: v.pipe(
    v.array(PrivilegeNameSchema),
    v.check((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, ACCESS_MESSAGES.privilegeRepeated),
  ),
  isVisible: v.optional(v.boolean(), true),
});
export type RoleApplicationInput = v.InferOutput<typeof RoleApplicationInputSchema>;

/** A role's applications: each once, at least one privilege over all of them. */
export const RoleApplicationsSchema = v.pipe(
  v.array(RoleApplicationInputSchema, ACCESS_MESSAGES.privilegeRequired),
  v.check((apps) => new Set(apps.map((a) => a.name.toLowerCase())).size === apps.length, ACCESS_MESSAGES.applicationRepeated),
  v.check((apps) => apps.some((a) => a.privilege.length > 0), ACCESS_MESSAGES.privilegeRequired),
);

/**
 * POST /api/role/create body. Every privilege must be active and held by the application it is
 * given in; every application must be a visible one.
 */
export const CreateRoleRequestSchema = v.object({
  name: RoleNameSchema,
  description: AccessDescriptionSchema,
  alias: RoleAliasSchema,
  application: RoleApplicationsSchema,
});

/** POST /api/role/modify body switching the state only: `{ id, description, idstate }` (description is not changed). */
export const RoleStateRequestSchema = v.object({
  id: IdSchema,
  description: v.optional(v.string()),
  idstate: StateSchema,
});

/** POST /api/role/modify body with the whole role (`idstate` optional: unchanged when absent). */
export const ModifyRoleRequestSchema = v.object({
  id: IdSchema,
  name: RoleNameSchema,
  description: AccessDescriptionSchema,
  alias: RoleAliasSchema,
  idstate: v.optional(StateSchema),
  application: RoleApplicationsSchema,
});

/** The whole role is sent when it names its applications or its name; otherwise it is a state change. */
export function isRoleStateChange(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !('application' in body) && !('name' in body);
}

/**
 * POST /api/role/modify: a state change ({ id, idstate }) or the whole role, told apart by its
 * fields, each checked by its own schema (so a refusal names the field). Published as the union.
 */
export const RoleModifyBodySchema = publishedAs(
  v.lazy((input: unknown) => (isRoleStateChange(input) ? RoleStateRequestSchema : ModifyRoleRequestSchema)),
  v.union([ModifyRoleRequestSchema, RoleStateRequestSchema]),
);

/** One application of a role as the card shows it. */
export interface RoleApplicationRecord {
  name: string;
  title: string;
  isVisible: boolean;
  privilegeCounter: number;
  privilege: string[];
}
const RoleApplicationRecordSchema = resultSchema<RoleApplicationRecord>()(
  v.object({ name: v.string(), title: v.string(), isVisible: v.boolean(), privilegeCounter: v.number(), privilege: v.array(v.string()) }),
);

/** A role as the roles screen lists it (GET /api/role/list without the user card's headers). */
export interface RoleAdminRecord {
  id: number;
  name: string;
  description: string;
  alias: string;
  /** 0 active, non-zero inactive. */
  idstate: number;
  /** ISO-8601. */
  createdon: string;
  /** Comma list of the titles of its visible applications. */
  sharedApps: string;
  applications: RoleApplicationRecord[];
}
export interface RoleAdminListResult {
  records: RoleAdminRecord[];
  count: number;
}
export const RoleAdminListResultSchema = resultSchema<RoleAdminListResult>()(
  v.object({
    records: v.array(
      resultSchema<RoleAdminRecord>()(
        v.object({
          id: v.number(),
          name: v.string(),
          description: v.string(),
          alias: v.string(),
          idstate: v.number(),
          createdon: v.string(),
          sharedApps: v.string(),
          applications: v.array(RoleApplicationRecordSchema),
        }),
      ),
    ),
    count: v.number(),
  }),
);

/** GET /api/application/applicationId (header id = role id): the role's visible applications. */
export interface RoleApplicationsResult {
  records: RoleApplicationRecord[];
}
export const RoleApplicationsResultSchema = resultSchema<RoleApplicationsResult>()(
  v.object({ records: v.array(RoleApplicationRecordSchema) }),
);

/**
 * GET /api/role/users: headers `id` (role id), `search` (free text, accent- and
 * case-insensitive, percent-encoded when not ASCII) and `pages` ('<page>,<10|25|100>', like
 * /api/user/list). The users holding the role, in which applications.
 */
export const RoleUsersHeadersSchema = v.object({
  id: headerId,
  search: UserListHeadersSchema.entries.customerSearch,
  pages: UserListHeadersSchema.entries.pages,
});
export interface RoleUserRow {
  id: string;
  userName: string;
  names: string;
  surnames: string;
  /** Comma list of the titles of the applications in which the user holds the role. */
  application: string;
}
/** One page of the holders; with a search `rows` is exact up to USER_LIST_COUNT_CAP (`rowsCapped` beyond), like the users list. */
export interface RoleUsersResult {
  users: RoleUserRow[];
  rows: number;
  rowsCapped?: boolean;
}
export const RoleUsersResultSchema = resultSchema<RoleUsersResult>()(
  v.object({
    users: v.array(
      resultSchema<RoleUserRow>()(
        v.object({ id: v.string(), userName: v.string(), names: v.string(), surnames: v.string(), application: v.string() }),
      ),
    ),
    rows: v.number(),
    rowsCapped: v.optional(v.boolean()),
  }),
);

/** GET /api/user/privileges (header user): per visible application, each privilege the user holds now and the roles giving it. */
export const UserPrivilegesHeadersSchema = v.object({ user: headerUuid });
export interface HeldPrivilege {
  name: string;
  roles: string[];
}
export interface UserPrivilegesRecord {
  application: string;
  title: string;
  privileges: HeldPrivilege[];
}
export interface UserPrivilegesResult {
  records: UserPrivilegesRecord[];
}
export const UserPrivilegesResultSchema = resultSchema<UserPrivilegesResult>()(
  v.object({
    records: v.array(
      resultSchema<UserPrivilegesRecord>()(
        v.object({
          application: v.string(),
          title: v.string(),
          privileges: v.array(resultSchema<HeldPrivilege>()(v.object({ name: v.string(), roles: v.array(v.string()) }))),
        }),
      ),
    ),
  }),
);
