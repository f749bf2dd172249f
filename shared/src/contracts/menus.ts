import * as v from 'valibot';
import { es } from '../phrases/es';
import { resultSchema } from './envelope';
import { MENU_ICON_NAMES } from './menu-icon-names';
import { parseRequest, type RequestParseResult } from './request';
import { headerAppName, optionalHeaderUuid } from './users-catalogs';
import { VALIDATION_MESSAGES, formatMessage, maxItemsMessage, maxMessage } from './validation';

/**
 * Menu settings (docs/product/menus.md): the menu record, its items (a tree) and the suite grid's
 * items, the calls' bodies and replies, and the tree rules the editor and the API apply alike
 * (keys, depth, sections, icons, activation inheritance, privilege filtering). React-free: the API
 * imports it.
 */

export const MENU_MESSAGES = es.menus;
export { MENU_ICON_NAMES, type MenuIconName } from './menu-icon-names';

/** Menu locations (docs/product/menus.md, Locations). */
export const MENU_LOCATION = { lateral: 1, top: 2, user: 3, suite: 4 } as const;
export type MenuLocation = (typeof MENU_LOCATION)[keyof typeof MENU_LOCATION];
export const MENU_LOCATIONS: readonly MenuLocation[] = [1, 2, 3, 4];
/** User-menu sections (location 3 only). */
export const MENU_SECTION = { user: 0, application: 1 } as const;
/** The suite grid has 4 rows; the other locations 0 (docs/product/menus.md, Locations). */
export const SUITE_MENU_ROWS = 4;
export const numberRowsFor = (location: MenuLocation) => (location === MENU_LOCATION.suite ? SUITE_MENU_ROWS : 0);

/** Item keys: 10 characters of the 62-character alphabet, letters and digits (docs/product/menus.md, Fields). */
export const MENU_KEY_LENGTH = 10;
export const MENU_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const MENU_ICON_SIZE_DEFAULT = '24px';
/** Icon labels in the picker are cut at 12 characters (docs/product/menus.md, Screens). */
export const MENU_ICON_LABEL_MAX = 12;
/** Uploaded images: PNG, at most 2 MB, a file name of at most 200 characters (docs/product/menus.md, Logos and images). */
export const MENU_IMAGE_MAX_BYTES = 2_097_152;
export const MENU_IMAGE_NAME_MAX = 200;
export const MENU_IMAGE_EXTENSION = '.png';
// ours: bounds that keep a menu something a person can navigate and a request small
export const MENU_MAX_DEPTH = 5;
export const MENU_MAX_ITEMS = 300;
export const MENU_NAME_MAX = 100;
export const MENU_TEXT_MAX = 200;
export const MENU_URL_MAX = 2000;
export const MENU_JSON_MAX = 400_000;

/** A new item key from a cryptographic source (browser and Node alike). */
export function newMenuKey(): string {
  const bytes = new Uint8Array(MENU_KEY_LENGTH * 2);
  let key = '';
  while (key.length < MENU_KEY_LENGTH) {
    globalThis.crypto.getRandomValues(bytes);
    // 248 = 4 × 62: values above it would favour the alphabet's first letters
    for (const b of bytes) if (b < 248 && key.length < MENU_KEY_LENGTH) key += MENU_KEY_ALPHABET[b % 62];
  }
  return key;
}

const required = VALIDATION_MESSAGES.required;
const requiredText = (max: number) => v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, maxMessage(max)));
const optionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, maxMessage(max))), '');

/**
 * A link (docs/product/menus.md, Fields): an http(s) address or, ours, a path of the application
 * itself ('/users'), which is how the console's own drawer links its sections — never `//host`
 * or `/\host`, which a browser opens on another host.
 */
export const MENU_URL_PATTERN = /^(?:https?:\/\/[^\s/?#]+[^\s]*|\/(?![/\\])[^\s]*)$/i;
export const MenuUrlSchema = v.pipe(
  v.string(required),
  v.trim(),
  v.nonEmpty(required),
  v.maxLength(MENU_URL_MAX, maxMessage(MENU_URL_MAX)),
  v.regex(MENU_URL_PATTERN, MENU_MESSAGES.urlInvalid),
);
/** An image: a path this server serves ('/api/images/….png', '/brand/…') or an https address. */
const IMAGE_PATTERN = /^(?:\/(?!\/)(?!.*\.\.)[\w./-]+|https:\/\/[^\s/?#]+[^\s]*)$/;
const ImageSchema = v.pipe(
  v.optional(v.string(MENU_MESSAGES.logosRequired), ''),
  v.trim(),
  v.nonEmpty(MENU_MESSAGES.logosRequired),
  v.maxLength(MENU_URL_MAX, maxMessage(MENU_URL_MAX)),
  v.regex(IMAGE_PATTERN, MENU_MESSAGES.imageInvalid),
);
const KeySchema = v.pipe(v.string(MENU_MESSAGES.keyInvalid), v.regex(/^[A-Za-z0-9]{10}$/, MENU_MESSAGES.keyInvalid));

/** Privilege names as a list, whatever the form sent: 'A, B' or ['A', 'B'] → ['A', 'B'] (trimmed, no repeats). */
export function privilegeList(value: string | readonly string[]): string[] {
  const names = (typeof value === 'string' ? value.split(',') : value).map((name) => name.trim()).filter(Boolean);
  return [...new Set(names)];
}
/** Stored as a comma-separated string, a list in the form (docs/product/menus.md, Fields). */
const PrivilegeSchema = v.pipe(
  v.optional(
    v.union([
      v.pipe(v.string(), v.maxLength(2000, maxMessage(2000))),
      v.pipe(v.array(v.pipe(v.string(), v.maxLength(60, maxMessage(60)))), v.maxLength(100, maxItemsMessage(100))),
    ]),
    '',
  ),
  v.transform((value) => privilegeList(value).join(',')),
);

/** A menu item of locations 1-3 (docs/product/menus.md, Fields). `title` and any other field are dropped on save. */
export interface MenuItem {
  key: string;
  name: string;
  /** Comma-separated privilege names; empty: everyone signed in. */
  privilege: string;
  url: string;
  isFunction: boolean;
  functionName: string;
  description: string;
  isActivate: boolean;
  sizeIcon: string;
  /** A name of MENU_ICON_NAMES, or with isPersonalizedIcon an uploaded image's path; '' none. */
  iconName: string;
  isPersonalizedIcon: boolean;
  /** Location 3 only: 0 user, 1 application. */
  section?: number;
  menuLocation: number;
  application: string;
  children: MenuItem[];
}

/** A tile of the suite grid, location 4 (docs/product/menus.md, Fields). */
export interface SuiteItem {
  key: string;
  name: string;
  urlLanding: string;
  urlApplication: string;
  description: string;
  isActivate: boolean;
  /** Light logo. */
  iconName: string;
  /** Dark logo. */
  iconNameDark: string;
}

const ICON_NAMES: ReadonlySet<string> = new Set(MENU_ICON_NAMES);
export const isMenuIconName = (name: string) => ICON_NAMES.has(name);

export const MenuItemSchema: v.GenericSchema<unknown, MenuItem> = v.pipe(
  v.object({
    key: KeySchema,
    name: requiredText(MENU_NAME_MAX),
    privilege: PrivilegeSchema,
    url: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MENU_URL_MAX, maxMessage(MENU_URL_MAX))), ''),
    isFunction: v.boolean(required),
    functionName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MENU_NAME_MAX, maxMessage(MENU_NAME_MAX))), ''),
    description: optionalText(MENU_TEXT_MAX),
    isActivate: v.optional(v.boolean(), true),
    sizeIcon: v.optional(
      v.pipe(v.string(), v.regex(/^(?:[89]|[1-9]\d|1[01]\d|12[0-8])px$/, MENU_MESSAGES.sizeIconInvalid)),
      MENU_ICON_SIZE_DEFAULT,
    ),
    iconName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MENU_URL_MAX, maxMessage(MENU_URL_MAX))), ''),
    isPersonalizedIcon: v.optional(v.boolean(), false),
    section: v.optional(v.picklist([MENU_SECTION.user, MENU_SECTION.application], MENU_MESSAGES.sectionRequired)),
    menuLocation: v.optional(v.number(), 0),
    application: v.optional(v.string(), ''),
    children: v.optional(v.array(v.lazy(() => MenuItemSchema)), []),
  }),
  // a link is a URL or a function (docs/product/menus.md, Fields)
  v.forward(
    v.partialCheck([['isFunction'], ['url']], (item) => item.isFunction || MENU_URL_PATTERN.test(item.url), MENU_MESSAGES.urlInvalid),
    ['url'],
  ),
  v.forward(
    v.partialCheck(
      [['isFunction'], ['functionName']],
      (item) => !item.isFunction || item.functionName !== '',
      MENU_MESSAGES.functionRequired,
    ),
    ['functionName'],
  ),
  v.forward(
    v.partialCheck(
      [['isPersonalizedIcon'], ['iconName']],
      (item) => item.iconName === '' || (item.isPersonalizedIcon ? IMAGE_PATTERN.test(item.iconName) : ICON_NAMES.has(item.iconName)),
      (issue) => formatMessage(MENU_MESSAGES.iconUnknown, { icon: String((issue.input as { iconName?: unknown })?.iconName ?? '') }),
    ),
    ['iconName'],
  ),
) as v.GenericSchema<unknown, MenuItem>;

export const SuiteItemSchema = v.pipe(
  v.object({
    key: KeySchema,
    name: requiredText(MENU_NAME_MAX),
    urlLanding: MenuUrlSchema,
    urlApplication: MenuUrlSchema,
    description: optionalText(MENU_TEXT_MAX),
    isActivate: v.optional(v.boolean(), true),
    iconName: ImageSchema,
    iconNameDark: ImageSchema,
    children: v.optional(v.pipe(v.array(v.unknown()), v.maxLength(0, MENU_MESSAGES.suiteNoChildren))),
  }),
  v.transform(({ children: _children, ...item }): SuiteItem => item),
);

export type MenuItems = MenuItem[] | SuiteItem[];

/** Every item of a tree with its depth (1 for the top level) and its path of indexes, parents first. */
export function* walkMenu<T extends { children?: T[] }>(
  items: readonly T[],
  depth = 1,
  path: number[] = [],
): Generator<{ item: T; depth: number; path: number[] }> {
  for (const [i, item] of items.entries()) {
    yield { item, depth, path: [...path, i] };
    if (item.children?.length) yield* walkMenu(item.children, depth + 1, [...path, i]);
  }
}

/** Activation inheritance (docs/product/menus.md, Rules): under an inactive item everything is inactive. */
export function applyInheritance(items: readonly MenuItem[], parentActive = true): MenuItem[] {
  return items.map((item) => {
    const isActivate = parentActive && item.isActivate;
    return { ...item, isActivate, children: applyInheritance(item.children, isActivate) };
  });
}

/**
 * The menu a user gets: active items whose privileges the user holds (any one of them; none
 * listed: everyone), with their children filtered the same way; an item left out takes its
 * children with it.
 */
export function menuForPrivileges<T extends MenuItem | SuiteItem>(items: readonly T[], held: ReadonlySet<string>): T[] {
  const holds = (names: string) => {
    const list = privilegeList(names);
    return list.length === 0 || list.some((name) => held.has(name));
  };
  return items.flatMap((item) => {
    if (!item.isActivate) return [];
    if ('privilege' in item && !holds(item.privilege)) return [];
    if ('children' in item) return [{ ...item, children: menuForPrivileges(item.children, held) }];
    return [item];
  });
}

interface RawItem {
  children?: RawItem[];
}

/** The dot path of an item field in menujson ('2.children.0.key'). */
const itemPath = (path: number[], field?: string) => [path.join('.children.'), field].filter((p) => p !== undefined && p !== '').join('.');

/**
 * menujson as the API stores it: a JSON list of items of the location's kind, each valid, with
 * the tree's rules: at most MENU_MAX_DEPTH levels and MENU_MAX_ITEMS items, keys unique, a section
 * on every item of the user menu (location 3) and on no other, suite tiles without children.
 * Each item is stamped with its location and application; inheritance applied.
 */
export function parseMenuJson(location: MenuLocation, json: string, application: string): RequestParseResult<MenuItems> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { success: false, path: '', message: MENU_MESSAGES.notAList };
  }
  if (!Array.isArray(raw)) return { success: false, path: '', message: MENU_MESSAGES.notAList };
  // bounds first, on the raw input: a huge or deep list never reaches the schemas
  let count = 0;
  for (const { item, depth, path } of walkMenu(raw as RawItem[])) {
    if (++count > MENU_MAX_ITEMS)
      return { success: false, path: '', message: formatMessage(MENU_MESSAGES.tooMany, { max: MENU_MAX_ITEMS }) };
    if (depth > MENU_MAX_DEPTH)
      return { success: false, path: itemPath(path), message: formatMessage(MENU_MESSAGES.tooDeep, { max: MENU_MAX_DEPTH }) };
    if (item !== null && typeof item === 'object' && 'children' in item && item.children !== undefined && !Array.isArray(item.children)) {
      return { success: false, path: itemPath(path, 'children'), message: MENU_MESSAGES.notAList };
    }
  }
  if (location === MENU_LOCATION.suite) {
    const parsed = parseRequest(v.array(SuiteItemSchema), raw);
    if (!parsed.success) return parsed;
    const keyIssue = repeatedKey(parsed.output.map((item, i) => ({ key: item.key, path: [i] })));
    return keyIssue ?? parsed;
  }
  const parsed = parseRequest(v.array(MenuItemSchema), raw);
  if (!parsed.success) return parsed;
  const walked = [...walkMenu(parsed.output)];
  const keyIssue = repeatedKey(walked.map(({ item, path }) => ({ key: item.key, path })));
  if (keyIssue) return keyIssue;
  for (const { item, path } of walked) {
    if (location === MENU_LOCATION.user && item.section === undefined)
      return { success: false, path: itemPath(path, 'section'), message: MENU_MESSAGES.sectionRequired };
    if (location !== MENU_LOCATION.user && item.section !== undefined)
      return { success: false, path: itemPath(path, 'section'), message: MENU_MESSAGES.sectionOnlyUserMenu };
  }
  const stamp = (items: MenuItem[]): MenuItem[] =>
    items.map((item) => ({ ...item, menuLocation: location, application, children: stamp(item.children) }));
  return { success: true, output: applyInheritance(stamp(parsed.output)) };
}

function repeatedKey(keys: { key: string; path: number[] }[]): { success: false; path: string; message: string } | undefined {
  const seen = new Set<string>();
  for (const { key, path } of keys) {
    if (seen.has(key)) return { success: false, path: itemPath(path, 'key'), message: formatMessage(MENU_MESSAGES.keyRepeated, { key }) };
    seen.add(key);
  }
  return undefined;
}

// ---------------------------------------------------------------- calls

const IdSchema = v.pipe(
  v.number(required),
  v.integer(es.request.invalidId),
  v.minValue(1, es.request.invalidId),
  v.maxValue(2_147_483_647, es.request.invalidId),
);
const LocationSchema = v.pipe(
  v.number(required),
  v.integer(MENU_MESSAGES.locationInvalid),
  v.minValue(1, MENU_MESSAGES.locationInvalid),
  v.maxValue(4, MENU_MESSAGES.locationInvalid),
);
const headerId = v.pipe(
  v.string(required),
  v.trim(),
  v.regex(/^\d{1,9}$/, es.request.invalidId),
  v.transform(Number),
  v.minValue(1, es.request.invalidId),
);
const headerLocation = v.pipe(
  v.string(required),
  v.trim(),
  v.regex(/^[1-4]$/, MENU_MESSAGES.locationInvalid),
  v.transform((s) => Number(s) as MenuLocation),
);

const saveFields = {
  idapplication: IdSchema,
  idmenulocation: LocationSchema,
  numberRows: v.pipe(v.number(required), v.integer(VALIDATION_MESSAGES.integer)),
  /** The serialised list of items (docs/product/menus.md, Fields); parsed with parseMenuJson for its location. */
  menujson: v.pipe(v.string(required), v.maxLength(MENU_JSON_MAX, maxMessage(MENU_JSON_MAX))),
};
type RowsOf = { idmenulocation: number; numberRows: number };
const rowsMatchLocation = (body: RowsOf) => body.numberRows === numberRowsFor(body.idmenulocation as MenuLocation);
const rowsMessage = (body: RowsOf) => formatMessage(MENU_MESSAGES.numberRows, { rows: numberRowsFor(body.idmenulocation as MenuLocation) });

/** POST /api/menu/Create: the first menu of an application and location (id 0 or absent). */
export const CreateMenuRequestSchema = v.pipe(
  v.object({ id: v.optional(v.pipe(v.number(es.request.invalidId), v.literal(0, es.request.invalidId)), 0), ...saveFields }),
  v.check(
    (body) => rowsMatchLocation(body),
    (issue) => rowsMessage(issue.input),
  ),
);

/**
 * POST /api/menu/Modify: replaces the whole menu. `version` (ours, optional) is the one
 * GetMenuByApp answered: a menu saved by someone else since is refused (stale), nothing
 * overwritten. The same guard may come as the `If-Match` header instead (ModifyMenuHeadersSchema).
 * Without either, the last write wins: the menu is replaced and its version raised all the same
 * (docs/product/menus.md, Rules).
 */
export const ModifyMenuRequestSchema = v.pipe(
  v.object({
    id: IdSchema,
    ...saveFields,
    version: v.optional(v.pipe(v.number(required), v.integer(VALIDATION_MESSAGES.integer), v.minValue(1, es.request.invalidId))),
  }),
  v.check(
    (body) => rowsMatchLocation(body),
    (issue) => rowsMessage(issue.input),
  ),
);

/** `*` or entity tags of a menu, its version quoted ("7"); a weak tag (W/"7") cannot guard a save and is refused. */
const IF_MATCH_PATTERN = /^(?:\*|"[1-9]\d{0,8}"(?:[ \t]*,[ \t]*"[1-9]\d{0,8}")*)$/;
const IF_MATCH_MAX = 200;
/**
 * POST /api/menu/Modify headers: `If-Match` (optional), the version GetMenuByApp answered as its
 * entity tag (`ETag: "7"`), or a list of them; the save is refused (stale) unless the menu is
 * still at one of them. `*` is any version: no guard. Parsed to the versions, undefined for none
 * or `*` (docs/product/menus.md, Rules).
 */
export const ModifyMenuHeadersSchema = v.object({
  'If-Match': v.optional(
    v.pipe(
      v.string(MENU_MESSAGES.ifMatchInvalid),
      v.trim(),
      v.maxLength(IF_MATCH_MAX, MENU_MESSAGES.ifMatchInvalid),
      v.regex(IF_MATCH_PATTERN, MENU_MESSAGES.ifMatchInvalid),
      v.description('The version GetMenuByApp answered, as an entity tag ("7"): refused (409) unless the menu is still at it.'),
      v.transform((tags): number[] | undefined => (tags === '*' ? undefined : (tags.match(/\d+/g) ?? []).map(Number))),
    ),
  ),
});
/** A menu's version as the entity tag GetMenuByApp answers in `ETag` and Modify reads in `If-Match`. */
export const menuEntityTag = (version: number) => `"${version}"`;

/** GET /api/menu/GetMenuByApp headers. */
export const MenuByAppHeadersSchema = v.object({ idapplication: headerId, idmenulocation: headerLocation });
/** GET /api/menu/GetMenuByUser headers: the caller's menu of an application (its name) and location. */
export const MenuByUserHeadersSchema = v.object({ idmenulocation: headerLocation, appname: headerAppName });
/** GET /api/menu/list headers, both optional: `userid` (that user's menus, privileges applied), `idapplication`. */
export const MenuListHeadersSchema = v.object({
  userid: optionalHeaderUuid,
  idapplication: v.optional(v.union([v.literal(''), headerId]), ''),
});
/** GET /api/menu/privileges header: the privileges an application holds, which its items may require (ours). */
export const MenuPrivilegesHeadersSchema = v.object({ idapplication: headerId });

/**
 * POST /api/menu/UploadImageMenu. `FileName` (ours, optional) is the chosen file's name, checked
 * like the form checks it; the content must be a PNG whatever the extension says.
 */
export const UploadMenuImageRequestSchema = v.object({
  ApplicationName: headerAppName,
  Extension: v.pipe(v.string(required), v.trim(), v.toLowerCase(), v.literal(MENU_IMAGE_EXTENSION, MENU_MESSAGES.fileType)),
  ImageBase64: v.pipe(v.string(required), v.nonEmpty(MENU_MESSAGES.fileType)),
  FileName: v.optional(v.pipe(v.string(), v.maxLength(MENU_IMAGE_NAME_MAX, MENU_MESSAGES.fileName)), ''),
});

/** A menu as stored (docs/product/menus.md, Fields); id 0 and '[]' when the application has none there yet. */
export interface MenuRecord {
  id: number;
  idapplication: number;
  application: string;
  idmenulocation: number;
  numberRows: number;
  menujson: string;
  /** Raised by every save: Modify may send back the one it loaded, in the body or as `If-Match` (ours). */
  version: number;
  /** ISO-8601; '' for a menu not yet created. */
  modifiedOn: string;
}
export const MenuRecordSchema = resultSchema<MenuRecord>()(
  v.object({
    id: v.number(),
    idapplication: v.number(),
    application: v.string(),
    idmenulocation: v.number(),
    numberRows: v.number(),
    menujson: v.string(),
    version: v.number(),
    modifiedOn: v.string(),
  }),
);
export interface MenuListResult {
  records: MenuRecord[];
  count: number;
}
export const MenuListResultSchema = resultSchema<MenuListResult>()(v.object({ records: v.array(MenuRecordSchema), count: v.number() }));

/** Reply of Create and Modify: the documented text (docs/product/menus.md, Rules), the menu's id and its new version. */
export interface MenuWriteResult {
  information: string;
  informationCode: string;
  id: number;
  version: number;
}
export const MenuWriteResultSchema = resultSchema<MenuWriteResult>()(
  v.object({ information: v.string(), informationCode: v.string(), id: v.number(), version: v.number() }),
);

export interface MenuImageResult {
  relativePath: string;
}
export const MenuImageResultSchema = resultSchema<MenuImageResult>()(v.object({ relativePath: v.string() }));

export interface MenuPrivilegesResult {
  records: { name: string; description: string }[];
}
export const MenuPrivilegesResultSchema = resultSchema<MenuPrivilegesResult>()(
  v.object({ records: v.array(v.object({ name: v.string(), description: v.string() })) }),
);
