import { sql, type Kysely } from 'kysely';
import { ACCESS_MESSAGES, APPLICATION_MESSAGES, MESSAGES, USER_STATE, formatMessage, PRIVILEGE_NAMES } from '@suite/shared/contracts';
import { auditedChanges, ADMIN_PASSWORD, apiCaller, createUser, describeEachBackend, json, tokenFor } from '../../../test/harness';
import type { DB } from '../../db/schema';

/**
 * The rules among administrators (docs/security/administrators.md): each console write privilege
 * held alone, every way above one's own grants is refused and changes nothing, while acting within
 * them works; the console keeps an active holder of each write privilege, also under concurrency.
 */
const PASSWORD = 'Esc4lation.Pass-1';
const CONSOLE_PRIVILEGES = [...PRIVILEGE_NAMES];

/** Everything an attempt could change: roles, privileges, who holds what, users, applications, the audit log. */
async function snapshot(db: Kysely<DB>): Promise<string> {
  const tables = {
    privileges: await db.selectFrom('privileges').selectAll().orderBy('id').execute(),
    held: await db.selectFrom('application_privileges').selectAll().orderBy('application_id').orderBy('privilege_id').execute(),
    roles: await db.selectFrom('roles').selectAll().orderBy('id').execute(),
    roleApps: await db.selectFrom('role_applications').selectAll().orderBy('role_id').orderBy('application_id').execute(),
    rolePrivileges: await db
      .selectFrom('role_privileges')
      .selectAll()
      .orderBy('role_id')
      .orderBy('application_id')
      .orderBy('privilege_id')
      .execute(),
    userRoles: await db
      .selectFrom('user_roles')
      .select(['user_id', 'role_id', 'application_id'])
      .orderBy('user_id')
      .orderBy('role_id')
      .orderBy('application_id')
      .execute(),
    users: await db.selectFrom('users').select(['id', 'user_name', 'email', 'idstate', 'deleted']).orderBy('id').execute(),
    applications: await db.selectFrom('applications').select(['id', 'name', 'idstate', 'is_visible']).orderBy('id').execute(),
    audit: await auditedChanges(db),
  };
  return JSON.stringify(tables);
}

describeEachBackend('administrators act within what they hold', (server) => {
  let admin: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let n = 0;

  const call = apiCaller(server, () => admin);

  /** A user whose only role (on the console) holds `privileges`, signed in. */
  async function administrator(name: string, privileges: string[]): Promise<void> {
    ids[name] = await createUser(server().db, { userName: name, password: PASSWORD, privileges });
    tokens[name] = await tokenFor(server().app, name, PASSWORD);
  }

  /** The role a test user got from the harness (its only one). */
  async function ownRole(userName: string): Promise<{ id: number; name: string }> {
    return server()
      .db.selectFrom('user_roles as ur')
      .innerJoin('users as u', 'u.id', 'ur.user_id')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select(['r.id', 'r.name'])
      .where('u.user_name', '=', userName)
      .executeTakeFirstOrThrow();
  }

  async function roleId(name: string): Promise<number> {
    return (await server().db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  }

  async function userId(userName: string): Promise<string> {
    return (await server().db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
  }

  /** A refusal that changed nothing. */
  async function expectRefused(
    attempt: () => Promise<Awaited<ReturnType<typeof call>>>,
    status: number,
    information: string,
  ): Promise<void> {
    const before = await snapshot(server().db);
    const response = await attempt();
    expect({ status: response.statusCode, information: json(response).result?.information }).toEqual({ status, information });
    expect(await snapshot(server().db)).toBe(before);
  }

  /** The user card's save of a user as stored, with `changes`. */
  async function modifyBody(id: string, changes: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const response = await call('GET', '/api/user/GetById', { headers: { pid: id } });
    const user = json(response).result.records[0];
    const { names, surnames, userName, email, document, phoneNumber, idTypeUser, countryCode, documentType } = user;
    return {
      id,
      names,
      surnames,
      userName,
      email,
      document,
      phoneNumber: phoneNumber || '(+57) 300 1234567',
      idTypeUser,
      countryCode,
      documentType,
      ...changes,
    };
  }

  beforeAll(async () => {
    admin = await tokenFor(server().app, 'admin', ADMIN_PASSWORD);
    await administrator('esc.roles', ['ROLES_READ', 'ROLES_WRITE']);
    await administrator('esc.users', ['USERS_READ', 'USERS_WRITE']);
    await administrator('esc.apps', ['APPS_READ', 'APPS_WRITE']);
    await administrator('esc.privileges', ['PRIVILEGES_READ', 'PRIVILEGES_WRITE']);
    // a user holding less than esc.users: USERS_READ only
    await administrator('esc.reader', ['USERS_READ']);
  });

  describe('ROLES_WRITE alone', () => {
    it('cannot add privileges it does not hold to its own role, nor switch off or edit a role giving more', async () => {
      const own = await ownRole('esc.roles');
      const everything = {
        id: own.id,
        name: `Propio ${++n}`,
        description: 'Mía',
        alias: 'mia',
        application: [{ name: 'ibuhoo', privilege: CONSOLE_PRIVILEGES, isVisible: true }],
      };
      await expectRefused(
        () => call('POST', '/api/role/modify', { token: tokens['esc.roles'], payload: everything }),
        403,
        MESSAGES.forbidden,
      );
      const administrador = await roleId('Administrador');
      await expectRefused(
        () =>
          call('POST', '/api/role/modify', { token: tokens['esc.roles'], payload: { id: administrador, description: 'x', idstate: 1 } }),
        403,
        MESSAGES.forbidden,
      );
      const created = {
        name: `Todo ${++n}`,
        description: 'Todo',
        alias: 'todo',
        application: [{ name: 'ibuhoo', privilege: ['USERS_WRITE'], isVisible: true }],
      };
      await expectRefused(
        () => call('POST', '/api/role/create', { token: tokens['esc.roles'], payload: created }),
        403,
        MESSAGES.forbidden,
      );
      // and the token did not gain anything
      expect((await call('GET', '/api/user/list', { token: tokens['esc.roles'], headers: { pages: '1,10' } })).statusCode).toBe(403);
    });

    it('creates and edits roles within what it holds', async () => {
      const name = `Lectores ${++n}`;
      const body = {
        name,
        description: 'Leen roles',
        alias: 'lectores',
        application: [{ name: 'ibuhoo', privilege: ['ROLES_READ'], isVisible: true }],
      };
      expect((await call('POST', '/api/role/create', { token: tokens['esc.roles'], payload: body })).statusCode).toBe(200);
      const id = await roleId(name);
      const more = { ...body, id, application: [{ name: 'ibuhoo', privilege: ['ROLES_READ', 'ROLES_WRITE'], isVisible: true }] };
      expect((await call('POST', '/api/role/modify', { token: tokens['esc.roles'], payload: more })).statusCode).toBe(200);
      expect(
        (await call('POST', '/api/role/modify', { token: tokens['esc.roles'], payload: { id, description: 'x', idstate: 1 } })).statusCode,
      ).toBe(200);
    });
  });

  describe('USERS_WRITE alone', () => {
    it('cannot give itself the Administrador role', async () => {
      const body = await modifyBody(ids['esc.users'], { roles: [{ name: 'Administrador', application: 'ibuhoo', assigned: true }] });
      await expectRefused(() => call('POST', '/api/user/modify', { token: tokens['esc.users'], payload: body }), 403, MESSAGES.forbidden);
    });

    it("cannot change the administrator's e-mail, inactivate, delete or take a role from the administrator", async () => {
      const adminId = await userId('admin');
      const email = await modifyBody(adminId, { email: 'attacker@evil.test' });
      await expectRefused(() => call('POST', '/api/user/modify', { token: tokens['esc.users'], payload: email }), 403, MESSAGES.forbidden);
      await expectRefused(
        () => call('POST', '/api/user/Inactivate', { token: tokens['esc.users'], payload: { id: adminId, idstate: USER_STATE.inactive } }),
        403,
        MESSAGES.forbidden,
      );
      await expectRefused(
        () => call('POST', '/api/user/delete', { token: tokens['esc.users'], payload: { Id: adminId } }),
        403,
        MESSAGES.forbidden,
      );
      // nor act on an account equal in name but above in grants: another USERS_WRITE holder with ROLES_WRITE too
      await administrator(`esc.both${++n}`, ['USERS_WRITE', 'ROLES_WRITE']);
      await expectRefused(
        () =>
          call('POST', '/api/user/Inactivate', {
            token: tokens['esc.users'],
            payload: { id: ids[`esc.both${n}`], idstate: USER_STATE.inactive },
          }),
        403,
        MESSAGES.forbidden,
      );
    });

    it('acts on accounts holding no more than it does', async () => {
      const reader = ids['esc.reader'];
      const changed = await modifyBody(reader, { email: `reader${++n}@empresa.test` });
      expect((await call('POST', '/api/user/modify', { token: tokens['esc.users'], payload: changed })).statusCode).toBe(200);
      expect(
        (await call('POST', '/api/user/Inactivate', { token: tokens['esc.users'], payload: { id: reader, idstate: USER_STATE.inactive } }))
          .statusCode,
      ).toBe(200);
      expect(
        (await call('POST', '/api/user/Inactivate', { token: tokens['esc.users'], payload: { id: reader, idstate: USER_STATE.active } }))
          .statusCode,
      ).toBe(200);
    });
  });

  describe('PRIVILEGES_WRITE alone', () => {
    it('cannot move a privilege to an application where its roles do not give it', async () => {
      const row = await server().db.selectFrom('privileges').selectAll().where('name', '=', 'PRIVILEGES_WRITE').executeTakeFirstOrThrow();
      const moved = {
        id: row.id,
        name: row.name,
        description: row.description,
        licence: row.licence,
        isAuditable: row.is_auditable,
        idstate: row.idstate,
        application: ['firmaya'],
      };
      await expectRefused(
        () => call('POST', '/api/privilege/modify', { token: tokens['esc.privileges'], payload: moved }),
        403,
        MESSAGES.forbidden,
      );
      const users = await server().db.selectFrom('privileges').selectAll().where('name', '=', 'USERS_WRITE').executeTakeFirstOrThrow();
      const off = {
        id: users.id,
        name: users.name,
        description: users.description,
        licence: users.licence,
        isAuditable: users.is_auditable,
        idstate: 1,
        application: ['ibuhoo'],
      };
      await expectRefused(
        () => call('POST', '/api/privilege/modify', { token: tokens['esc.privileges'], payload: off }),
        403,
        MESSAGES.forbidden,
      );
    });

    it('edits what does not change anybody’s access, and its own privilege’s text', async () => {
      const row = await server().db.selectFrom('privileges').selectAll().where('name', '=', 'PRIVILEGES_WRITE').executeTakeFirstOrThrow();
      const text = {
        id: row.id,
        name: row.name,
        description: `Crear y modificar privilegios ${++n}`,
        licence: row.licence,
        isAuditable: row.is_auditable,
        idstate: row.idstate,
        application: ['ibuhoo'],
      };
      expect((await call('POST', '/api/privilege/modify', { token: tokens['esc.privileges'], payload: text })).statusCode).toBe(200);
    });
  });

  describe('APPS_WRITE alone', () => {
    it('cannot point an application where sign-in codes or reset links would reach a host of its choosing', async () => {
      const records = json(await call('GET', '/api/application/list', { token: tokens['esc.apps'] })).result.records as Array<
        Record<string, unknown>
      >;
      const console = records.find((a) => a.name === 'ibuhoo') as Record<string, unknown>;
      // firmaya is seeded without urlAssignPassword, which a save requires
      const firmaya = {
        ...(records.find((a) => a.name === 'firmaya') as Record<string, unknown>),
        urlAssignPassword: 'https://firmaya.suite.example/clave',
      };
      for (const [application, field, url] of [
        [console, 'urlApp', 'https://evil.example/steal'],
        [firmaya, 'urlApp', '//evil.example/steal'],
        [firmaya, 'urlAssignPassword', 'https://evil.example/reset'],
        [firmaya, 'urlAssignPassword', 'https://suite.example.evil.example/reset'],
        [firmaya, 'urlApp', 'http://firmaya.suite.example/'],
      ] as const) {
        // a protocol-relative address is not even a URL to the contract (its own 400)
        const information = url.startsWith('//') ? undefined : formatMessage(APPLICATION_MESSAGES.urlNotRegistered, { url });
        const before = await snapshot(server().db);
        const response = await call('POST', '/api/application/modify', {
          token: tokens['esc.apps'],
          payload: { ...application, [field]: url },
        });
        expect(response.statusCode).toBe(400);
        if (information) expect(json(response).result.information).toBe(information);
        expect(await snapshot(server().db)).toBe(before);
      }
      // a registered sibling address is accepted
      const moved = await call('POST', '/api/application/modify', {
        token: tokens['esc.apps'],
        payload: { ...firmaya, urlApp: 'https://firma.suite.example/entrar' },
      });
      expect(moved.statusCode).toBe(200);
    });
  });

  describe('the console cannot be locked out', () => {
    it('keeps the console application on, visible and named, even for its full administrator', async () => {
      const console = await server()
        .db.selectFrom('applications')
        .select('id')
        .where(sql<string>`lower(name)`, '=', 'ibuhoo')
        .executeTakeFirstOrThrow();
      const listed = json(await call('GET', '/api/application/list')).result.records.find((a: { id: number }) => a.id === console.id);
      expect(listed).toBeDefined();
      await expectRefused(
        () => call('POST', '/api/application/modify', { token: tokens['esc.apps'], payload: { ...listed, idState: 1 } }),
        400,
        APPLICATION_MESSAGES.consoleStaysOn,
      );
      await expectRefused(
        () => call('POST', '/api/application/modify', { payload: { ...listed, idState: 1 } }),
        400,
        APPLICATION_MESSAGES.consoleStaysOn,
      );
    });

    it('refuses the change that would take a console write privilege from its last active holder', async () => {
      // MENUS_WRITE: only the administrator holds it here
      const administrador = await roleId('Administrador');
      await expectRefused(
        () => call('POST', '/api/role/modify', { payload: { id: administrador, description: 'x', idstate: 1 } }),
        400,
        formatMessage(ACCESS_MESSAGES.lastConsoleHolder, { privilege: 'MENUS_WRITE' }),
      );
      // (inactivating or deleting oneself is refused anyway; the last holder is the administrator)
      await administrator(
        `esc.menus${++n}`,
        CONSOLE_PRIVILEGES.filter((p) => p !== 'MENUS_WRITE'),
      );
      const adminId = await userId('admin');
      await expectRefused(
        () =>
          call('POST', '/api/user/Inactivate', { token: tokens[`esc.menus${n}`], payload: { id: adminId, idstate: USER_STATE.inactive } }),
        403,
        MESSAGES.forbidden,
      );
      const menus = await server().db.selectFrom('privileges').selectAll().where('name', '=', 'MENUS_WRITE').executeTakeFirstOrThrow();
      const moved = {
        id: menus.id,
        name: menus.name,
        description: menus.description,
        licence: menus.licence,
        isAuditable: menus.is_auditable,
        idstate: menus.idstate,
        application: ['firmaya'],
      };
      await expectRefused(
        () => call('POST', '/api/privilege/modify', { payload: moved }),
        400,
        formatMessage(ACCESS_MESSAGES.lastConsoleHolder, { privilege: 'MENUS_WRITE' }),
      );
    });

    it('leaves one holder when two full administrators inactivate each other at the same moment', async () => {
      await administrator(`esc.first${++n}`, CONSOLE_PRIVILEGES);
      const first = `esc.first${n}`;
      await administrator(`esc.second${n}`, CONSOLE_PRIVILEGES);
      const second = `esc.second${n}`;
      // the seeded administrator steps aside: the two are the only full holders
      expect(
        (
          await call('POST', '/api/user/Inactivate', {
            token: tokens[first],
            payload: { id: await userId('admin'), idstate: USER_STATE.inactive },
          })
        ).statusCode,
      ).toBe(200);
      const [a, b] = await Promise.all([
        call('POST', '/api/user/Inactivate', { token: tokens[first], payload: { id: ids[second], idstate: USER_STATE.inactive } }),
        call('POST', '/api/user/Inactivate', { token: tokens[second], payload: { id: ids[first], idstate: USER_STATE.inactive } }),
      ]);
      expect([a.statusCode, b.statusCode].filter((status) => status === 200)).toHaveLength(1);
      const active = await server()
        .db.selectFrom('users')
        .select('user_name')
        .where('user_name', 'in', [first, second])
        .where('idstate', '=', USER_STATE.active)
        .execute();
      expect(active).toHaveLength(1);
    });
  });
});
