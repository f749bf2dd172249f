import { MESSAGES, USER_STATE } from '@suite/shared/contracts';
import { ADMIN_PASSWORD, createUser, describeEachBackend, json, tokenFor } from '../../../test/harness';
import { decodeHeaderText } from '../../http/headers';
import { escapeLike } from './queries';

const DAY = 86_400_000;

describeEachBackend('GET /api/user/list', (server) => {
  let adminToken: string;
  const base = Date.now() - 1000 * DAY;

  beforeAll(async () => {
    const { app, db } = server();
    // 12 users with distinct modification dates (oldest first), plus a deleted one
    const rows: [string, string, string, string, number][] = [
      ['ana.gomez', 'Ana María', 'Gómez Ruiz', '1010101010', USER_STATE.active],
      ['bruno.diaz', 'Bruno', 'Díaz Pardo', '2020202020', USER_STATE.inactive],
      ['carla.mejia', 'Carla', 'Mejía Soto', '3030303030', USER_STATE.active],
      ['dario.lopez', 'Darío', 'López Vega', '4040404040', USER_STATE.inactive],
      ['elena.rios', 'Elena', 'Ríos Mora', '5050505050', USER_STATE.active],
      ['fabian.cruz', 'Fabián', 'Cruz León', '6060606060', USER_STATE.pendingActivation],
      ['gloria.nunez', 'Gloria', 'Núñez Parra', '7070707070', USER_STATE.active],
      ['hector.sanz', 'Héctor', 'Sanz Gil', '8080808080', USER_STATE.inactive],
      ['ines.vidal', 'Inés', 'Vidal Rey', '9090909090', USER_STATE.active],
      ['jorge.pena', 'Jorge', 'Peña Luna', '1111111111', USER_STATE.active],
      ['karen_100', 'Karen', 'Ortiz 100%', '1212121212', USER_STATE.active],
      ['karenx100', 'Karen', 'Ortiz Cien', '1313131313', USER_STATE.active],
    ];
    for (const [i, [userName, names, surnames, document, idstate]] of rows.entries()) {
      await createUser(db, { userName, names, surnames, document, idstate, modifiedOn: new Date(base + i * DAY) });
    }
    await createUser(db, { userName: 'zz.deleted', names: 'Borrado', deleted: true, modifiedOn: new Date(base + 50 * DAY) });
    adminToken = await tokenFor(app, 'admin', ADMIN_PASSWORD);
  });

  const list = (headers: Record<string, string>, token: string | null = adminToken) =>
    server().app.inject({
      method: 'GET',
      url: '/api/user/list',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });

  it('answers 401 R401 without a token, with a malformed one and with a forged one', async () => {
    for (const authorization of [undefined, 'Bearer', 'Basic abc', 'Bearer not.a.jwt', `Bearer ${adminToken.slice(0, -4)}AAAA`]) {
      const response = await server().app.inject({
        method: 'GET',
        url: '/api/user/list',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({ statusCode: 401, result: { information: MESSAGES.unauthorized, informationCode: 'R401' } });
    }
  });

  it('answers 403 with the documented message to a user without USERS_READ', async () => {
    const { app, db } = server();
    await createUser(db, { userName: 'no.privileges', password: 'N0.Privileges', privileges: ['ROLES_READ'] });
    const token = await tokenFor(app, 'no.privileges', 'N0.Privileges');
    const response = await list({}, token);
    expect(response.statusCode).toBe(403);
    expect(json(response)).toEqual({ statusCode: 403, result: { information: MESSAGES.forbidden, informationCode: 'R403' } });
  });

  it('does not count console privileges of a token issued for another application', async () => {
    const { app } = server();
    const firmayaToken = await tokenFor(app, 'admin', ADMIN_PASSWORD, 'firmaya');
    expect((await list({}, firmayaToken)).statusCode).toBe(403);
  });

  it('lets a user holding only USERS_READ list users', async () => {
    const { app, db } = server();
    await createUser(db, { userName: 'reader', password: 'R3ader.Pass', privileges: ['USERS_READ'] });
    const token = await tokenFor(app, 'reader', 'R3ader.Pass');
    expect((await list({}, token)).statusCode).toBe(200);
  });

  it('defaults to page 1 of 10, newest modified first, without deleted users', async () => {
    const response = await list({});
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body.statusCode).toBe(200);
    const total = body.result.rows as number;
    // 12 seeded here + admin + the users created by earlier tests (no.privileges, reader)
    expect(total).toBe(15);
    expect(body.result.users).toHaveLength(10);
    const names = body.result.users.map((u: { userName: string }) => u.userName);
    expect(names).not.toContain('zz.deleted');
    const dates = body.result.users.map((u: { modifiedon: string }) => Date.parse(u.modifiedon));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(body.result.users[0]).toEqual({
      id: expect.any(String),
      userName: expect.any(String),
      names: expect.any(String),
      surnames: expect.any(String),
      document: expect.any(String),
      email: expect.any(String),
      idstate: expect.any(Number),
      typeuserid: expect.any(Number),
      modifiedon: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('sorts oldest first (4), active first (1) and inactive first (2)', async () => {
    const oldest = json(await list({ filterBy: '4', pages: '1,10' })).result.users;
    expect(oldest.slice(0, 3).map((u: { userName: string }) => u.userName)).toEqual(['ana.gomez', 'bruno.diaz', 'carla.mejia']);

    const activeFirst = json(await list({ filterBy: '1', pages: '1,25' })).result.users as { idstate: number }[];
    const firstNotActive = activeFirst.findIndex((u) => u.idstate !== USER_STATE.active);
    expect(firstNotActive).toBeGreaterThan(0);
    expect(activeFirst.slice(firstNotActive).every((u) => u.idstate !== USER_STATE.active)).toBe(true);

    const inactiveFirst = json(await list({ filterBy: '2', pages: '1,25' })).result.users as { userName: string; idstate: number }[];
    expect(inactiveFirst.slice(0, 3).map((u) => u.userName)).toEqual(['hector.sanz', 'dario.lopez', 'bruno.diaz']);
    expect(inactiveFirst[3].idstate).not.toBe(USER_STATE.inactive);
  });

  it('pages through the list without overlap', async () => {
    const page1 = json(await list({ filterBy: '4', pages: '1,10' })).result;
    const page2 = json(await list({ filterBy: '4', pages: '2,10' })).result;
    const page3 = json(await list({ filterBy: '4', pages: '3,10' })).result;
    expect(page1.rows).toBe(15);
    expect(page2.rows).toBe(15);
    expect(page1.users).toHaveLength(10);
    expect(page2.users).toHaveLength(5);
    expect(page3.users).toEqual([]);
    const ids = [...page1.users, ...page2.users].map((u: { id: string }) => u.id);
    expect(new Set(ids).size).toBe(15);
  });

  it('searches user name, names, surnames, document and e-mail ignoring case and accents', async () => {
    const search = async (text: string) =>
      json(await list({ customerSearch: encodeURIComponent(text), pages: '1,100' }))
        .result.users.map((u: { userName: string }) => u.userName)
        .sort();
    expect(await search('ANA.GOMEZ')).toEqual(['ana.gomez']);
    expect(await search('héctor')).toEqual(['hector.sanz']);
    expect(await search('MEJÍA')).toEqual(['carla.mejia']);
    // accents ignored both ways (migration 0010): typed without them, stored with them, and back
    expect(await search('nunez parra')).toEqual(['gloria.nunez']);
    expect(await search('MEJIA SOTO')).toEqual(['carla.mejia']);
    expect(await search('Héctor SANZ GÍL')).toEqual(['hector.sanz']);
    expect(await search('5050505')).toEqual(['elena.rios']);
    expect(await search('jorge.pena@test')).toEqual(['jorge.pena']);
    expect(await search('borrado')).toEqual([]); // deleted users never show
    // LIKE wildcards match literally
    expect(await search('karen_')).toEqual(['karen_100']);
    expect(await search('100%')).toEqual(['karen_100']);
    const counted = json(await list({ customerSearch: 'karen' })).result;
    expect(counted.rows).toBe(2);
  });

  it('accepts raw UTF-8 in the search header too', async () => {
    const response = await server().app.inject({
      method: 'GET',
      url: '/api/user/list',
      headers: { authorization: `Bearer ${adminToken}`, customerSearch: Buffer.from('Núñez', 'utf8').toString('latin1') },
    });
    expect(json(response).result.users.map((u: { userName: string }) => u.userName)).toEqual(['gloria.nunez']);
  });

  it.each([
    [{ pages: '1,7' }, /pages/],
    [{ pages: 'abc' }, /pages/],
    [{ filterBy: '9' }, /filterBy/],
    [{ customerSearch: 'x'.repeat(101) }, /customerSearch/],
  ])('answers bad headers %p with 400', async (headers, message) => {
    const response = await list(headers as Record<string, string>);
    expect(response.statusCode).toBe(400);
    const body = json(response);
    expect(body.result.informationCode).toBe('R400');
    expect(body.result.information).toMatch(message);
  });

  it("serves every page of every sort in order, pages of the second half read from the index's other end", async () => {
    for (const filterBy of ['1', '2', '3', '4']) {
      const ids = async (pages: string) => json(await list({ filterBy, pages })).result.users.map((u: { id: string }) => u.id);
      const all = await ids('1,25');
      expect(all).toHaveLength(15);
      expect([...(await ids('1,10')), ...(await ids('2,10'))]).toEqual(all);
    }
  });

  it('keeps the plain count in step as users are created, deleted and restored', async () => {
    const { db } = server();
    const rows = async () => json(await list({})).result.rows as number;
    const id = await createUser(db, { userName: 'counted.user' });
    expect(await rows()).toBe(16);
    await db.updateTable('users').set({ deleted: true }).where('id', '=', id).execute();
    expect(await rows()).toBe(15);
    await db.updateTable('users').set({ deleted: false }).where('id', '=', id).execute();
    expect(await rows()).toBe(16);
    await db.deleteFrom('users').where('id', '=', id).execute();
    expect(await rows()).toBe(15);
  });

  it('is reachable with any path casing', async () => {
    const response = await server().app.inject({
      method: 'GET',
      url: '/API/User/List',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('writes each user as JSON escapes it: quotes, backslashes, control characters and any script come back as stored', async () => {
    const { db } = server();
    const stored = {
      userName: 'json.escaped',
      names: 'Ana "la" \\ María\tÑ',
      surnames: '</script><b>Ruiz</b>\nPeña \u0001 😀',
      document: '"1"\\2',
      email: 'json.escaped@test.localhost',
      modifiedOn: new Date(Date.UTC(2021, 0, 2, 3, 4, 5, 6)),
    };
    const id = await createUser(db, stored);
    try {
      for (const pages of ['1,10', '1,100']) {
        const response = await list({ customerSearch: 'json.escaped', pages });
        // the reply parses, and every value is the stored one
        const [user] = json(response).result.users;
        expect(user).toStrictEqual({
          id,
          userName: stored.userName,
          names: stored.names,
          surnames: stored.surnames,
          document: stored.document,
          email: stored.email,
          idstate: expect.any(Number),
          typeuserid: expect.any(Number),
          modifiedon: stored.modifiedOn.toISOString(),
        });
      }
      // and the plain list's page writes the same
      const plain = json(await list({ pages: '1,100', filterBy: '4' })).result.users.find((u: { id: string }) => u.id === id);
      expect(plain).toStrictEqual(json(await list({ customerSearch: 'json.escaped' })).result.users[0]);
    } finally {
      await db.deleteFrom('users').where('id', '=', id).execute();
    }
  });
});

describe('search helpers', () => {
  it('escapes LIKE wildcards', () => {
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
  });

  it('decodes percent-encoded and raw UTF-8 header text', () => {
    expect(decodeHeaderText(encodeURIComponent('Núñez Peña'))).toBe('Núñez Peña');
    expect(decodeHeaderText(Buffer.from('Gómez', 'utf8').toString('latin1'))).toBe('Gómez');
    expect(decodeHeaderText('100%')).toBe('100%');
    expect(decodeHeaderText('plain')).toBe('plain');
    expect(decodeHeaderText(undefined)).toBeUndefined();
  });
});
