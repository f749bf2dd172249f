import { sql, type Kysely } from 'kysely';
import { ACCESS_MESSAGES, MESSAGES, USER_LIST_COUNT_CAP, USER_MESSAGES, formatMessage, maxMessage } from '@suite/shared/contracts';
import { auditedChanges, ADMIN_PASSWORD, apiCaller, createUser, describeEachBackend, json, tokenFor } from '../../../test/harness';
import type { DB } from '../../db/schema';

const PASSWORD = 'Acc3ss.Admin-Pass';

/** Everything a roles or privileges call may change: a refused call must leave all of it as it was. */
async function snapshot(db: Kysely<DB>): Promise<string> {
  const privileges = await db.selectFrom('privileges').selectAll().orderBy('id').execute();
  const held = await db.selectFrom('application_privileges').selectAll().orderBy('application_id').orderBy('privilege_id').execute();
  const roles = await db.selectFrom('roles').selectAll().orderBy('id').execute();
  const roleApps = await db.selectFrom('role_applications').selectAll().orderBy('role_id').orderBy('application_id').execute();
  const rolePrivileges = await db
    .selectFrom('role_privileges')
    .selectAll()
    .orderBy('role_id')
    .orderBy('application_id')
    .orderBy('privilege_id')
    .execute();
  const userRoles = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role_id', 'application_id'])
    .orderBy('user_id')
    .orderBy('role_id')
    .execute();
  const audit = await auditedChanges(db);
  return JSON.stringify({ privileges, held, roles, roleApps, rolePrivileges, userRoles, audit });
}

describeEachBackend('roles and privileges API', (server) => {
  let admin: string;
  let usersReader: string;
  let nobody: string;
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

  const newPrivilege = (overrides: Record<string, unknown> = {}) => ({
    name: `REPORTS_${++n}`,
    description: 'Ver reportes',
    licence: false,
    isAuditable: true,
    application: ['ibuhoo', 'firmaya'],
    ...overrides,
  });
  const newRole = (overrides: Record<string, unknown> = {}) => ({
    name: `Auditoría ${++n}`,
    description: 'Revisa',
    alias: 'auditor',
    application: [{ name: 'ibuhoo', privilege: ['USERS_READ', 'ROLES_READ'], isVisible: true }],
    ...overrides,
  });

  async function createdPrivilege(overrides: Record<string, unknown> = {}) {
    const body = newPrivilege(overrides);
    const response = await call('POST', '/api/privilege/create', { payload: body });
    expect(response.statusCode).toBe(200);
    return { id: json(response).result.id as number, body };
  }
  async function createdRole(overrides: Record<string, unknown> = {}) {
    const body = newRole(overrides);
    const response = await call('POST', '/api/role/create', { payload: body });
    expect([response.statusCode, response.body]).toEqual([200, expect.any(String)]);
    return { id: json(response).result.id as number, body };
  }
  const privilegeRow = async (name: string) => {
    const response = await call('GET', '/api/privilege/list');
    return (json(response).result.records as { name: string }[]).find((p) => p.name === name) as Record<string, any>;
  };

  beforeAll(async () => {
    const { app, db } = server();
    admin = await tokenFor(app, 'admin', ADMIN_PASSWORD);
    await createUser(db, { userName: 'access.users', password: PASSWORD, privileges: ['USERS_READ'] });
    usersReader = await tokenFor(app, 'access.users', PASSWORD);
    await createUser(db, { userName: 'access.nobody', password: PASSWORD, privileges: ['APPS_READ'] });
    nobody = await tokenFor(app, 'access.nobody', PASSWORD);
  });

  describe('privileges needed', () => {
    const calls: [string, string, string, Record<string, string>?, unknown?][] = [
      ['PRIVILEGES_READ', 'GET', '/api/privilege/list'],
      ['PRIVILEGES_READ', 'GET', '/api/application/getApplicationsByIdPrivilege', { id: '1' }],
      ['PRIVILEGES_READ', 'GET', '/api/privilege/roles', { id: '1' }],
      ['PRIVILEGES_WRITE', 'POST', '/api/privilege/create', {}, {}],
      ['PRIVILEGES_WRITE', 'POST', '/api/privilege/modify', {}, { id: 1 }],
      ['ROLES_READ', 'GET', '/api/role/list'],
      ['ROLES_READ', 'GET', '/api/application/applicationId', { id: '1' }],
      ['ROLES_READ', 'GET', '/api/role/users', { id: '1' }],
      ['ROLES_WRITE', 'POST', '/api/role/create', {}, {}],
      ['ROLES_WRITE', 'POST', '/api/role/modify', {}, { id: 1, idstate: 1 }],
      ['USERS_READ', 'GET', '/api/user/privileges', { user: '00000000-0000-4000-8000-000000000001' }],
    ];

    it('answers 403 with the documented message to each call without its privilege, 401 without a token, changing nothing', async () => {
      const before = await snapshot(server().db);
      for (const [, method, url, headers, payload] of calls) {
        const response = await call(method as 'GET' | 'POST', url, { token: nobody, headers, payload });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
        expect(json(response).result).toEqual({ information: MESSAGES.forbidden, informationCode: 'R403' });
        expect((await call(method as 'GET' | 'POST', url, { token: null, headers, payload })).statusCode).toBe(401);
      }
      expect(await snapshot(server().db)).toBe(before);
    });

    it('gives each read to its privilege only, the role card its privileges with ROLES_READ', async () => {
      const { db, app } = server();
      await createUser(db, { userName: 'access.roles', password: PASSWORD, privileges: ['ROLES_READ'] });
      const rolesReader = await tokenFor(app, 'access.roles', PASSWORD);
      await createUser(db, { userName: 'access.privileges', password: PASSWORD, privileges: ['PRIVILEGES_READ'] });
      const privilegesReader = await tokenFor(app, 'access.privileges', PASSWORD);
      expect((await call('GET', '/api/privilege/list', { token: rolesReader })).statusCode).toBe(200);
      expect((await call('GET', '/api/privilege/list', { token: privilegesReader })).statusCode).toBe(200);
      expect((await call('GET', '/api/role/list', { token: rolesReader })).statusCode).toBe(200);
      expect((await call('GET', '/api/role/list', { token: privilegesReader })).statusCode).toBe(403);
      // the user card lists roles with USERS_READ, as before; the privileges are not its to read
      expect((await call('GET', '/api/role/list', { token: usersReader, headers: { application: 'ibuhoo' } })).statusCode).toBe(200);
      expect((await call('GET', '/api/privilege/list', { token: usersReader })).statusCode).toBe(403);
      expect((await call('GET', '/api/privilege/roles', { token: rolesReader, headers: { id: '1' } })).statusCode).toBe(403);
      expect((await call('POST', '/api/privilege/create', { token: privilegesReader, payload: newPrivilege() })).statusCode).toBe(403);
      expect((await call('POST', '/api/role/create', { token: rolesReader, payload: newRole() })).statusCode).toBe(403);
      expect(
        (await call('GET', '/api/user/privileges', { token: rolesReader, headers: { user: '00000000-0000-4000-8000-000000000001' } }))
          .statusCode,
      ).toBe(403);
    });
  });

  describe('privileges', () => {
    it('creates a privilege held by its applications, audits it and lists it', async () => {
      const { db } = server();
      const { id, body } = await createdPrivilege({ name: 'Reports_Export' });
      const row = await privilegeRow('Reports_Export');
      expect(row).toEqual({
        id,
        name: 'Reports_Export',
        description: 'Ver reportes',
        idstate: 0,
        licence: false,
        isAuditable: true,
        createdon: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        sharedApps: 'Firmaya,Suite GSE',
        application: ['firmaya', 'ibuhoo'],
        licencesInUse: 0,
      });
      const audit = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'privilege')
        .where('entity_id', '=', String(id))
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'privilege.create',
        actor_name: 'admin',
        before: null,
        after: { name: body.name, application: ['firmaya', 'ibuhoo'] },
      });

      const apps = json(await call('GET', '/api/application/getApplicationsByIdPrivilege', { headers: { id: String(id) } })).result;
      expect(apps).toEqual({
        count: 2,
        records: [expect.objectContaining({ name: 'firmaya', title: 'Firmaya' }), expect.objectContaining({ name: 'ibuhoo' })],
      });
      const firmaya = json(await call('GET', '/api/privilege/list', { headers: { application: 'firmaya' } })).result;
      expect(firmaya.records.map((p: { name: string }) => p.name)).toEqual(['Reports_Export']);
    });

    it('refuses each rule of the form with its message, changing nothing', async () => {
      const before = await snapshot(server().db);
      const refuse = async (payload: unknown, information: string | RegExp) => {
        const response = await call('POST', '/api/privilege/create', { payload });
        await expectRefused(response, before, 400);
        const text = json(response).result.information as string;
        if (typeof information === 'string') expect(text).toContain(information);
        else expect(text).toMatch(information);
      };
      await refuse(newPrivilege({ name: '' }), 'Campo obligatorio.');
      await refuse(newPrivilege({ name: 'A'.repeat(51) }), maxMessage(50));
      await refuse(newPrivilege({ name: 'CON ESPACIO' }), ACCESS_MESSAGES.privilegeNameChars);
      await refuse(newPrivilege({ name: 'ÑANDÚ' }), ACCESS_MESSAGES.privilegeNameChars);
      await refuse(newPrivilege({ description: 'x'.repeat(101) }), maxMessage(100));
      await refuse(newPrivilege({ application: [] }), 'Se requiere minimo una aplicación');
      await refuse(newPrivilege({ name: 'users_read' }), ACCESS_MESSAGES.privilegeNameInUse);
      await refuse(newPrivilege({ application: ['nosuchapp'] }), ACCESS_MESSAGES.applicationUnknown);
      await refuse(newPrivilege({ application: ['RESETOTP'] }), ACCESS_MESSAGES.applicationUnknown);
    });

    it('modifies a privilege: not renamed, unchanged refused, state with the documented text, audited', async () => {
      const { db } = server();
      const { id, body } = await createdPrivilege();
      const modify = (changes: Record<string, unknown>) =>
        call('POST', '/api/privilege/modify', { payload: { ...body, id, idstate: 0, ...changes } });

      let before = await snapshot(db);
      await expectRefused(await modify({}), before, 400, 'No hay cambios para guardar');
      await expectRefused(await modify({ name: 'Otro_Nombre' }), before, 400, ACCESS_MESSAGES.privilegeNotRenamable);
      await expectRefused(await modify({ id: 999999 }), before, 404, ACCESS_MESSAGES.privilegeUnknown);
      await expectRefused(await modify({ application: [] }), before, 400);

      const renamedCase = await modify({ name: body.name.toLowerCase(), description: 'Otra', application: ['firmaya'] });
      expect(json(renamedCase).result).toEqual({ information: ACCESS_MESSAGES.privilegeUpdated, informationCode: 'A10', id });
      expect(await privilegeRow(body.name)).toMatchObject({ name: body.name, description: 'Otra', application: ['firmaya'] });

      const off = await modify({ description: 'Otra', application: ['firmaya'], idstate: 1 });
      expect(json(off).result.information).toBe('El privilegio quedó en estado inactivo para todas las aplicaciones asociadas');
      const on = await modify({ description: 'Otra', application: ['firmaya'], idstate: 0 });
      expect(json(on).result.information).toBe('El privilegio quedó en estado activo para todas las aplicaciones asociadas');

      const audit = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'privilege')
        .where('entity_id', '=', String(id))
        .orderBy('id')
        .execute();
      expect(audit.map((a) => a.action)).toEqual(['privilege.create', 'privilege.modify', 'privilege.modify', 'privilege.modify']);
      expect(audit[1]).toMatchObject({
        before: { description: 'Ver reportes', application: ['firmaya', 'ibuhoo'] },
        after: { description: 'Otra', application: ['firmaya'] },
      });
      expect(audit[2]).toMatchObject({ before: { idstate: 0 }, after: { idstate: 1 } });
      before = await snapshot(db);
    });

    it('offers every visible application to a privilege or a role, never RESETOTP', async () => {
      const offered = json(await call('GET', '/api/application/getApplicationsForAssignAccess')).result;
      const names = offered.records.map((a: { name: string }) => a.name);
      expect(names).toEqual(expect.arrayContaining(['ibuhoo', 'firmaya']));
      expect(names.map((n: string) => n.toLowerCase())).not.toContain('resetotp');
      expect(offered.count).toBe(names.length);
      expect((await call('GET', '/api/application/getApplicationsForAssignAccess', { token: usersReader })).statusCode).toBe(403);
    });

    it('answers R11 to a list for an unknown application or role, and never lists RESETOTP', async () => {
      const before = await snapshot(server().db);
      const lists: Record<string, string>[] = [{ application: 'nosuchapp' }, { application: 'RESETOTP' }, { rol: '999999' }];
      for (const headers of lists) {
        const response = await call('GET', '/api/privilege/list', { headers });
        await expectRefused(response, before, 400);
        expect(json(response).result.informationCode).toBe('R11');
      }
      const all = json(await call('GET', '/api/privilege/list')).result.records as { application: string[]; sharedApps: string }[];
      expect(all.length).toBeGreaterThan(0);
      expect(all.flatMap((p) => p.application)).not.toContain('RESETOTP');
    });

    it('counts the seats in use of a licensed privilege: active users holding it now', async () => {
      const { db } = server();
      const { id, body } = await createdPrivilege({ licence: true, application: ['ibuhoo'] });
      expect((await privilegeRow(body.name)).licencesInUse).toBe(0);
      const { id: roleId, body: role } = await createdRole({ application: [{ name: 'ibuhoo', privilege: [body.name], isVisible: true }] });
      const app = await db.selectFrom('applications').select('id').where('name', '=', 'ibuhoo').executeTakeFirstOrThrow();
      for (const [i, idstate] of [1, 1, 2].entries()) {
        const userId = await createUser(db, { userName: `seat.${n}.${i}`, idstate });
        await db.insertInto('user_roles').values({ user_id: userId, role_id: roleId, application_id: app.id }).execute();
      }
      // the inactive user takes no seat
      expect((await privilegeRow(body.name)).licencesInUse).toBe(2);
      expect(await privilegeRow('USERS_READ')).toMatchObject({ licence: false, licencesInUse: 0 });
      // a role switched off frees its seats
      expect(
        (await call('POST', '/api/role/modify', { payload: { id: roleId, description: role.description, idstate: 1 } })).statusCode,
      ).toBe(200);
      expect((await privilegeRow(body.name)).licencesInUse).toBe(0);
      expect((await call('GET', '/api/privilege/list', { headers: { application: 'ibuhoo' } })).statusCode).toBe(200);
      expect(id).toEqual(expect.any(Number));
    });

    it('tells which roles give a privilege, per application', async () => {
      const { id: roleId, body } = await createdRole({
        application: [
          { name: 'firmaya', privilege: [], isVisible: true },
          { name: 'ibuhoo', privilege: ['MENUS_READ'], isVisible: false },
        ],
      });
      const { db } = server();
      const privilege = await db.selectFrom('privileges').select('id').where('name', '=', 'MENUS_READ').executeTakeFirstOrThrow();
      const result = json(await call('GET', '/api/privilege/roles', { headers: { id: String(privilege.id) } })).result;
      expect(result.records).toEqual([
        {
          application: 'ibuhoo',
          title: 'Suite GSE',
          held: true,
          roles: expect.arrayContaining([{ id: roleId, name: body.name, idstate: 0 }, expect.objectContaining({ name: 'Administrador' })]),
        },
      ]);
      expect((await call('GET', '/api/privilege/roles', { headers: { id: '999999' } })).statusCode).toBe(404);
    });
  });

  describe('roles', () => {
    it('creates a role with its applications and privileges, lists it and audits it', async () => {
      const { db } = server();
      const { id, body } = await createdRole({ name: 'Mesa de Ayuda Ñ', alias: 'mesa ayuda' });
      const list = json(await call('GET', '/api/role/list')).result;
      const record = list.records.find((r: { id: number }) => r.id === id);
      expect(record).toEqual({
        id,
        name: 'Mesa de Ayuda Ñ',
        description: 'Revisa',
        alias: 'mesa ayuda',
        idstate: 0,
        createdon: expect.any(String),
        sharedApps: 'Suite GSE',
        applications: [
          { name: 'ibuhoo', title: 'Suite GSE', isVisible: true, privilegeCounter: 2, privilege: ['ROLES_READ', 'USERS_READ'] },
        ],
      });
      expect(json(await call('GET', '/api/application/applicationId', { headers: { id: String(id) } })).result).toEqual({
        records: record.applications,
      });
      const audit = await db.selectFrom('audit_log').selectAll().where('entity', '=', 'role').where('entity_id', '=', String(id)).execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'role.create',
        before: null,
        after: { name: body.name, applications: record.applications },
      });
      // the user card's call answers as before
      const card = json(await call('GET', '/api/role/list', { headers: { application: 'ibuhoo' } })).result;
      expect(card.records.find((r: { id: number }) => r.id === id)).toMatchObject({ id, assigned: false, sharedApps: 'Suite GSE' });
      const unknown = await call('GET', '/api/role/list', { headers: { application: 'RESETOTP' } });
      expect([unknown.statusCode, json(unknown).result.informationCode]).toEqual([404, 'R11']);
    });

    it('refuses each rule of the form with its message, changing nothing', async () => {
      const before = await snapshot(server().db);
      const refuse = async (payload: unknown, information: string) => {
        const response = await call('POST', '/api/role/create', { payload });
        await expectRefused(response, before, 400);
        expect(json(response).result.information).toContain(information);
      };
      await refuse(newRole({ name: '' }), 'Campo obligatorio.');
      await refuse(newRole({ name: 'x'.repeat(101) }), maxMessage(100));
      await refuse(newRole({ name: 'Rol-Guion' }), ACCESS_MESSAGES.roleNameChars);
      await refuse(newRole({ description: 'x'.repeat(101) }), maxMessage(100));
      await refuse(newRole({ alias: 'x'.repeat(101) }), maxMessage(100));
      await refuse(newRole({ alias: 'con_guion' }), ACCESS_MESSAGES.aliasNoUnderscore);
      await refuse(newRole({ application: [] }), '*Se requiere mínimo un privilegio');
      await refuse(newRole({ application: [{ name: 'ibuhoo', privilege: [], isVisible: true }] }), '*Se requiere mínimo un privilegio');
      await refuse(newRole({ name: 'administrador' }), ACCESS_MESSAGES.roleNameInUse);
      await refuse(
        newRole({ application: [{ name: 'RESETOTP', privilege: ['USERS_READ'], isVisible: true }] }),
        ACCESS_MESSAGES.applicationUnknown,
      );
      // a privilege the application does not hold, or an inactive one
      await refuse(
        newRole({ application: [{ name: 'firmaya', privilege: ['USERS_READ'], isVisible: true }] }),
        formatMessage(ACCESS_MESSAGES.privilegeNotInApplication, { privilege: 'USERS_READ', application: 'firmaya' }),
      );
      await refuse(
        newRole({ application: [{ name: 'ibuhoo', privilege: ['NO_SUCH'], isVisible: true }] }),
        formatMessage(ACCESS_MESSAGES.privilegeNotInApplication, { privilege: 'NO_SUCH', application: 'ibuhoo' }),
      );
    });

    it('refuses an inactive privilege on a role', async () => {
      const { id, body } = await createdPrivilege({ application: ['ibuhoo'] });
      await call('POST', '/api/privilege/modify', { payload: { ...body, id, idstate: 1 } });
      const before = await snapshot(server().db);
      const response = await call('POST', '/api/role/create', {
        payload: newRole({ application: [{ name: 'ibuhoo', privilege: [body.name], isVisible: true }] }),
      });
      await expectRefused(
        response,
        before,
        400,
        formatMessage(ACCESS_MESSAGES.privilegeNotInApplication, { privilege: body.name, application: 'ibuhoo' }),
      );
    });

    it('modifies a role, its state with the documented text; an unchanged save is refused', async () => {
      const { db } = server();
      const { id, body } = await createdRole();
      const before = await snapshot(db);
      await expectRefused(await call('POST', '/api/role/modify', { payload: { ...body, id } }), before, 400, 'No hay cambios para guardar');
      await expectRefused(
        await call('POST', '/api/role/modify', { payload: { id, description: body.description, idstate: 0 } }),
        before,
        400,
        'No hay cambios para guardar',
      );
      await expectRefused(
        await call('POST', '/api/role/modify', { payload: { ...body, id: 999999 } }),
        before,
        404,
        ACCESS_MESSAGES.roleUnknown,
      );
      await expectRefused(
        await call('POST', '/api/role/modify', { payload: { ...body, id, name: 'Administrador' } }),
        before,
        400,
        ACCESS_MESSAGES.roleNameInUse,
      );
      await expectRefused(await call('POST', '/api/role/modify', { payload: { ...body, id, application: [] } }), before, 400);

      const saved = await call('POST', '/api/role/modify', {
        payload: {
          ...body,
          id,
          alias: 'otro',
          application: [
            { name: 'ibuhoo', privilege: ['USERS_READ'], isVisible: false },
            { name: 'firmaya', privilege: [], isVisible: true },
          ],
        },
      });
      expect(json(saved).result).toEqual({ information: ACCESS_MESSAGES.roleUpdated, informationCode: 'A10', id });
      const apps = json(await call('GET', '/api/application/applicationId', { headers: { id: String(id) } })).result.records;
      expect(apps).toEqual([
        { name: 'firmaya', title: 'Firmaya', isVisible: true, privilegeCounter: 0, privilege: [] },
        { name: 'ibuhoo', title: 'Suite GSE', isVisible: false, privilegeCounter: 1, privilege: ['USERS_READ'] },
      ]);

      const off = await call('POST', '/api/role/modify', { payload: { id, description: body.description, idstate: 1 } });
      expect(json(off).result.information).toBe('El Rol quedó en estado inactivo');
      const on = await call('POST', '/api/role/modify', { payload: { id, description: body.description, idstate: 0 } });
      expect(json(on).result.information).toBe('El Rol quedó en estado activo');

      const audit = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'role')
        .where('entity_id', '=', String(id))
        .orderBy('id')
        .execute();
      expect(audit.map((a) => a.action)).toEqual(['role.create', 'role.modify', 'role.state', 'role.state']);
      expect(audit[1]).toMatchObject({ before: { alias: 'auditor' }, after: { alias: 'otro' } });
      expect(audit[2]).toMatchObject({ before: { idstate: 0 }, after: { idstate: 1 } });
    });

    it("keeps a hidden application's place in a role when the role is saved", async () => {
      const { db } = server();
      const { id, body } = await createdRole();
      const resetOtp = await db.selectFrom('applications').select('id').where('name', '=', 'RESETOTP').executeTakeFirstOrThrow();
      await db.insertInto('role_applications').values({ role_id: id, application_id: resetOtp.id }).execute();
      await call('POST', '/api/role/modify', { payload: { ...body, id, alias: 'cambio' } });
      expect(
        await db
          .selectFrom('role_applications')
          .select('role_id')
          .where('role_id', '=', id)
          .where('application_id', '=', resetOtp.id)
          .execute(),
      ).toHaveLength(1);
      const listed = json(await call('GET', '/api/application/applicationId', { headers: { id: String(id) } })).result.records;
      expect(listed.map((a: { name: string }) => a.name)).toEqual(['ibuhoo']);
    });

    it('lists the holders of a role, paged and searched without accents', async () => {
      const { db } = server();
      const { id } = await createdRole();
      const ibuhoo = await db.selectFrom('applications').select('id').where('name', '=', 'ibuhoo').executeTakeFirstOrThrow();
      for (const [i, names] of ['Héctor', 'Núñez', 'Ana', 'Beatriz'].entries()) {
        const userId = await createUser(db, { userName: `holder.${id}.${i}`, names });
        await db.insertInto('user_roles').values({ user_id: userId, role_id: id, application_id: ibuhoo.id }).execute();
      }
      const page = (headers: Record<string, string>) => call('GET', '/api/role/users', { headers: { id: String(id), ...headers } });
      const all = json(await page({})).result;
      expect(all.rows).toBe(4);
      expect(all.users[0]).toEqual({
        id: expect.any(String),
        userName: `holder.${id}.0`,
        names: 'Héctor',
        surnames: 'User',
        application: 'Suite GSE',
      });
      expect(json(await page({ search: 'hector' })).result.users.map((u: { names: string }) => u.names)).toEqual(['Héctor']);
      expect(json(await page({ search: encodeURIComponent('NÚÑEZ') })).result.users.map((u: { names: string }) => u.names)).toEqual([
        'Núñez',
      ]);
      const second = json(await page({ pages: '2,10' })).result;
      expect(second).toEqual({ users: [], rows: 4 });
      expect((await page({ pages: '1,7' })).statusCode).toBe(400);
      expect((await call('GET', '/api/role/users', { headers: { id: '999999' } })).statusCode).toBe(404);
    });
  });

  it("counts a search of a role's holders up to the cap, as the users list does, and serves the pages within it", async () => {
    const { db } = server();
    const { id } = await createdRole();
    const ibuhoo = await db.selectFrom('applications').select('id').where('name', '=', 'ibuhoo').executeTakeFirstOrThrow();
    const many = USER_LIST_COUNT_CAP + 20;
    await sql`insert into users (user_name, email, names, surnames, document, created_on, modified_on)
                select 'capped.' || ${id}::int || '.' || lpad(n::text, 3, '0'), 'capped.' || ${id}::int || '.' || n || '@example.test',
                       case when n <= ${USER_LIST_COUNT_CAP}::int then 'Común' else 'Rara' end, 'Corriente', (7000000 + n)::text, now(), now()
                  from generate_series(1, ${many}::int) n`.execute(db);
    await sql`insert into user_roles (user_id, role_id, application_id)
                select id, ${id}::int, ${ibuhoo.id}::int from users where user_name like ${`capped.${id}.%`}`.execute(db);
    const page = async (headers: Record<string, string>) =>
      json(await call('GET', '/api/role/users', { headers: { id: String(id), ...headers } })).result as {
        users: { userName: string }[];
        rows: number;
        rowsCapped?: boolean;
      };
    const names = (result: { users: { userName: string }[] }) => result.users.map((u) => u.userName);
    // without a search the count is exact
    const all = await page({ pages: '1,100' });
    expect([all.rows, all.rowsCapped]).toEqual([many, undefined]);
    // searched: the first matches in the list's order, counted up to the cap
    const first = await page({ search: 'corriente', pages: '1,100' });
    expect([first.rows, first.rowsCapped]).toEqual([USER_LIST_COUNT_CAP, true]);
    expect(names(first)).toEqual(names(all));
    const last = await page({ search: 'corriente', pages: `${USER_LIST_COUNT_CAP / 100},100` });
    expect(names(last)).toEqual(names(await page({ pages: `${USER_LIST_COUNT_CAP / 100},100` })));
    expect(await page({ search: 'corriente', pages: `${USER_LIST_COUNT_CAP / 100 + 1},100` })).toEqual({
      users: [],
      rows: USER_LIST_COUNT_CAP,
      rowsCapped: true,
    });
    // as many matches as the cap: exact, not capped
    const exactly = await page({ search: 'comun', pages: '1,100' });
    expect([exactly.rows, exactly.rowsCapped]).toEqual([USER_LIST_COUNT_CAP, undefined]);
    expect(names(exactly)).toEqual(names(all));
  });

  it('keeps the holders list true at once: a holder renamed, given the role, deleted', async () => {
    const { db } = server();
    const { id, body } = await createdRole();
    const holders = async () =>
      (
        json(await call('GET', '/api/role/users', { headers: { id: String(id) } })).result.users as { userName: string; names: string }[]
      ).map((u) => `${u.userName}:${u.names}`);
    const ibuhoo = await db.selectFrom('applications').select('id').where('name', '=', 'ibuhoo').executeTakeFirstOrThrow();
    const first = await createUser(db, { userName: `fresh.${id}.a`, names: 'Ana' });
    await db.insertInto('user_roles').values({ user_id: first, role_id: id, application_id: ibuhoo.id }).execute();
    expect(await holders()).toEqual([`fresh.${id}.a:Ana`]);

    // read and kept; each change through the API shows on the next read
    const detail = json(await call('GET', '/api/user/GetById', { headers: { pid: first } })).result.records[0];
    const { id: _id, ...data } = detail;
    const renamed = await call('POST', '/api/user/modify', {
      payload: {
        id: first,
        names: 'Anabel',
        surnames: data.surnames,
        userName: data.userName,
        email: data.email,
        document: data.document || '1',
        phoneNumber: '',
        idTypeUser: data.idTypeUser ?? 2,
        countryCode: 'CO',
        documentType: 'CC',
      },
    });
    expect([renamed.statusCode, renamed.body]).toEqual([200, expect.any(String)]);
    expect(await holders()).toEqual([`fresh.${id}.a:Anabel`]);

    const second = await createUser(db, { userName: `fresh.${id}.b`, names: 'Bruno' });
    const given = await call('POST', '/api/role/modify', { payload: { ...body, id } });
    expect(given.statusCode).toBe(400); // unchanged: nothing to save, nothing announced
    await db.insertInto('user_roles').values({ user_id: second, role_id: id, application_id: ibuhoo.id }).execute();
    expect((await call('POST', '/api/user/delete', { payload: { Id: first } })).statusCode).toBe(200);
    expect(await holders()).toEqual([`fresh.${id}.b:Bruno`]);
  });

  describe('effective access', () => {
    it("tells a user's privileges per application and the roles giving them", async () => {
      const { db } = server();
      const userId = await createUser(db, { userName: 'access.effective', privileges: ['USERS_READ', 'MENUS_READ'] });
      const result = json(await call('GET', '/api/user/privileges', { headers: { user: userId } })).result;
      expect(result.records).toEqual([
        {
          application: 'ibuhoo',
          title: 'Suite GSE',
          privileges: [
            { name: 'MENUS_READ', roles: [expect.stringMatching(/^test-role-/)] },
            { name: 'USERS_READ', roles: [expect.any(String)] },
          ],
        },
      ]);
      const missing = await call('GET', '/api/user/privileges', { headers: { user: '00000000-0000-4000-8000-000000000009' } });
      expect([missing.statusCode, json(missing).result.information]).toEqual([404, USER_MESSAGES.notFound]);
    });

    it('ends an access at once: a role switched off, a privilege switched off, a privilege taken from the application', async () => {
      const { db, app } = server();
      await createUser(db, { userName: 'access.now', password: PASSWORD, privileges: ['USERS_READ'] });
      const token = await tokenFor(app, 'access.now', PASSWORD);
      const types = () => call('GET', '/api/user/GetTypeUser', { token });
      expect((await types()).statusCode).toBe(200);
      const { role_id } = await db
        .selectFrom('user_roles as ur')
        .innerJoin('users as u', 'u.id', 'ur.user_id')
        .select('ur.role_id')
        .where('u.user_name', '=', 'access.now')
        .executeTakeFirstOrThrow();

      expect((await call('POST', '/api/role/modify', { payload: { id: role_id, description: '', idstate: 1 } })).statusCode).toBe(200);
      expect((await types()).statusCode).toBe(403);
      expect((await call('POST', '/api/role/modify', { payload: { id: role_id, description: '', idstate: 0 } })).statusCode).toBe(200);
      expect((await types()).statusCode).toBe(200);

      const usersRead = await db.selectFrom('privileges').selectAll().where('name', '=', 'USERS_READ').executeTakeFirstOrThrow();
      const privilege = {
        id: usersRead.id,
        name: usersRead.name,
        description: usersRead.description,
        licence: usersRead.licence,
        isAuditable: usersRead.is_auditable,
      };
      const applications = (await privilegeRow('USERS_READ')).application as string[];
      const modify = (changes: Record<string, unknown>) =>
        call('POST', '/api/privilege/modify', { payload: { ...privilege, idstate: 0, application: applications, ...changes } });

      expect((await modify({ idstate: 1 })).statusCode).toBe(200);
      expect((await types()).statusCode).toBe(403);
      expect((await modify({})).statusCode).toBe(200);
      expect((await types()).statusCode).toBe(200);

      expect((await modify({ application: ['firmaya'] })).statusCode).toBe(200);
      expect((await types()).statusCode).toBe(403);
      expect((await modify({})).statusCode).toBe(200);
      expect((await types()).statusCode).toBe(200);
    });
  });

  it('answers every refusal in the envelope, never a 500', async () => {
    const before = await snapshot(server().db);
    for (const [url, payload] of [
      ['/api/privilege/create', 'not json'],
      ['/api/privilege/modify', { id: 'x' }],
      ['/api/role/create', { name: 5 }],
      ['/api/role/modify', { id: -1, idstate: 0 }],
      ['/api/role/modify', [1, 2]],
    ] as const) {
      const response = await call('POST', url, { payload, headers: { 'content-type': 'application/json' } });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
    }
    for (const [url, headers] of [
      ['/api/application/getApplicationsByIdPrivilege', { id: 'abc' }],
      ['/api/application/applicationId', {}],
      ['/api/privilege/list', { rol: 'x' }],
      ['/api/user/privileges', { user: 'nope' }],
    ] as const) {
      expect({ url, status: (await call('GET', url, { headers })).statusCode }).toEqual({ url, status: 400 });
    }
    expect(await snapshot(server().db)).toBe(before);
  });
});
