import { crc32, deflateSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { CONSOLE_SECTIONS } from '@suite/shared/federation';
import {
  ACCESS_MESSAGES,
  MENU_MESSAGES,
  MESSAGES,
  VALIDATION_MESSAGES,
  formatMessage,
  parseMenuJson,
  type MenuItem,
  type MenuLocation,
} from '@suite/shared/contracts';
import { auditedChanges, ADMIN_PASSWORD, apiCaller, createUser, describeEachBackend, json, tokenFor } from '../../../test/harness';
import type { DB } from '../../db/schema';

const PASSWORD = 'Menu5.Admin-Pass';

/** Everything a menus call may change: a refused call must leave all of it as it was. */
async function snapshot(db: Kysely<DB>): Promise<string> {
  const menus = await db.selectFrom('menus').selectAll().orderBy('id').execute();
  const images = await db.selectFrom('stored_images').select(['id', 'size']).orderBy('id').execute();
  const audit = await auditedChanges(db);
  return JSON.stringify({ menus, images, audit });
}

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A real 2×2 RGBA PNG; `padding` bytes of an ancillary text chunk make it as large as wanted. */
function png(padding = 0, seed = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const rows = Buffer.concat([Buffer.from([0, seed, 1, 2, 255, 3, 4, 5, 255]), Buffer.from([0, 6, 7, 8, 255, 9, 10, 11, 255])]);
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr)];
  if (padding) parts.push(chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(padding, 0x61)])));
  parts.push(chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

describeEachBackend('menus API', (server) => {
  let admin: string;
  let reader: string;
  let usersReader: string;
  let nobody: string;
  let ibuhoo: number;
  let firmaya: number;
  let license: number;
  let n = 0;

  const call = apiCaller(server, () => admin);

  async function expectRefused(response: Awaited<ReturnType<typeof call>>, before: string, status: number, information?: string) {
    expect({ status: response.statusCode, body: response.body }).toEqual({ status, body: expect.any(String) });
    const body = json(response);
    expect(body.statusCode).toBe(status);
    if (information) expect(body.result.information).toBe(information);
    expect(body.result.informationCode).toEqual(expect.any(String));
    expect(await snapshot(server().db)).toBe(before);
  }

  const key = () => `Tk${String(++n).padStart(8, '0')}`;
  const item = (over: Record<string, unknown> = {}) => ({
    key: key(),
    name: `Ítem ${n}`,
    privilege: '',
    url: '/users',
    isFunction: false,
    isActivate: true,
    iconName: 'house',
    ...over,
  });
  const byApp = (idapplication: number, location: MenuLocation, token?: string) =>
    call('GET', '/api/menu/GetMenuByApp', { token, headers: { idapplication: String(idapplication), idmenulocation: String(location) } });
  const stored = async (idapplication: number, location: MenuLocation) => json(await byApp(idapplication, location)).result;
  const byUser = async (token: string, location: MenuLocation, appName = 'ibuhoo') => {
    const response = await call('GET', '/api/menu/GetMenuByUser', { token, headers: { idmenulocation: String(location), appName } });
    expect(response.statusCode).toBe(200);
    const records = json(response).result.records as { menujson: string }[];
    return records.length ? (JSON.parse(records[0].menujson) as MenuItem[]) : [];
  };
  const names = (items: MenuItem[]): unknown[] => items.map((i) => (i.children.length ? [i.name, names(i.children)] : i.name));
  const save = async (idapplication: number, location: MenuLocation, items: unknown[], token?: string) => {
    const current = await stored(idapplication, location);
    const body = {
      id: current.id,
      idapplication,
      idmenulocation: location,
      numberRows: location === 4 ? 4 : 0,
      menujson: JSON.stringify(items),
      ...(current.id ? { version: current.version } : {}),
    };
    return call('POST', current.id ? '/api/menu/Modify' : '/api/menu/Create', { token, payload: body });
  };
  const upload = (bytes: Buffer, over: Record<string, unknown> = {}) =>
    call('POST', '/api/menu/UploadImageMenu', {
      payload: { ApplicationName: 'firmaya', Extension: '.png', ImageBase64: bytes.toString('base64'), FileName: 'logo.png', ...over },
    });

  beforeAll(async () => {
    const { app, db } = server();
    admin = await tokenFor(app, 'admin', ADMIN_PASSWORD);
    await createUser(db, { userName: 'menus.reader', password: PASSWORD, privileges: ['MENUS_READ'] });
    reader = await tokenFor(app, 'menus.reader', PASSWORD);
    await createUser(db, { userName: 'menus.users', password: PASSWORD, privileges: ['USERS_READ'] });
    usersReader = await tokenFor(app, 'menus.users', PASSWORD);
    await createUser(db, { userName: 'menus.nobody', password: PASSWORD, privileges: ['APPS_READ'] });
    nobody = await tokenFor(app, 'menus.nobody', PASSWORD);
    const apps = await db.selectFrom('applications').select(['id', 'name']).execute();
    ibuhoo = apps.find((a) => a.name === 'ibuhoo')?.id as number;
    firmaya = apps.find((a) => a.name === 'firmaya')?.id as number;
    license = apps.find((a) => a.name === 'license')?.id as number;
  });

  it('answers 403 with the documented message to each call without its privilege, 401 without a token, changing nothing', async () => {
    const calls: [string, 'GET' | 'POST', string, Record<string, string>?, unknown?][] = [
      ['MENUS_WRITE', 'POST', '/api/menu/Create', {}, {}],
      ['MENUS_WRITE', 'POST', '/api/menu/Modify', {}, {}],
      ['MENUS_WRITE', 'POST', '/api/menu/UploadImageMenu', {}, {}],
      ['MENUS_READ', 'GET', '/api/menu/GetMenuByApp', { idapplication: '1', idmenulocation: '1' }],
      ['MENUS_READ', 'GET', '/api/menu/list'],
      ['MENUS_READ', 'GET', '/api/menu/privileges', { idapplication: '1' }],
    ];
    const before = await snapshot(server().db);
    for (const [privilege, method, url, headers, payload] of calls) {
      const token = privilege === 'MENUS_WRITE' ? reader : nobody;
      const response = await call(method, url, { token, headers, payload });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
      expect(json(response).result).toEqual({ information: MESSAGES.forbidden, informationCode: 'R403' });
      expect((await call(method, url, { token: null, headers, payload })).statusCode).toBe(401);
    }
    expect(
      (await call('GET', '/api/menu/GetMenuByUser', { token: null, headers: { idmenulocation: '1', appName: 'ibuhoo' } })).statusCode,
    ).toBe(401);
    expect(await snapshot(server().db)).toBe(before);
  });

  it("seeds the console's drawer as the shell draws it, its sign-out, and a suite grid for every application, all valid", async () => {
    const drawer = await stored(ibuhoo, 1);
    const items = JSON.parse(drawer.menujson) as MenuItem[];
    expect(items.map((i) => [i.url, i.privilege])).toEqual(CONSOLE_SECTIONS.map((s) => [s.path, s.privilege]));
    expect(items[0]).toMatchObject({ name: 'Usuarios', iconName: 'users', isActivate: true, menuLocation: 1, application: 'ibuhoo' });
    expect(JSON.parse((await stored(ibuhoo, 3)).menujson)).toEqual([
      expect.objectContaining({ name: 'Seguridad', url: '/security', privilege: '', section: 0 }),
      expect.objectContaining({ name: 'Cerrar sesión', url: '/logout', section: 0 }),
    ]);
    const list = json(await call('GET', '/api/menu/list', { token: reader })).result.records as {
      application: string;
      idmenulocation: number;
      numberRows: number;
      menujson: string;
    }[];
    const grids = list.filter((m) => m.idmenulocation === 4);
    expect(grids.map((m) => m.application)).toEqual(expect.arrayContaining(['ibuhoo', 'firmaya', 'license', 'bemyself']));
    expect(grids.map((m) => m.application)).not.toContain('RESETOTP');
    for (const menu of list) {
      expect(menu.numberRows).toBe(menu.idmenulocation === 4 ? 4 : 0);
      expect(parseMenuJson(menu.idmenulocation as MenuLocation, menu.menujson, menu.application)).toMatchObject({ success: true });
    }
    const firmayaGrid = JSON.parse(grids.find((m) => m.application === 'firmaya')?.menujson ?? '[]') as {
      name: string;
      iconName: string;
    }[];
    expect(firmayaGrid.map((t) => t.name)).toContain('Suite GSE');
    expect(firmayaGrid.map((t) => t.name)).not.toContain('Firmaya');
    expect((await call('GET', firmayaGrid[0].iconName, { token: null })).statusCode).toBe(200);
  });

  it('answers an empty menu (id 0) where none exists, and refuses bad headers', async () => {
    expect(await stored(firmaya, 2)).toMatchObject({
      id: 0,
      idapplication: firmaya,
      application: 'firmaya',
      idmenulocation: 2,
      numberRows: 0,
      menujson: '[]',
      version: 0,
    });
    for (const headers of [
      { idapplication: String(ibuhoo), idmenulocation: '5' },
      { idapplication: 'x', idmenulocation: '1' },
      { idmenulocation: '1' },
      { idapplication: '999999', idmenulocation: '1' },
    ] as Record<string, string>[]) {
      const response = await call('GET', '/api/menu/GetMenuByApp', { headers });
      expect({ headers, status: response.statusCode }).toEqual({ headers, status: 400 });
    }
    const hidden = await server().db.selectFrom('applications').select('id').where('name', '=', 'RESETOTP').executeTakeFirstOrThrow();
    expect(json(await byApp(hidden.id, 1)).result.information).toBe(ACCESS_MESSAGES.applicationUnknown);
  });

  it('creates a menu, then modifies it with the version it loaded, each in the audit log; title is dropped, inheritance applied', async () => {
    const { db } = server();
    const audits = async () =>
      (await db.selectFrom('audit_log').select('action').where('entity', '=', 'menu').orderBy('id').execute()).map((r) => r.action);
    const created = await save(firmaya, 1, [item({ name: 'Padre', title: 'x', children: [item({ name: 'Hijo' })] })]);
    expect(json(created).result).toMatchObject({ information: MENU_MESSAGES.saved, informationCode: 'A10', version: 1 });
    expect(await audits()).toEqual(['menu.create']);
    const first = await stored(firmaya, 1);
    expect(first.id).toBe(json(created).result.id);
    expect(first.menujson).not.toContain('title');

    const parent = item({
      name: 'Padre',
      isActivate: false,
      children: [item({ name: 'Hijo', isActivate: true, children: [item({ name: 'Nieto' })] })],
    });
    const modified = await save(firmaya, 1, [parent, item({ name: 'Otro' })]);
    expect(json(modified).result).toMatchObject({ information: MENU_MESSAGES.modified, id: first.id, version: 2 });
    expect(await audits()).toEqual(['menu.create', 'menu.modify']);
    const [storedParent, other] = JSON.parse((await stored(firmaya, 1)).menujson) as MenuItem[];
    expect([
      storedParent.isActivate,
      storedParent.children[0].isActivate,
      storedParent.children[0].children[0].isActivate,
      other.isActivate,
    ]).toEqual([false, false, false, true]);
  });

  it('refuses a stale save and a second create, overwriting nothing', async () => {
    const loaded = await stored(firmaya, 1);
    expect((await save(firmaya, 1, [item({ name: 'Primero' })])).statusCode).toBe(200);
    const before = await snapshot(server().db);
    const body = {
      id: loaded.id,
      idapplication: firmaya,
      idmenulocation: 1,
      numberRows: 0,
      menujson: JSON.stringify([item({ name: 'Tarde' })]),
      version: loaded.version,
    };
    await expectRefused(await call('POST', '/api/menu/Modify', { payload: body }), before, 409, MENU_MESSAGES.stale);
    const again = { idapplication: firmaya, idmenulocation: 1, numberRows: 0, menujson: '[]' };
    await expectRefused(await call('POST', '/api/menu/Create', { payload: again }), before, 409, MENU_MESSAGES.alreadyExists);
    expect(names(JSON.parse((await stored(firmaya, 1)).menujson))).toEqual(['Primero']);
  });

  it('creates with the documented body, id 0 or left out, and modifies with it alone: no version, the last write wins', async () => {
    const body = (location: MenuLocation, name: string) => ({
      idapplication: license,
      idmenulocation: location,
      numberRows: 0,
      menujson: JSON.stringify([item({ name })]),
    });
    const created = await call('POST', '/api/menu/Create', { payload: { id: 0, ...body(1, 'Uno') } });
    expect({ status: created.statusCode, result: json(created).result }).toEqual({
      status: 200,
      result: { information: MENU_MESSAGES.saved, informationCode: 'A10', id: expect.any(Number), version: 1 },
    });
    const menu = await stored(license, 1);
    expect({ id: menu.id, version: menu.version, names: names(JSON.parse(menu.menujson)) }).toEqual({
      id: json(created).result.id,
      version: 1,
      names: ['Uno'],
    });
    // `id` left out is a create all the same
    const withoutId = await call('POST', '/api/menu/Create', { payload: body(2, 'Dos') });
    expect(json(withoutId).result).toMatchObject({ information: MENU_MESSAGES.saved, version: 1 });
    expect(names(JSON.parse((await stored(license, 2)).menujson))).toEqual(['Dos']);
    const before = await snapshot(server().db);
    const another = await call('POST', '/api/menu/Create', { payload: { id: 5, ...body(3, 'Tres') } });
    await expectRefused(another, before, 400);
    expect(json(another).result.information).toContain('El identificador no es válido.');

    // Modify with the documented body: no version, no If-Match; replaced, the version raised each time
    for (const [name, version] of [
      ['Cuatro', 2],
      ['Cinco', 3],
    ] as const) {
      const modified = await call('POST', '/api/menu/Modify', { payload: { id: menu.id, ...body(1, name) } });
      expect({ status: modified.statusCode, result: json(modified).result }).toEqual({
        status: 200,
        result: { information: MENU_MESSAGES.modified, informationCode: 'A10', id: menu.id, version },
      });
      const after = await stored(license, 1);
      expect({ version: after.version, names: names(JSON.parse(after.menujson)) }).toEqual({ version, names: [name] });
    }
  });

  it('guards a modify by version or If-Match when sent: the current one saves, a stale one is refused as today, changing nothing', async () => {
    const { db } = server();
    const loaded = await byApp(license, 1);
    const menu = json(loaded).result as { id: number; version: number };
    expect(loaded.headers.etag).toBe(`"${menu.version}"`);
    expect((await byApp(license, 3)).headers.etag).toBeUndefined();
    const body = (name: string, over: Record<string, unknown> = {}) => ({
      id: menu.id,
      idapplication: license,
      idmenulocation: 1,
      numberRows: 0,
      menujson: JSON.stringify([item({ name })]),
      ...over,
    });
    const modify = (payload: unknown, ifMatch?: string) =>
      call('POST', '/api/menu/Modify', { payload, ...(ifMatch === undefined ? {} : { headers: { 'if-match': ifMatch } }) });
    const current = async () => {
      const response = await byApp(license, 1);
      const record = json(response).result as { version: number; menujson: string };
      return { etag: response.headers.etag, version: record.version, names: names(JSON.parse(record.menujson)) };
    };

    // the current If-Match saves, and the new ETag is the new version
    const saved = await modify(body('Vigente'), `"${menu.version}"`);
    expect(json(saved).result).toMatchObject({ information: MENU_MESSAGES.modified, version: menu.version + 1 });
    expect(await current()).toEqual({ etag: `"${menu.version + 1}"`, version: menu.version + 1, names: ['Vigente'] });

    // the version loaded before that save is stale now: in the body, as If-Match, or both
    const before = await snapshot(db);
    const byVersion = await modify(body('Tarde', { version: menu.version }));
    await expectRefused(byVersion, before, 409, MENU_MESSAGES.stale);
    expect(json(byVersion).result).toEqual({ information: MENU_MESSAGES.stale, informationCode: 'R409' });
    for (const [what, response] of [
      ['If-Match', await modify(body('Tarde'), `"${menu.version}"`)],
      ['a list of stale If-Match tags', await modify(body('Tarde'), `"${menu.version}", "${menu.version + 5}"`)],
      ['current version, stale If-Match', await modify(body('Tarde', { version: menu.version + 1 }), `"${menu.version}"`)],
      ['stale version, current If-Match', await modify(body('Tarde', { version: menu.version }), `"${menu.version + 1}"`)],
    ] as const) {
      expect({ what, status: response.statusCode, body: json(response) }).toEqual({ what, status: 409, body: json(byVersion) });
    }
    expect(await snapshot(db)).toBe(before);

    // a malformed If-Match: 400 with the catalogue's message, nothing changed
    for (const value of ['7', 'W/"2"', '"x"', '"0"', '"2",', "'2'", `"${'9'.repeat(10)}"`, '"2" junk']) {
      const response = await modify(body('Roto'), value);
      await expectRefused(response, before, 400);
      expect({ value, information: json(response).result.information }).toEqual({
        value,
        information: expect.stringContaining(MENU_MESSAGES.ifMatchInvalid),
      });
    }
    // a stale If-Match on a body that breaks a rule is the body's refusal
    await expectRefused(await modify(body('Roto', { numberRows: 4 }), `"${menu.version}"`), before, 400);

    // the current version in a list, `*`, and body and If-Match agreeing all save
    const latest = menu.version + 1;
    expect(json(await modify(body('Lista'), `"${menu.version}", "${latest}"`)).result.version).toBe(latest + 1);
    expect(json(await modify(body('Cualquiera'), '*')).result.version).toBe(latest + 2);
    expect(json(await modify(body('Ambos', { version: latest + 2 }), `"${latest + 2}"`)).result.version).toBe(latest + 3);
    expect(await current()).toEqual({ etag: `"${latest + 3}"`, version: latest + 3, names: ['Ambos'] });

    // the OpenAPI document shows both guards optional
    const operation = json(await call('GET', '/api/openapi.json', { token: null })).paths['/api/menu/Modify'].post;
    expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'If-Match', in: 'header', required: false }));
    const published = operation.requestBody.content['application/json'].schema as { required: string[]; properties: object };
    expect({ required: published.required.includes('version'), version: 'version' in published.properties }).toEqual({
      required: false,
      version: true,
    });
  });

  it('refuses every broken rule with 400 and a clear message, changing nothing', async () => {
    const current = await stored(ibuhoo, 1);
    const modify = (over: Record<string, unknown>) => ({
      id: current.id,
      idapplication: ibuhoo,
      idmenulocation: 1,
      numberRows: 0,
      menujson: '[]',
      version: current.version,
      ...over,
    });
    const items = (...list: unknown[]) => JSON.stringify(list);
    const twice = item();
    let deep: Record<string, unknown> = item();
    for (let i = 0; i < 5; i++) deep = item({ children: [deep] });
    const cases: [string, Record<string, unknown>, string][] = [
      ['not JSON', modify({ menujson: '[{' }), MENU_MESSAGES.notAList],
      ['an object', modify({ menujson: '{}' }), MENU_MESSAGES.notAList],
      [
        'a repeated key',
        modify({ menujson: items(twice, item({ children: [{ ...twice }] })) }),
        formatMessage(MENU_MESSAGES.keyRepeated, { key: twice.key }),
      ],
      ['a bad key', modify({ menujson: items(item({ key: 'short' })) }), MENU_MESSAGES.keyInvalid],
      ['too deep', modify({ menujson: items(deep) }), formatMessage(MENU_MESSAGES.tooDeep, { max: 5 })],
      [
        'an unknown privilege',
        modify({ menujson: items(item({ privilege: 'USERS_READ,NO_SUCH' })) }),
        formatMessage(MENU_MESSAGES.privilegeUnknown, { privilege: 'NO_SUCH', application: 'ibuhoo' }),
      ],
      ['a bad url', modify({ menujson: items(item({ url: 'javascript:alert(1)' })) }), MENU_MESSAGES.urlInvalid],
      ['a function without name', modify({ menujson: items(item({ isFunction: true })) }), MENU_MESSAGES.functionRequired],
      [
        'an unknown icon',
        modify({ menujson: items(item({ iconName: 'nope' })) }),
        formatMessage(MENU_MESSAGES.iconUnknown, { icon: 'nope' }),
      ],
      ['a section outside the user menu', modify({ menujson: items(item({ section: 0 })) }), MENU_MESSAGES.sectionOnlyUserMenu],
      ['wrong numberRows', modify({ numberRows: 4 }), formatMessage(MENU_MESSAGES.numberRows, { rows: 0 })],
      ['location 5', modify({ idmenulocation: 5 }), MENU_MESSAGES.locationInvalid],
      ['another application for the id', modify({ idapplication: firmaya }), 'El identificador no es válido.'],
      ['a version that is not whole', modify({ version: 1.5 }), VALIDATION_MESSAGES.integer],
      ['an unknown application', modify({ idapplication: 999999 }), ACCESS_MESSAGES.applicationUnknown],
    ];
    const before = await snapshot(server().db);
    for (const [what, body, message] of cases) {
      const response = await call('POST', '/api/menu/Modify', { payload: body });
      expect({ what, status: response.statusCode }).toEqual({ what, status: 400 });
      if (message)
        expect({ what, information: json(response).result.information }).toEqual({ what, information: expect.stringContaining(message) });
    }
    const userMenu = { idapplication: firmaya, idmenulocation: 3, numberRows: 0, menujson: items(item()) };
    await expectRefused(await call('POST', '/api/menu/Create', { payload: userMenu }), before, 400);
    expect(json(await call('POST', '/api/menu/Create', { payload: userMenu })).result.information).toContain(MENU_MESSAGES.sectionRequired);
    const suite = {
      idapplication: firmaya,
      idmenulocation: 2,
      numberRows: 0,
      menujson: items({ key: key(), name: 'x', urlLanding: 'https://a.test', urlApplication: 'https://a.test' }),
    };
    await expectRefused(await call('POST', '/api/menu/Create', { payload: suite }), before, 400);
    expect(await snapshot(server().db)).toBe(before);
  });

  it("gives each user the active items they hold a privilege for, and the list a chosen user's view", async () => {
    const all = await byUser(admin, 1);
    expect(all.map((i) => i.url)).toEqual(CONSOLE_SECTIONS.map((s) => s.path));
    expect((await byUser(usersReader, 1)).map((i) => i.name)).toEqual(['Usuarios']);
    expect((await byUser(nobody, 1)).map((i) => i.name)).toEqual(['Aplicaciones']);
    // an item without privileges is everyone's; an inactive one nobody's
    expect((await byUser(nobody, 3)).map((i) => i.name)).toEqual(['Seguridad', 'Cerrar sesión']);
    expect(await byUser(nobody, 2)).toEqual([]);

    const items = JSON.parse((await stored(ibuhoo, 1)).menujson) as MenuItem[];
    items[0] = {
      ...items[0],
      children: [
        item({ name: 'Abierto' }) as unknown as MenuItem,
        item({ name: 'Escritura', privilege: 'USERS_WRITE' }) as unknown as MenuItem,
      ],
    };
    items.push(item({ name: 'Apagado', isActivate: false }) as unknown as MenuItem);
    expect((await save(ibuhoo, 1, items)).statusCode).toBe(200);
    expect(names(await byUser(usersReader, 1))).toEqual([['Usuarios', ['Abierto']]]);
    expect(names(await byUser(admin, 1))).toContainEqual(['Usuarios', ['Abierto', 'Escritura']]);
    expect(names(await byUser(admin, 1))).not.toContain('Apagado');

    const { db } = server();
    const userId = (await db.selectFrom('users').select('id').where('user_name', '=', 'menus.users').executeTakeFirstOrThrow()).id;
    const seen = json(await call('GET', '/api/menu/list', { token: reader, headers: { userid: userId, idapplication: String(ibuhoo) } }))
      .result.records as { idmenulocation: number; menujson: string }[];
    expect(names(JSON.parse(seen.find((m) => m.idmenulocation === 1)?.menujson ?? '[]'))).toEqual([['Usuarios', ['Abierto']]]);
    expect(
      (await call('GET', '/api/menu/list', { token: reader, headers: { userid: '00000000-0000-4000-8000-000000000000' } })).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', '/api/menu/GetMenuByUser', { token: admin, headers: { idmenulocation: '1', appName: 'nosuchapp' } })).statusCode,
    ).toBe(400);
  });

  it('lists the privileges an application holds for the item form', async () => {
    const records = json(await call('GET', '/api/menu/privileges', { token: reader, headers: { idapplication: String(ibuhoo) } })).result
      .records as { name: string }[];
    expect(records.map((r) => r.name)).toEqual(expect.arrayContaining(['MENUS_READ', 'USERS_WRITE']));
  });

  it('stores a PNG once, served to anyone at its content hash with long-lived caching', async () => {
    const image = png(0, 7);
    const response = await upload(image);
    expect(response.statusCode).toBe(200);
    const { relativePath } = json(response).result as { relativePath: string };
    expect(relativePath).toMatch(/^\/api\/images\/[0-9a-f]{64}\.png$/);
    const served = await call('GET', relativePath, { token: null });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(image)).toBe(true);
    const before = await snapshot(server().db);
    expect(json(await upload(image, { FileName: 'otra.png' })).result.relativePath).toBe(relativePath);
    expect(await snapshot(server().db)).toBe(before);
    expect((await call('GET', '/api/images/' + '0'.repeat(64) + '.png', { token: null })).statusCode).toBe(404);
    expect((await call('GET', '/api/images/..%2F..%2Fetc.png', { token: null })).statusCode).toBe(404);
    // an image saved in a suite tile
    const tile = {
      key: key(),
      name: 'Firma',
      urlLanding: 'https://firmaya.test',
      urlApplication: 'https://firmaya.test/app',
      description: '',
      isActivate: true,
      iconName: relativePath,
      iconNameDark: relativePath,
    };
    expect((await save(firmaya, 4, [tile])).statusCode).toBe(200);
    expect(JSON.parse((await stored(firmaya, 4)).menujson)).toEqual([tile]);
  });

  it('refuses a GIF named .png, a 3 MB PNG, a 201-character name, another extension and an unknown application, storing nothing', async () => {
    const before = await snapshot(server().db);
    await expectRefused(await upload(GIF), before, 400, MENU_MESSAGES.fileType);
    await expectRefused(await upload(png(3 * 1024 * 1024)), before, 400, MENU_MESSAGES.fileSize);
    await expectRefused(await upload(png(0, 9), { FileName: `${'a'.repeat(197)}.png` }), before, 400);
    expect(json(await upload(png(0, 9), { FileName: `${'a'.repeat(197)}.png` })).result.information).toContain(MENU_MESSAGES.fileName);
    expect(json(await upload(png(0, 9), { Extension: '.gif' })).result.information).toContain(MENU_MESSAGES.fileType);
    const broken = png(0, 9);
    broken[20] ^= 0xff; // IHDR no longer matches its CRC
    await expectRefused(await upload(broken), before, 400, MENU_MESSAGES.fileType);
    await expectRefused(await upload(png(0, 9), { ApplicationName: 'nosuchapp' }), before, 400, ACCESS_MESSAGES.applicationUnknown);
    await expectRefused(await upload(png(0, 9), { ImageBase64: '***' }), before, 400, MENU_MESSAGES.fileType);
    // exactly 2 MB is allowed
    const limit = png(0, 9);
    const exact = png(2_097_152 - limit.length - 12 - 8, 9);
    expect(exact.length).toBe(2_097_152);
    expect((await upload(exact)).statusCode).toBe(200);
  });
});
