import * as v from 'valibot';
import { es } from '../phrases/es';
import { resultSchema } from './envelope';
import { VALIDATION_MESSAGES, maxItemsMessage, maxMessage } from './validation';

/**
 * The user form and its write calls (create, modify, Inactivate, delete, activateDeletedUser,
 * getuserexists), as docs/product/users.md states them. The same field schemas validate the form
 * (mfe-users, on change) and the API's request bodies. The character-class messages and "more
 * than one main company" are our own wording.
 */

export const USER_FIELD_MAX = 100;
export const DOCUMENT_MAX = 13;
/** Phone digits after the forced '(+57) ' prefix, spaces not counted. */
export const PHONE_MAX_DIGITS = 10;
/** The phone field's maximum length as typed, prefix and spacing included: 16 (docs/product/users.md, Limits). */
export const PHONE_MAX = 16;
export const PHONE_PREFIX = '(+57) ';

export const USER_MESSAGES = es.users;

const required = VALIDATION_MESSAGES.required;

/** Trimmed, required text of at most `max` characters. */
const requiredText = (max = USER_FIELD_MAX) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, maxMessage(max)));

/** names / surnames: letters (accents and ñ included) and spaces. */
export const PersonNameSchema = v.pipe(requiredText(), v.regex(/^[\p{L}\p{M} ]+$/u, USER_MESSAGES.lettersOnly));

/** userName: letters, digits and . _ - @ */
export const UserNameSchema = v.pipe(requiredText(), v.regex(/^[A-Za-z0-9._\-@]+$/, USER_MESSAGES.userNameChars));

export const USER_EMAIL_PATTERN = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** email: letters, digits and . _ - @ +, then the format rule. */
export const UserEmailSchema = v.pipe(
  requiredText(),
  v.regex(/^[A-Za-z0-9._\-@+]+$/, USER_MESSAGES.emailChars),
  v.regex(USER_EMAIL_PATTERN, VALIDATION_MESSAGES.emailFormat),
);

/**
 * The document's rule depends on its type: alphanumeric types (5 and 13; the
 * `alphanumeric` flag of each document type is the data) take letters and digits, every other
 * type 1 to 13 digits.
 */
export function documentSchema(alphanumeric: boolean) {
  return v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(DOCUMENT_MAX, USER_MESSAGES.documentMax),
    alphanumeric ? v.regex(/^[A-Za-z0-9]+$/, USER_MESSAGES.documentAlphanumeric) : v.regex(/^\d{1,13}$/, USER_MESSAGES.documentNumeric),
  );
}

/** The alphanumeric document type ids (docs/product/users.md, Fields and states; the seed marks them `alphanumeric`). */
export const ALPHANUMERIC_DOCUMENT_TYPE_IDS = [5, 13] as const;

/** Digits of a phone as typed: '(+57) 300 1234567' → '3001234567'. */
export function phoneDigits(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value).trim();
  const national = text.startsWith(PHONE_PREFIX.trim()) ? text.slice(PHONE_PREFIX.trim().length) : text;
  return national.replace(/\s+/g, '');
}

/**
 * phoneNumber: optional; the '(+57) ' prefix and spaces may be present; digits only, at most
 * PHONE_MAX_DIGITS of them. 0, '0', '' and null mean "no phone" (docs/product/users.md, Fields and
 * states). Output: the digits, or ''.
 */
export const PhoneNumberSchema = v.pipe(
  v.optional(v.nullable(v.union([v.string(USER_MESSAGES.phoneDigits), v.number(USER_MESSAGES.phoneDigits)])), ''),
  v.transform((value) => {
    const digits = phoneDigits(value);
    return digits === '0' ? '' : digits;
  }),
  v.regex(/^\d*$/, USER_MESSAGES.phoneDigits),
  v.maxLength(PHONE_MAX_DIGITS, maxMessage(PHONE_MAX_DIGITS)),
);

/** idTypeUser: required, at least 1 (1 Aplicacion, 2 Usuario, 3 Tester, 4 Usuario Certificado). */
export const UserTypeIdSchema = v.pipe(v.number(required), v.integer(required), v.minValue(1, required), v.maxValue(32767, required));

const requiredCode = v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(20, maxMessage(20)));

/**
 * Fields of the Datos tab as the API receives them: `countryCode` is the country's code (CO),
 * `documentType` the allowed code of the document type (CC); the form holds their ids and sends
 * the codes. The document's type-dependent rule runs once the type is known (documentSchema).
 */
export const UserDataFields = {
  names: PersonNameSchema,
  surnames: PersonNameSchema,
  userName: UserNameSchema,
  email: UserEmailSchema,
  document: v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(DOCUMENT_MAX, USER_MESSAGES.documentMax)),
  phoneNumber: PhoneNumberSchema,
  idTypeUser: UserTypeIdSchema,
  countryCode: requiredCode,
  documentType: requiredCode,
};

const uuid = v.pipe(v.string(required), v.trim(), v.uuid(es.request.invalidId));

/**
 * One company of the save payload (`customer`; docs/product/users.md, Companies): `principal` marks
 * the main company; `assigned` the others. Making a company main clears its assigned flag in the
 * form; the user belongs to every company that is principal or assigned.
 */
export const UserCompanyInputSchema = v.object({
  id: uuid,
  name: v.optional(v.string()),
  principal: v.boolean(),
  assigned: v.boolean(),
});
export type UserCompanyInput = v.InferOutput<typeof UserCompanyInputSchema>;

/**
 * One role of the save payload: role `name`, the `application` (name) it is assigned in — roles
 * are assigned per application (docs/product/users.md, Roles) — and `assigned`. A client that sends
 * only `name` and `assigned` (the product's call list) names a role offered in one application:
 * the server takes that one, and refuses a role offered in several (USER_MESSAGES.roleApplicationAmbiguous).
 */
export const UserRoleInputSchema = v.object({
  name: v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(100, maxMessage(100))),
  application: v.optional(v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(50, maxMessage(50)))),
  assigned: v.boolean(),
});
export type UserRoleInput = v.InferOutput<typeof UserRoleInputSchema>;

/** Exactly one main company (docs/product/users.md, Companies). */
export const UserCompaniesSchema = v.pipe(
  v.array(UserCompanyInputSchema, USER_MESSAGES.mainCompanyRequired),
  v.maxLength(10_000, maxItemsMessage(10_000)),
  v.check((list) => list.some((c) => c.principal), USER_MESSAGES.mainCompanyRequired),
  v.check((list) => list.filter((c) => c.principal).length === 1, USER_MESSAGES.oneMainCompany),
);

/** At least one assigned role (docs/product/users.md, Rules). */
export const UserRolesSchema = v.pipe(
  v.array(UserRoleInputSchema, USER_MESSAGES.roleRequired),
  v.maxLength(10_000, maxItemsMessage(10_000)),
  v.check((list) => list.some((r) => r.assigned), USER_MESSAGES.roleRequired),
);

/**
 * POST /api/user/create body: the user fields plus customer and roles (both required). The user
 * starts pending activation (idstate 3) and gets the console's activation e-mail. Refusals are
 * 400 with `result.information`: R400 for a field rule, an unknown country / document type /
 * company / role, a user name or e-mail in use (USER_MESSAGES.userNameInUse / emailInUse); A20
 * with `result.users` (the deleted user) when the value belongs to a deleted user.
 */
export const CreateUserRequestSchema = v.object({
  ...UserDataFields,
  customer: UserCompaniesSchema,
  roles: UserRolesSchema,
});
export type CreateUserRequest = v.InferInput<typeof CreateUserRequestSchema>;

/**
 * POST /api/user/modify body: `id` plus the user fields; `customer` and `roles` are optional
 * (absent: unchanged). Sent entries set what they name and leave the rest as it is: a company
 * with principal and assigned both false, or a role with assigned false, is taken away; the
 * principal company sent replaces the previous main one (which the user leaves unless it is sent
 * as assigned). Afterwards the user must have exactly one main company and at least one role.
 * Unknown or deleted id: 404 R404. Same refusals as create otherwise.
 */
export const ModifyUserRequestSchema = v.object({
  id: uuid,
  ...UserDataFields,
  customer: v.optional(UserCompaniesSchema),
  roles: v.optional(UserRolesSchema),
});
export type ModifyUserRequest = v.InferInput<typeof ModifyUserRequestSchema>;

/** A successful create / modify / delete / Inactivate: `result` of the envelope. */
export interface UserWriteResult {
  information: string;
  informationCode: string;
  /** The user's id. */
  id: string;
}
export const UserWriteResultSchema = resultSchema<UserWriteResult>()(
  v.object({ information: v.string(), informationCode: v.string(), id: v.string() }),
);

/**
 * POST /api/user/Inactivate body: `id` and the requested `idstate` (1 active, 2 inactive).
 * Refused (400) for user types other than 2 and 4, and for users whose state is not 1 or 2 —
 * state 6 (blocked) answers 'No es posible cambiar de estado a este usuario'; so does a pending
 * activation (3), which only the activation e-mail ends.
 */
export const InactivateUserRequestSchema = v.object({
  id: uuid,
  idstate: v.picklist([1, 2], 'idstate debe ser 1 (activo) o 2 (inactivo)'),
});
export type InactivateUserRequest = v.InferInput<typeof InactivateUserRequestSchema>;

/** POST /api/user/delete body: `Id`, capitalised (docs/product/users.md, Calls). Ends all of the user's sessions. */
export const DeleteUserRequestSchema = v.object({ Id: uuid });
export type DeleteUserRequest = v.InferInput<typeof DeleteUserRequestSchema>;

/** POST /api/user/activateDeletedUser body. */
export const ActivateDeletedUserRequestSchema = v.object({ id: uuid });
export type ActivateDeletedUserRequest = v.InferInput<typeof ActivateDeletedUserRequestSchema>;

/**
 * POST /api/user/getuserexists body: `userName` or `email` (exactly one). `id` (optional, ours)
 * excludes the user being edited so its own value is not reported as in use.
 */
export const UserExistsRequestSchema = v.pipe(
  v.object({
    userName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(USER_FIELD_MAX, maxMessage(USER_FIELD_MAX)))),
    email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(USER_FIELD_MAX, maxMessage(USER_FIELD_MAX)))),
    id: v.optional(uuid),
  }),
  v.check((body) => Boolean(body.userName) !== Boolean(body.email), USER_MESSAGES.userNameOrEmail),
);
export type UserExistsRequest = v.InferInput<typeof UserExistsRequestSchema>;
