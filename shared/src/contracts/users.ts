import * as v from 'valibot';
import { es } from '../phrases/es';
import { resultSchema } from './envelope';
import { UserLockSchema, type UserLock } from './user-sessions';
import { maxMessage } from './validation';

/** `filterBy` header of GET /api/user/list: the list's sort options (docs/product/users.md, Calls). */
export const USER_SORT = { active: 1, inactive: 2, newest: 3, oldest: 4 } as const;
export type UserSort = (typeof USER_SORT)[keyof typeof USER_SORT];

/**
 * Headers of GET /api/user/list: `customerSearch` (free text, optional),
 * `pages` ("<page>,<pageSize>", page from 1; default "1,10"), `filterBy` (UserSort; default 3).
 */
export const UserListHeadersSchema = v.object({
  customerSearch: v.optional(v.pipe(v.string(), v.maxLength(100, maxMessage(100))), ''),
  // spaces are forgiven ("2, 25")
  pages: v.optional(
    v.pipe(
      v.string(),
      v.transform((text) => text.replace(/\s+/g, '')),
      v.regex(/^\d{1,6},(10|25|100)$/, es.request.pagesFormat),
    ),
    '1,10',
  ),
  filterBy: v.optional(v.pipe(v.string(), v.regex(/^[1-4]$/, es.request.filterByInvalid)), '3'),
});

/**
 * User states (`idstate`). Sort options 1/2 of the list put Activo/Inactivo first. A user in state
 * 6 (blocked) cannot have its active state switched (docs/product/users.md, State and deletion).
 */
export const USER_STATE = { active: 1, inactive: 2, pendingActivation: 3, blocked: 6 } as const;
export type UserState = (typeof USER_STATE)[keyof typeof USER_STATE];

/** User types (`typeuserid`; docs/product/users.md, Fields and states). The state toggle shows only for types 2 and 4. */
export const USER_TYPE = { application: 1, user: 2, tester: 3, certifiedUser: 4 } as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];

/**
 * One row of GET /api/user/list. `modifiedon` is an ISO-8601 timestamp.
 * `customerSearch` is matched case-insensitively against userName, names, surnames, document
 * and email; send it percent-encoded (encodeURIComponent) when it holds non-ASCII characters.
 */
export interface UserRow {
  id: string;
  userName: string;
  names: string;
  surnames: string;
  document: string;
  email: string;
  idstate: number;
  typeuserid: number;
  modifiedon: string;
  /** Present while the person's lockout holds them ('Bloqueado'). */
  lock?: UserLock;
}
const UserRowSchema = resultSchema<UserRow>()(
  v.object({
    id: v.string(),
    userName: v.string(),
    names: v.string(),
    surnames: v.string(),
    document: v.string(),
    email: v.string(),
    idstate: v.number(),
    typeuserid: v.number(),
    modifiedon: v.string(),
    lock: v.optional(UserLockSchema),
  }),
);

/**
 * A search counts its matches only up to this many, so a short search text over 100,000 users
 * does not count every match on each Enter; the pager then offers the pages up to the cap.
 */
export const USER_LIST_COUNT_CAP = 200;

/**
 * GET /api/user/list reply `result`: one page of users and the row count. Without a search
 * `rows` is exact; with one it is exact up to USER_LIST_COUNT_CAP, and `rowsCapped` is true
 * when more rows match than that (rows = the cap, and pages past the cap come back empty:
 * refine the search instead).
 */
export interface UserListResult {
  users: UserRow[];
  rows: number;
  rowsCapped?: boolean;
}
export const UserListResultSchema = resultSchema<UserListResult>()(
  v.object({ users: v.array(UserRowSchema), rows: v.number(), rowsCapped: v.optional(v.boolean()) }),
);
