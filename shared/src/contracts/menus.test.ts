import * as v from 'valibot';
import {
  CreateMenuRequestSchema,
  MENU_ICON_NAMES,
  MENU_KEY_ALPHABET,
  MENU_MAX_DEPTH,
  MENU_MESSAGES,
  ModifyMenuHeadersSchema,
  ModifyMenuRequestSchema,
  UploadMenuImageRequestSchema,
  applyInheritance,
  formatMessage,
  menuForPrivileges,
  newMenuKey,
  parseMenuJson,
  type MenuItem,
} from './index';
import { MENU_ICON_BODIES } from '../menu-icons';

let n = 0;
const key = () => `k${String(++n).padStart(9, '0')}`;
const item = (over: Record<string, unknown> = {}): Record<string, unknown> & { key: string } => ({
  key: key(),
  name: `Ítem ${n}`,
  url: '/users',
  isFunction: false,
  isActivate: true,
  ...over,
});
const parse = (location: 1 | 2 | 3 | 4, items: unknown) => parseMenuJson(location, JSON.stringify(items), 'ibuhoo');

describe('menu contracts', () => {
  it('makes 10-character keys of the 62-character alphabet, different each time', () => {
    const keys = Array.from({ length: 200 }, newMenuKey);
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(new Set(keys).size).toBe(200);
    expect(MENU_KEY_ALPHABET).toHaveLength(62);
  });

  it('offers about 400 icons, each with its SVG body', () => {
    expect(MENU_ICON_NAMES.length).toBeGreaterThanOrEqual(380);
    expect(MENU_ICON_NAMES.length).toBeLessThanOrEqual(420);
    for (const name of MENU_ICON_NAMES) expect(MENU_ICON_BODIES[name]).toMatch(/^</);
  });

  it('accepts a tree, drops unknown fields (title), normalises privileges and stamps location and application', () => {
    const result = parse(1, [
      item({
        title: 'x',
        privilege: ' USERS_READ, ROLES_READ,USERS_READ',
        iconName: 'users',
        children: [item({ isFunction: true, url: '', functionName: 'logout' })],
      }),
    ]);
    expect(result.success).toBe(true);
    const [top] = (result as { output: MenuItem[] }).output;
    expect(top).not.toHaveProperty('title');
    expect(top).toMatchObject({
      privilege: 'USERS_READ,ROLES_READ',
      sizeIcon: '24px',
      menuLocation: 1,
      application: 'ibuhoo',
      iconName: 'users',
    });
    expect(top.children[0]).toMatchObject({ functionName: 'logout', menuLocation: 1 });
  });

  it.each([
    ['not JSON', 1, '{', MENU_MESSAGES.notAList],
    ['a bad URL', 1, [item({ url: 'ftp://x' })], MENU_MESSAGES.urlInvalid],
    ['a protocol-relative URL', 1, [item({ url: '//evil.example/x' })], MENU_MESSAGES.urlInvalid],
    ['a path a browser opens on another host', 1, [item({ url: '/\\evil.example/x' })], MENU_MESSAGES.urlInvalid],
    [
      'a protocol-relative personalised icon',
      1,
      [item({ isPersonalizedIcon: true, iconName: '//evil.example/x.png' })],
      formatMessage(MENU_MESSAGES.iconUnknown, { icon: '//evil.example/x.png' }),
    ],
    [
      'a protocol-relative suite tile',
      4,
      [
        {
          key: 'abcdefghij',
          name: 'A',
          urlLanding: '//evil.example',
          urlApplication: 'https://a.test',
          iconName: '/brand/a.svg',
          iconNameDark: '/brand/a.svg',
        },
      ],
      MENU_MESSAGES.urlInvalid,
    ],
    ['a function without name', 1, [item({ isFunction: true, url: '' })], MENU_MESSAGES.functionRequired],
    ['an unknown icon', 1, [item({ iconName: 'no-such-icon' })], formatMessage(MENU_MESSAGES.iconUnknown, { icon: 'no-such-icon' })],
    ['a short key', 1, [item({ key: 'abc' })], MENU_MESSAGES.keyInvalid],
    ['a key with a symbol', 1, [item({ key: 'abcdefghi-' })], MENU_MESSAGES.keyInvalid],
    ['a section outside the user menu', 2, [item({ section: 1 })], MENU_MESSAGES.sectionOnlyUserMenu],
    ['no section in the user menu', 3, [item()], MENU_MESSAGES.sectionRequired],
    [
      'a suite tile without logos',
      4,
      [{ key: 'abcdefghij', name: 'A', urlLanding: 'https://a.test', urlApplication: 'https://a.test' }],
      MENU_MESSAGES.logosRequired,
    ],
  ] as const)('refuses %s', (_what, location, items, message) => {
    const result = typeof items === 'string' ? parseMenuJson(location, items, 'ibuhoo') : parse(location, items);
    expect(result).toMatchObject({ success: false, message });
  });

  it('refuses repeated keys anywhere in the tree and trees deeper than the limit', () => {
    const twice = item();
    expect(parse(1, [twice, item({ children: [{ ...twice }] })])).toMatchObject({
      success: false,
      path: '1.children.0.key',
      message: formatMessage(MENU_MESSAGES.keyRepeated, { key: twice.key }),
    });
    let deep: Record<string, unknown> = item();
    for (let i = 0; i < MENU_MAX_DEPTH; i++) deep = item({ children: [deep] });
    expect(parse(1, [deep])).toMatchObject({ success: false, message: formatMessage(MENU_MESSAGES.tooDeep, { max: MENU_MAX_DEPTH }) });
  });

  it('makes every descendant of an inactive item inactive', () => {
    const result = parse(1, [item({ isActivate: false, children: [item({ children: [item()] })] }), item()]) as { output: MenuItem[] };
    expect(result.output[0].children[0].isActivate).toBe(false);
    expect(result.output[0].children[0].children[0].isActivate).toBe(false);
    expect(result.output[1].isActivate).toBe(true);
    expect(applyInheritance(result.output)).toEqual(result.output);
  });

  it('keeps the items a user may see: active, with one of their privileges or none required', () => {
    const tree = (
      parse(1, [
        item({ name: 'open' }),
        item({
          name: 'users',
          privilege: 'USERS_READ,ROLES_READ',
          children: [item({ name: 'write', privilege: 'USERS_WRITE' }), item({ name: 'child' })],
        }),
        item({ name: 'off', isActivate: false }),
        item({ name: 'apps', privilege: 'APPS_READ', children: [item({ name: 'hidden with parent' })] }),
      ]) as { output: MenuItem[] }
    ).output;
    const seen = menuForPrivileges(tree, new Set(['ROLES_READ']));
    expect(seen.map((i) => [i.name, i.children.map((c) => c.name)])).toEqual([
      ['open', []],
      ['users', ['child']],
    ]);
  });

  it('checks the body: numberRows by location, the image extension and file name', () => {
    const body = { idapplication: 1, idmenulocation: 4, numberRows: 0, menujson: '[]' };
    expect(v.safeParse(CreateMenuRequestSchema, body).success).toBe(false);
    expect(v.safeParse(CreateMenuRequestSchema, { ...body, numberRows: 4 }).success).toBe(true);
    expect(v.safeParse(CreateMenuRequestSchema, { ...body, idmenulocation: 1, numberRows: 0 }).success).toBe(true);
    const upload = { ApplicationName: 'ibuhoo', Extension: '.PNG', ImageBase64: 'AA==' };
    expect(v.safeParse(UploadMenuImageRequestSchema, upload).success).toBe(true);
    expect(v.safeParse(UploadMenuImageRequestSchema, { ...upload, Extension: '.gif' }).issues?.[0].message).toBe(MENU_MESSAGES.fileType);
    expect(v.safeParse(UploadMenuImageRequestSchema, { ...upload, FileName: `${'a'.repeat(197)}.png` }).issues?.[0].message).toBe(
      MENU_MESSAGES.fileName,
    );
  });

  it('takes a modify without version, and reads If-Match as the versions it may replace', () => {
    const body = { id: 3, idapplication: 1, idmenulocation: 1, numberRows: 0, menujson: '[]' };
    expect(v.safeParse(ModifyMenuRequestSchema, body)).toMatchObject({ success: true, output: body });
    expect(v.safeParse(ModifyMenuRequestSchema, { ...body, version: 7 })).toMatchObject({ success: true, output: { version: 7 } });
    expect(v.safeParse(ModifyMenuRequestSchema, { ...body, version: 0 }).success).toBe(false);
    const ifMatch = (value?: string) => v.safeParse(ModifyMenuHeadersSchema, value === undefined ? {} : { 'If-Match': value });
    expect(ifMatch().output).toEqual({});
    expect(ifMatch('"7"').output).toEqual({ 'If-Match': [7] });
    expect(ifMatch(' "7", "12" ').output).toEqual({ 'If-Match': [7, 12] });
    expect(ifMatch('*').output).toEqual({ 'If-Match': undefined });
    for (const value of ['', '7', 'W/"7"', '"0"', '"x"', '"7",', `"${'1'.repeat(10)}"`, `"1",${' "1",'.repeat(50)} "1"`]) {
      expect({ value, message: ifMatch(value).issues?.[0].message }).toEqual({ value, message: MENU_MESSAGES.ifMatchInvalid });
    }
  });
});
