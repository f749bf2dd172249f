import { sql, type Kysely } from 'kysely';
import {
  CERTIFICATE_MESSAGES,
  MESSAGES,
  USER_MESSAGES,
  USER_STATE,
  USER_TYPE,
  VALIDATION_MESSAGES,
  type CreateUserRequest,
} from '@suite/shared/contracts';
import {
  mailSent,
  queuedMail,
  auditedChanges,
  ADMIN_PASSWORD,
  apiCaller,
  createUser,
  describeEachBackend,
  json,
  tokenFor,
} from '../../../test/harness';
import type { DB } from '../../db/schema';

const PASSWORD = 'Us3rs.Admin-Pass';

/** Everything a users call may change: a refused call must leave all of it as it was. */
async function snapshot(db: Kysely<DB>): Promise<string> {
  // first: the outbox finishes what earlier calls queued (a link's token is issued when it is sent)
  const mailbox = await queuedMail(db);
  const users = await db.selectFrom('users').selectAll().orderBy('id').execute();
  const companies = await db.selectFrom('user_customers').selectAll().orderBy('user_id').orderBy('customer_id').execute();
  const roles = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role_id', 'application_id'])
    .orderBy('user_id')
    .orderBy('role_id')
    .orderBy('application_id')
    .execute();
  const sessions = await db.selectFrom('sessions').select(['id', 'revoked_at']).orderBy('id').execute();
  const audit = await auditedChanges(db);
  const tokens = await db.selectFrom('password_tokens').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return JSON.stringify({ users, companies, roles, sessions, audit, mailbox, tokens });
}

async function appId(db: Kysely<DB>, name: string): Promise<number> {
  return (
    await db.selectFrom('applications').select('id').where(sql<string>`lower(name)`, '=', name.toLowerCase()).executeTakeFirstOrThrow()
  ).id;
}

/** The roles a user holds, by application then name. */
function rolesHeld(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('applications as a', 'a.id', 'ur.application_id')
    .select(['r.name', 'a.name as application'])
    .where('ur.user_id', '=', userId)
    .orderBy('a.name')
    .orderBy('r.name')
    .execute();
}

/** A role offered in the given applications. */
async function addRole(db: Kysely<DB>, name: string, apps: string[], idstate = 0): Promise<number> {
  const { id } = await db.insertInto('roles').values({ name, idstate }).returning('id').executeTakeFirstOrThrow();
  for (const a of apps)
    await db
      .insertInto('role_applications')
      .values({ role_id: id, application_id: await appId(db, a) })
      .execute();
  return id;
}

async function addCompany(db: Kysely<DB>, name: string, idstate = 0): Promise<string> {
  return (await db.insertInto('customers').values({ name, idstate }).returning('id').executeTakeFirstOrThrow()).id;
}

describeEachBackend('users administration API', (server) => {
  let admin: string;
  let reader: string;
  let outsider: string;
  let nobody: string;
  let companyA: string;
  let companyB: string;
  let companyInactive: string;
  let n = 0;

  const call = apiCaller(server, () => admin);

  /** A valid create payload for a fresh user name and e-mail. */
  const newUser = (overrides: Partial<CreateUserRequest> = {}): CreateUserRequest => {
    n += 1;
    return {
      names: 'Ana María',
      surnames: 'Núñez Peña',
      userName: `ana.nunez${n}`,
      email: `ana.nunez${n}@empresa.test`,
      document: `10203040${n}`,
      phoneNumber: '(+57) 300 1234567',
      idTypeUser: USER_TYPE.user,
      countryCode: 'CO',
      documentType: 'CC',
      customer: [
        { id: companyA, principal: true, assigned: false },
        { id: companyB, principal: false, assigned: true },
      ],
      roles: [
        { name: 'Operador', application: 'firmaya', assigned: true },
        { name: 'Auditor', application: 'firmaya', assigned: false },
      ],
      ...overrides,
    };
  };

  async function created(overrides: Partial<CreateUserRequest> = {}): Promise<{ id: string; body: CreateUserRequest }> {
    const body = newUser(overrides);
    const response = await call('POST', '/api/user/create', { payload: body });
    expect(response.statusCode).toBe(200);
    return { id: json(response).result.id, body };
  }

  async function expectRefused(response: Awaited<ReturnType<typeof call>>, before: string, status: number, information?: string | RegExp) {
    expect(response.statusCode).toBe(status);
    const body = json(response);
    expect(body.statusCode).toBe(status);
    if (typeof information === 'string') expect(body.result.information).toBe(information);
    else if (information) expect(body.result.information).toMatch(information);
    expect(await snapshot(server().db)).toBe(before);
  }

  beforeAll(async () => {
    const { app, db } = server();
    admin = await tokenFor(app, 'admin', ADMIN_PASSWORD);
    await createUser(db, { userName: 'users.reader', password: PASSWORD, privileges: ['USERS_READ'] });
    reader = await tokenFor(app, 'users.reader', PASSWORD);
    await createUser(db, { userName: 'roles.only', password: PASSWORD, privileges: ['ROLES_READ'] });
    outsider = await tokenFor(app, 'roles.only', PASSWORD);
    await createUser(db, { userName: 'apps.only', password: PASSWORD, privileges: ['APPS_READ'] });
    nobody = await tokenFor(app, 'apps.only', PASSWORD);
    companyA = await addCompany(db, 'Comercial Andina S.A.S.');
    companyB = await addCompany(db, 'Transportes del Sur Ltda.');
    companyInactive = await addCompany(db, 'Empresa Cerrada S.A.', 1);
    await addRole(db, 'Operador', ['firmaya', 'ibuhoo']);
    await addRole(db, 'Auditor', ['firmaya']);
    await addRole(db, 'Rol Inactivo', ['firmaya'], 1);
    await addRole(db, 'Restablecer OTP', ['RESETOTP']);
  });

  describe('privileges', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const reads: [string, string, Record<string, string>?, unknown?][] = [
      ['GET', '/api/user/list'],
      ['GET', '/api/user/GetById', { pid: id }],
      ['POST', '/api/user/getuserexists', {}, { userName: 'admin' }],
      ['GET', '/api/user/GetTypeUser'],
      ['GET', '/api/user/get-countries'],
      ['GET', '/api/user/get-document-types-create-users', { code: 'CO', appName: 'ibuhoo' }],
      ['GET', '/api/customer/GetCustomerByUser', { userId: id, app: 'ibuhoo' }],
      ['GET', '/api/customer/GetCustomer', { userid: id }],
      ['GET', '/api/application/GetCountRolesByUser', { user: id }],
    ];
    const writes: [string, string, Record<string, string>?, unknown?][] = [
      ['POST', '/api/user/create', {}, {}],
      ['POST', '/api/user/modify', {}, { id }],
      ['POST', '/api/user/Inactivate', {}, { id, idstate: 2 }],
      ['POST', '/api/user/delete', {}, { Id: id }],
      ['POST', '/api/user/activateDeletedUser', {}, { id }],
    ];

    it('answers 403 with the documented message to every call without USERS_READ / USERS_WRITE, changing nothing', async () => {
      const before = await snapshot(server().db);
      for (const [method, url, headers, payload] of reads.concat(writes)) {
        const response = await call(method as 'GET' | 'POST', url, { token: outsider, headers, payload });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
        expect(json(response).result).toEqual({ information: MESSAGES.forbidden, informationCode: 'R403' });
      }
      expect((await call('GET', '/api/role/list', { token: nobody, headers: { application: 'firmaya' } })).statusCode).toBe(403);
      for (const [method, url, headers, payload] of writes) {
        const response = await call(method as 'GET' | 'POST', url, { token: reader, headers, payload });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
      }
      expect(await snapshot(server().db)).toBe(before);
    });

    it('answers 401 without a token', async () => {
      for (const [method, url, headers, payload] of [...reads, ...writes]) {
        expect((await call(method as 'GET' | 'POST', url, { token: null, headers, payload })).statusCode).toBe(401);
      }
    });

    it('lets USERS_READ read the card data, and ROLES_READ or USERS_READ list roles', async () => {
      for (const [method, url, headers, payload] of reads) {
        const response = await call(method as 'GET' | 'POST', url, { token: reader, headers, payload });
        expect({ url, ok: response.statusCode === 200 || response.statusCode === 404 }).toEqual({ url, ok: true });
      }
      expect((await call('GET', '/api/role/list', { token: reader })).statusCode).toBe(200);
      expect((await call('GET', '/api/role/list', { token: outsider })).statusCode).toBe(200);
    });
  });

  describe('create', () => {
    it('creates a pending user with its companies and roles, audits it and mails the activation link', async () => {
      const { db } = server();
      const body = newUser({ userName: 'Nuevo.Usuario', email: 'nuevo.usuario@empresa.test' });
      // the activation link's origin comes from configuration, not from the Host header
      const response = await call('POST', '/api/user/create', { payload: body, headers: { host: 'evil.example:666' } });
      expect(response.statusCode).toBe(200);
      const result = json(response).result;
      expect(result).toEqual({ information: 'El usuario fue creado con éxito', informationCode: 'A10', id: expect.any(String) });

      const user = await db.selectFrom('users').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        user_name: 'Nuevo.Usuario',
        idstate: USER_STATE.pendingActivation,
        phone_number: '3001234567',
        password_hash: null,
        country_id: 1,
        document_type_id: 1,
      });
      const companies = await db
        .selectFrom('user_customers')
        .select(['customer_id', 'principal', 'assigned'])
        .where('user_id', '=', result.id)
        .orderBy('principal', 'desc')
        .execute();
      expect(companies).toEqual([
        { customer_id: companyA, principal: true, assigned: false },
        { customer_id: companyB, principal: false, assigned: true },
      ]);
      const roles = await db
        .selectFrom('user_roles as ur')
        .innerJoin('roles as r', 'r.id', 'ur.role_id')
        .select('r.name')
        .where('ur.user_id', '=', result.id)
        .execute();
      expect(roles).toEqual([{ name: 'Operador' }]);

      const audit = await db.selectFrom('audit_log').selectAll().where('entity_id', '=', result.id).execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'user.create', entity: 'user', actor_name: 'admin', before: null });
      expect(audit[0].actor_id).toEqual(expect.any(String));
      expect(audit[0].after).toMatchObject({
        userName: 'Nuevo.Usuario',
        companies: expect.any(Array),
        roles: [{ role: 'Operador', application: 'firmaya' }],
      });

      await mailSent(server().app);
      const mail = await db.selectFrom('mailbox').selectAll().where('to_address', '=', 'nuevo.usuario@empresa.test').execute();
      expect(mail).toHaveLength(1);
      expect(mail[0].html_body).toContain('/changepassword?');
      expect(mail[0].html_body).toContain('http://localhost:8080/changepassword?');
      expect(mail[0].html_body + mail[0].text_body).not.toContain('evil.example');
      const token = await db.selectFrom('password_tokens').select(['purpose', 'used_at']).where('user_id', '=', result.id).execute();
      expect(token).toEqual([{ purpose: 'activation', used_at: null }]);

      const byId = json(await call('GET', '/api/user/GetById', { headers: { pid: result.id } })).result;
      expect(byId.count).toBe(1);
      expect(byId.records[0]).toEqual({
        id: result.id,
        names: 'Ana María',
        surnames: 'Núñez Peña',
        email: 'nuevo.usuario@empresa.test',
        document: body.document,
        userName: 'Nuevo.Usuario',
        phoneNumber: '3001234567',
        idTypeUser: 2,
        typeuserid: 2,
        countryCode: 'CO',
        documentType: 'CC',
        countryId: 1,
        documentTypeId: 1,
        idstate: USER_STATE.pendingActivation,
        modifiedon: expect.stringMatching(/^\d{4}-/),
        deleted: false,
      });
    });

    it('accepts an alphanumeric document for an alphanumeric type and no phone', async () => {
      const { db } = server();
      const { id } = await created({ documentType: 'PA', document: 'AB123456', phoneNumber: 0 });
      const row = await db.selectFrom('users').select(['document_type_id', 'phone_number']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ document_type_id: 5, phone_number: null });
    });

    it.each<[string, (b: CreateUserRequest) => unknown, string | RegExp]>([
      ['names with digits', (b) => ({ ...b, names: 'Ana 2' }), new RegExp(USER_MESSAGES.lettersOnly.replace('.', '\\.'))],
      ['a missing e-mail', (b) => ({ ...b, email: '' }), new RegExp(VALIDATION_MESSAGES.required)],
      ['a malformed e-mail', (b) => ({ ...b, email: 'ana@empresa' }), /El correo no posee el formato correcto/],
      [
        'no main company',
        (b) => ({ ...b, customer: [{ id: companyA, principal: false, assigned: true }] }),
        /Se requiere una empresa principal/,
      ],
      [
        'two main companies',
        (b) => ({
          ...b,
          customer: [
            { id: companyA, principal: true, assigned: false },
            { id: companyB, principal: true, assigned: false },
          ],
        }),
        /Solo puede haber una empresa principal/,
      ],
      ['no role', (b) => ({ ...b, roles: [] }), /Se requiere mínimo un rol/],
      [
        'only unassigned roles',
        (b) => ({ ...b, roles: [{ name: 'Operador', application: 'firmaya', assigned: false }] }),
        /Se requiere mínimo un rol/,
      ],
      [
        'an unknown company',
        (b) => ({ ...b, customer: [{ id: '00000000-0000-4000-8000-000000000009', principal: true, assigned: false }] }),
        USER_MESSAGES.companyUnknown,
      ],
      [
        'a role the application does not offer',
        (b) => ({ ...b, roles: [{ name: 'Auditor', application: 'ibuhoo', assigned: true }] }),
        USER_MESSAGES.roleUnknown,
      ],
      [
        'an inactive role',
        (b) => ({ ...b, roles: [{ name: 'Rol Inactivo', application: 'firmaya', assigned: true }] }),
        USER_MESSAGES.roleUnknown,
      ],
      [
        'a role named without its application that two applications offer',
        (b) => ({ ...b, roles: [{ name: 'Operador', assigned: true }] }),
        USER_MESSAGES.roleApplicationAmbiguous,
      ],
      [
        'an inactive role named without its application',
        (b) => ({ ...b, roles: [{ name: 'Rol Inactivo', assigned: true }] }),
        USER_MESSAGES.roleUnknown,
      ],
      [
        'a role of RESETOTP',
        (b) => ({ ...b, roles: [{ name: 'Restablecer OTP', application: 'RESETOTP', assigned: true }] }),
        USER_MESSAGES.roleUnknown,
      ],
      ['an unknown country', (b) => ({ ...b, countryCode: 'XX' }), USER_MESSAGES.countryUnknown],
      ['a document type of another country', (b) => ({ ...b, documentType: 'CPF' }), USER_MESSAGES.documentTypeUnknown],
      ['letters in a numeric document', (b) => ({ ...b, document: 'AB123' }), USER_MESSAGES.documentNumeric],
      [
        'symbols in an alphanumeric document',
        (b) => ({ ...b, documentType: 'PA', document: 'AB-123' }),
        USER_MESSAGES.documentAlphanumeric,
      ],
      ['an unknown user type', (b) => ({ ...b, idTypeUser: 9 }), USER_MESSAGES.userTypeUnknown],
      ['a 17-digit phone', (b) => ({ ...b, phoneNumber: '12345678901234567' }), /máximo 10/],
      ['a user name in use (other case)', (b) => ({ ...b, userName: 'ADMIN' }), USER_MESSAGES.userNameInUse],
      ['an e-mail in use (other case)', (b) => ({ ...b, email: 'Admin@Suite.test' }), USER_MESSAGES.emailInUse],
      ['a body that is not an object', () => [1, 2], /Solicitud inválida/],
    ])('refuses %s with a 400 and changes nothing', async (_, mutate, information) => {
      const before = await snapshot(server().db);
      await expectRefused(await call('POST', '/api/user/create', { payload: mutate(newUser()) }), before, 400, information);
    });

    it('gives a role named without its application in the one application that offers it, and takes it away the same way', async () => {
      const { db } = server();
      const { id, body } = await created({ roles: [{ name: 'Auditor', assigned: true }] });
      const held = () => rolesHeld(db, id);
      expect(await held()).toEqual([{ name: 'Auditor', application: 'firmaya' }]);
      const { userName, names, surnames, email, document, phoneNumber, idTypeUser, countryCode, documentType } = body;
      const data = { id, userName, names, surnames, email, document, phoneNumber, idTypeUser, countryCode, documentType };
      const modified = await call('POST', '/api/user/modify', {
        payload: {
          ...data,
          roles: [
            { name: 'Operador', application: 'ibuhoo', assigned: true },
            { name: 'Auditor', assigned: false },
          ],
        },
      });
      expect(modified.statusCode).toBe(200);
      expect(await held()).toEqual([{ name: 'Operador', application: 'ibuhoo' }]);
      // held in one application only: named without it, that is the one taken away
      const refused = await call('POST', '/api/user/modify', { payload: { ...data, roles: [{ name: 'Operador', assigned: false }] } });
      expect(json(refused).result.information).toMatch(/Se requiere mínimo un rol/);
    });

    it('offers a deleted user with A20 instead of creating a second one with its user name or e-mail', async () => {
      const { db } = server();
      const gone = await created();
      expect((await call('POST', '/api/user/delete', { payload: { Id: gone.id } })).statusCode).toBe(200);
      for (const clash of [{ userName: gone.body.userName.toUpperCase() }, { email: gone.body.email }]) {
        const before = await snapshot(db);
        const response = await call('POST', '/api/user/create', { payload: newUser(clash) });
        await expectRefused(response, before, 400, USER_MESSAGES.deletedUserMatch);
        expect(json(response).result.informationCode).toBe('A20');
        expect(json(response).result.users.map((u: { id: string }) => u.id)).toEqual([gone.id]);
      }
    });

    it('refuses a second certificate user with the same document type and number with a 400, changing nothing', async () => {
      const first = await created({ idTypeUser: USER_TYPE.certifiedUser });
      const before = await snapshot(server().db);
      const response = await call('POST', '/api/user/create', {
        payload: newUser({ idTypeUser: USER_TYPE.certifiedUser, document: first.body.document }),
      });
      await expectRefused(response, before, 400, CERTIFICATE_MESSAGES.documentInUse);
      // another type may hold the same document
      expect((await call('POST', '/api/user/create', { payload: newUser({ document: first.body.document }) })).statusCode).toBe(200);
    });

    it('creates one user when two saves race for the same e-mail or user name', async () => {
      const { db } = server();
      for (const clash of ['email', 'userName'] as const) {
        const first = newUser();
        const second = { ...newUser(), [clash]: first[clash] };
        const replies = await Promise.all([
          call('POST', '/api/user/create', { payload: first }),
          call('POST', '/api/user/create', { payload: second }),
        ]);
        expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
        const column = clash === 'email' ? 'email' : 'user_name';
        const holders = await db
          .selectFrom('users')
          .select('id')
          .where(sql<string>`lower(${sql.ref(column)})`, '=', first[clash].toLowerCase())
          .execute();
        expect(holders).toHaveLength(1);
      }
    });

    it('refuses malformed JSON with a 400', async () => {
      const before = await snapshot(server().db);
      const response = await call('POST', '/api/user/create', { payload: '{"names":', headers: { 'content-type': 'application/json' } });
      await expectRefused(response, before, 400);
    });
  });

  describe('getuserexists', () => {
    it('answers A10 for a value in use, A20 for a deleted user, R11 when free, and ignores the edited user', async () => {
      const live = await created();
      const gone = await created();
      await call('POST', '/api/user/delete', { payload: { Id: gone.id } });
      const exists = async (payload: unknown) => json(await call('POST', '/api/user/getuserexists', { payload })).result;

      const inUse = await exists({ userName: live.body.userName.toUpperCase() });
      expect(inUse).toMatchObject({ informationCode: 'A10', information: USER_MESSAGES.userNameInUse });
      expect(inUse.users.map((u: { id: string }) => u.id)).toEqual([live.id]);
      expect(await exists({ email: live.body.email })).toMatchObject({ informationCode: 'A10', information: USER_MESSAGES.emailInUse });
      const deleted = await exists({ email: gone.body.email });
      expect(deleted).toMatchObject({ informationCode: 'A20', information: USER_MESSAGES.deletedUserMatch });
      expect(deleted.users[0]).toMatchObject({ id: gone.id, deleted: true });
      expect(await exists({ userName: 'nadie.usa.esto' })).toEqual({
        informationCode: 'R11',
        information: USER_MESSAGES.available,
        users: [],
      });
      expect((await exists({ userName: live.body.userName, id: live.id })).informationCode).toBe('R11');
      expect((await call('POST', '/api/user/getuserexists', { payload: { userName: 'a', email: 'a@b.co' } })).statusCode).toBe(400);
    });
  });

  describe('modify', () => {
    it('updates the data, switches the main company, adds and removes roles, and audits before and after', async () => {
      const { db } = server();
      const { id, body } = await created();
      const { customer, roles, ...data } = body;
      const response = await call('POST', '/api/user/modify', {
        payload: {
          id,
          ...data,
          names: 'Ana Lucía',
          email: 'ana.lucia@empresa.test',
          phoneNumber: '',
          customer: [{ id: companyB, principal: true, assigned: false }],
          roles: [
            { name: 'Operador', application: 'firmaya', assigned: false },
            { name: 'Auditor', application: 'firmaya', assigned: true },
            { name: 'Operador', application: 'ibuhoo', assigned: true },
          ],
        },
      });
      expect(response.statusCode).toBe(200);
      expect(json(response).result).toEqual({ information: USER_MESSAGES.updated, informationCode: 'A10', id });
      expect(customer).toHaveLength(2);
      expect(roles).toHaveLength(2);

      const user = await db.selectFrom('users').select(['names', 'email', 'phone_number']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(user).toEqual({ names: 'Ana Lucía', email: 'ana.lucia@empresa.test', phone_number: null });
      // the former main company was not assigned: the user leaves it
      const companies = await db
        .selectFrom('user_customers')
        .select(['customer_id', 'principal', 'assigned'])
        .where('user_id', '=', id)
        .execute();
      expect(companies).toEqual([{ customer_id: companyB, principal: true, assigned: false }]);
      expect(await rolesHeld(db, id)).toEqual([
        { name: 'Auditor', application: 'firmaya' },
        { name: 'Operador', application: 'ibuhoo' },
      ]);
      const audit = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_id', '=', id)
        .where('action', '=', 'user.modify')
        .executeTakeFirstOrThrow();
      expect(audit.before).toMatchObject({ names: 'Ana María', email: body.email });
      expect(audit.after).toMatchObject({ names: 'Ana Lucía', email: 'ana.lucia@empresa.test' });
    });

    it('keeps companies and roles when they are not sent', async () => {
      const { db } = server();
      const { id, body } = await created();
      const { customer: _c, roles: _r, ...data } = body;
      const before = await db.selectFrom('user_roles').select('role_id').where('user_id', '=', id).execute();
      expect((await call('POST', '/api/user/modify', { payload: { id, ...data, surnames: 'Otro Apellido' } })).statusCode).toBe(200);
      expect(await db.selectFrom('user_roles').select('role_id').where('user_id', '=', id).execute()).toEqual(before);
      expect(await db.selectFrom('user_customers').select('customer_id').where('user_id', '=', id).execute()).toHaveLength(2);
    });

    it('refuses, changing nothing: an e-mail of another user, removing the last role, an unknown or deleted user', async () => {
      const { db } = server();
      const other = await created();
      const { id, body } = await created();
      const { customer: _c, roles: _r, ...data } = body;
      let before = await snapshot(db);
      await expectRefused(
        await call('POST', '/api/user/modify', { payload: { id, ...data, email: other.body.email.toUpperCase() } }),
        before,
        400,
        USER_MESSAGES.emailInUse,
      );
      await expectRefused(
        await call('POST', '/api/user/modify', { payload: { id, ...data, userName: other.body.userName } }),
        before,
        400,
        USER_MESSAGES.userNameInUse,
      );
      await expectRefused(
        await call('POST', '/api/user/modify', {
          payload: {
            id,
            ...data,
            names: 'Cambio',
            roles: [
              { name: 'Operador', application: 'firmaya', assigned: false },
              { name: 'Auditor', application: 'firmaya', assigned: false },
            ],
          },
        }),
        before,
        400,
        /Se requiere mínimo un rol/,
      );
      await expectRefused(
        await call('POST', '/api/user/modify', {
          payload: {
            id,
            ...data,
            names: 'Cambio',
            roles: [
              { name: 'Operador', application: 'firmaya', assigned: false },
              { name: 'Auditor', application: 'ibuhoo', assigned: true },
            ],
          },
        }),
        before,
        400,
        USER_MESSAGES.roleUnknown,
      );
      await expectRefused(
        await call('POST', '/api/user/modify', { payload: { ...data, id: '00000000-0000-4000-8000-000000000002' } }),
        before,
        404,
        USER_MESSAGES.notFound,
      );
      await call('POST', '/api/user/delete', { payload: { Id: other.id } });
      before = await snapshot(db);
      const { customer: _oc, roles: _or, ...otherData } = other.body;
      await expectRefused(
        await call('POST', '/api/user/modify', { payload: { id: other.id, ...otherData } }),
        before,
        404,
        USER_MESSAGES.notFound,
      );
    });
  });

  describe('state, deletion and reactivation', () => {
    async function signedInUser(typeuserid: number = USER_TYPE.user, idstate: number = USER_STATE.active) {
      const { app, db } = server();
      const userName = `sesion.${++n}`;
      const id = await createUser(db, { userName, password: PASSWORD, typeuserid, idstate, privileges: ['USERS_READ'] });
      const token = idstate === USER_STATE.active ? await tokenFor(app, userName, PASSWORD) : '';
      return { id, userName, token };
    }

    const liveSessions = async (userId: string) =>
      (await server().db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute())
        .length;

    it('inactivates a user of type 2: its sessions end at once, its connections are told, and it is audited', async () => {
      const { app, db } = server();
      const victim = await signedInUser();
      expect(await liveSessions(victim.id)).toBe(1);
      const pushed = jest.spyOn(app.ctx.hub, 'revokeSessions');
      try {
        const response = await call('POST', '/api/user/Inactivate', { payload: { id: victim.id, idstate: USER_STATE.inactive } });
        expect(response.statusCode).toBe(200);
        expect(json(response).result).toEqual({
          information: 'El usuario quedó en estado inactivo',
          informationCode: 'A10',
          id: victim.id,
        });
        expect(pushed).toHaveBeenCalledWith([expect.any(String)], USER_MESSAGES.sessionEndedByAdmin);
      } finally {
        pushed.mockRestore();
      }
      expect(await liveSessions(victim.id)).toBe(0);
      expect((await call('GET', '/api/user/GetTypeUser', { token: victim.token })).statusCode).toBe(401);
      const row = await db.selectFrom('users').select('idstate').where('id', '=', victim.id).executeTakeFirstOrThrow();
      expect(row.idstate).toBe(USER_STATE.inactive);
      const audit = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_id', '=', victim.id)
        .where('action', '=', 'user.state')
        .executeTakeFirstOrThrow();
      expect(audit.before).toMatchObject({ idstate: USER_STATE.active });
      expect(audit.after).toMatchObject({ idstate: USER_STATE.inactive });

      const back = await call('POST', '/api/user/Inactivate', { payload: { id: victim.id, idstate: USER_STATE.active } });
      expect(json(back).result.information).toBe('El usuario quedó en estado activo');
      expect((await db.selectFrom('users').select('idstate').where('id', '=', victim.id).executeTakeFirstOrThrow()).idstate).toBe(
        USER_STATE.active,
      );
    });

    it('switches type 4 users too', async () => {
      const user = await signedInUser(USER_TYPE.certifiedUser);
      expect((await call('POST', '/api/user/Inactivate', { payload: { id: user.id, idstate: USER_STATE.inactive } })).statusCode).toBe(200);
    });

    it.each([
      ['type 1', USER_TYPE.application, USER_STATE.active],
      ['type 3', USER_TYPE.tester, USER_STATE.active],
      ['state 6', USER_TYPE.user, USER_STATE.blocked],
      ['pending activation', USER_TYPE.user, USER_STATE.pendingActivation],
    ])('refuses to switch a user of %s, changing nothing', async (_, type, state) => {
      const user = await signedInUser(type, state);
      const before = await snapshot(server().db);
      const target = state === USER_STATE.active ? USER_STATE.inactive : USER_STATE.active;
      await expectRefused(
        await call('POST', '/api/user/Inactivate', { payload: { id: user.id, idstate: target } }),
        before,
        400,
        'No es posible cambiar de estado a este usuario',
      );
    });

    it('refuses, changing nothing, an administrator deactivating or deleting their own account', async () => {
      const { app, db } = server();
      const userName = `propio.${++n}`;
      const id = await createUser(db, { userName, password: PASSWORD, privileges: ['USERS_READ', 'USERS_WRITE'] });
      const token = await tokenFor(app, userName, PASSWORD);
      const before = await snapshot(db);
      const own = USER_MESSAGES.notOnYourself;
      await expectRefused(
        await call('POST', '/api/user/Inactivate', { token, payload: { id, idstate: USER_STATE.inactive } }),
        before,
        400,
        own,
      );
      await expectRefused(await call('POST', '/api/user/delete', { token, payload: { Id: id } }), before, 400, own);
      expect(await liveSessions(id)).toBe(1);
      // another administrator may
      expect((await call('POST', '/api/user/Inactivate', { payload: { id, idstate: USER_STATE.inactive } })).statusCode).toBe(200);
    });

    it('refuses a bad state request', async () => {
      const user = await signedInUser();
      const before = await snapshot(server().db);
      await expectRefused(await call('POST', '/api/user/Inactivate', { payload: { id: user.id, idstate: 6 } }), before, 400);
      await expectRefused(await call('POST', '/api/user/Inactivate', { payload: { id: 'nope', idstate: 2 } }), before, 400);
    });

    it('deletes a user: sessions end, it leaves the list and the card, and is audited; a second delete is a 404', async () => {
      const { app, db } = server();
      const victim = await signedInUser();
      const pushed = jest.spyOn(app.ctx.hub, 'revokeSessions');
      try {
        const response = await call('POST', '/api/user/delete', { payload: { Id: victim.id } });
        expect(response.statusCode).toBe(200);
        expect(json(response).result).toEqual({ information: USER_MESSAGES.deleted, informationCode: 'A10', id: victim.id });
        expect(pushed).toHaveBeenCalledWith([expect.any(String)], USER_MESSAGES.sessionEndedByAdmin);
      } finally {
        pushed.mockRestore();
      }
      expect(await liveSessions(victim.id)).toBe(0);
      expect((await call('GET', '/api/user/GetTypeUser', { token: victim.token })).statusCode).toBe(401);
      const list = json(await call('GET', '/api/user/list', { headers: { customerSearch: victim.userName } })).result;
      expect(list).toEqual({ users: [], rows: 0 });
      expect((await call('GET', '/api/user/GetById', { headers: { pid: victim.id } })).statusCode).toBe(404);
      expect(
        (await db.selectFrom('audit_log').select('action').where('entity_id', '=', victim.id).where('action', '=', 'user.delete').execute())
          .length,
      ).toBe(1);
      const before = await snapshot(db);
      await expectRefused(await call('POST', '/api/user/delete', { payload: { Id: victim.id } }), before, 404, USER_MESSAGES.notFound);
      await expectRefused(await call('POST', '/api/user/delete', { payload: { id: victim.id } }), before, 400);
    });

    it('reactivates a deleted user (active again when it has a password) and refuses one that is not deleted', async () => {
      const { db } = server();
      const user = await signedInUser();
      await call('POST', '/api/user/delete', { payload: { Id: user.id } });
      const response = await call('POST', '/api/user/activateDeletedUser', { payload: { id: user.id } });
      expect(response.statusCode).toBe(200);
      const result = json(response).result;
      expect(result).toMatchObject({
        informationCode: 'A10',
        information: USER_MESSAGES.reactivated,
        user: { id: user.id, userName: user.userName, deleted: false, idstate: USER_STATE.active },
      });
      expect(
        (
          await db
            .selectFrom('audit_log')
            .select('action')
            .where('entity_id', '=', user.id)
            .where('action', '=', 'user.reactivate')
            .execute()
        ).length,
      ).toBe(1);
      const before = await snapshot(db);
      await expectRefused(
        await call('POST', '/api/user/activateDeletedUser', { payload: { id: user.id } }),
        before,
        400,
        USER_MESSAGES.notDeleted,
      );
      await expectRefused(
        await call('POST', '/api/user/activateDeletedUser', { payload: { id: '00000000-0000-4000-8000-000000000003' } }),
        before,
        404,
      );
    });

    it('refuses to reactivate a user whose e-mail another user took meanwhile', async () => {
      const { db } = server();
      const gone = await created();
      await call('POST', '/api/user/delete', { payload: { Id: gone.id } });
      await createUser(db, { userName: `toma.correo${++n}`, email: gone.body.email });
      const before = await snapshot(db);
      await expectRefused(
        await call('POST', '/api/user/activateDeletedUser', { payload: { id: gone.id } }),
        before,
        400,
        USER_MESSAGES.emailInUse,
      );
    });
  });

  describe('card catalogues', () => {
    it('lists user types, countries and the document types of a country', async () => {
      expect(json(await call('GET', '/api/user/GetTypeUser')).result.records).toEqual([
        { id: 1, name: 'Aplicacion' },
        { id: 2, name: 'Usuario' },
        { id: 3, name: 'Tester' },
        { id: 4, name: 'Usuario Certificado' },
      ]);
      const countries = json(await call('GET', '/api/user/get-countries')).result;
      expect(countries).toContainEqual({ id: 1, name: 'Colombia', countryCode: 'CO' });
      const types = json(await call('GET', '/api/user/get-document-types-create-users', { headers: { code: 'co', appName: 'ibuhoo' } }))
        .result.listDocumentType;
      expect(types.map((t: { documentTypeId: number }) => t.documentTypeId)).toEqual([1, 2, 3, 5, 12, 13]);
      expect(types[0]).toEqual({
        documentTypeId: 1,
        documentTypeDescription: 'Cédula de ciudadanía',
        documentTypeAllowed: 'CC',
        country: 'CO',
        alphanumeric: false,
      });
      expect(
        types.filter((t: { alphanumeric: boolean }) => t.alphanumeric).map((t: { documentTypeId: number }) => t.documentTypeId),
      ).toEqual([5, 13]);
      expect(
        json(await call('GET', '/api/user/get-document-types-create-users', { headers: { code: 'ZZ' } })).result.listDocumentType,
      ).toEqual([]);
      expect((await call('GET', '/api/user/get-document-types-create-users')).statusCode).toBe(400);
      expect((await call('GET', '/api/user/get-document-types-create-users', { headers: { code: "CO'--" } })).statusCode).toBe(400);
      expect((await call('GET', '/api/user/GetById', { headers: { pid: 'not-a-uuid' } })).statusCode).toBe(400);
    });

    it("lists companies with the user's flags, and only the user's, main first", async () => {
      const { id } = await created();
      const all = json(await call('GET', '/api/customer/GetCustomer')).result.customers as {
        id: string;
        principal: boolean;
        assigned: boolean;
        sharedApps: string;
      }[];
      expect(all.map((c) => c.id)).toEqual(expect.arrayContaining([companyA, companyB]));
      expect(all.map((c) => c.id)).not.toContain(companyInactive);
      expect(all.every((c) => !c.principal && !c.assigned && c.sharedApps === '')).toBe(true);

      const mine = json(await call('GET', '/api/customer/GetCustomer', { headers: { userid: id } })).result.customers as typeof all;
      expect(mine.find((c) => c.id === companyA)).toMatchObject({
        principal: true,
        assigned: false,
        sharedApps: 'Firmaya',
        idstate: 0,
        name: 'Comercial Andina S.A.S.',
      });
      expect(mine.find((c) => c.id === companyB)).toMatchObject({ principal: false, assigned: true });
      expect(mine).toHaveLength(all.length);

      const byUser = json(await call('GET', '/api/customer/GetCustomerByUser', { headers: { userId: id, app: 'firmaya' } })).result
        .customers as typeof all;
      expect(byUser.map((c) => [c.id, c.principal])).toEqual([
        [companyA, true],
        [companyB, false],
      ]);
      expect((await call('GET', '/api/customer/GetCustomerByUser', { headers: {} })).statusCode).toBe(400);
      expect((await call('GET', '/api/customer/GetCustomer', { headers: { userid: '1 or 1=1' } })).statusCode).toBe(400);
    });

    it("lists the active roles of an application with the user's assignment; never RESETOTP", async () => {
      const { id } = await created();
      const records = json(await call('GET', '/api/role/list', { headers: { application: 'FIRMAYA', user: id } })).result.records as {
        name: string;
        assigned: boolean;
        sharedApps: string;
        idstate: number;
      }[];
      expect(records.map((r) => [r.name, r.assigned])).toEqual([
        ['Auditor', false],
        ['Operador', true],
      ]);
      expect(records[1].sharedApps).toBe('Firmaya,Suite GSE');
      for (const application of ['RESETOTP', 'no-such-app']) {
        const hidden = await call('GET', '/api/role/list', { headers: { application, user: id } });
        expect(hidden.statusCode).toBe(404);
        expect(json(hidden).result.informationCode).toBe('R11');
      }
      const all = json(await call('GET', '/api/role/list')).result;
      expect(all.records.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['Rol Inactivo', 'Operador']));
      expect(all.count).toBe(all.records.length);

      const counts = json(await call('GET', '/api/application/GetCountRolesByUser', { headers: { user: id } })).result.records as {
        appname: string;
        rolequantity: number;
        rolequantityUnique: number;
      }[];
      expect(counts.map((c) => c.appname)).not.toContain('RESETOTP');
      expect(counts.find((c) => c.appname === 'firmaya')).toMatchObject({ rolequantity: 2, rolequantityUnique: 1 });
      expect(counts.find((c) => c.appname === 'ibuhoo')).toMatchObject({ rolequantityUnique: 0 });
      const fresh = json(await call('GET', '/api/application/GetCountRolesByUser')).result.records as typeof counts;
      expect(fresh.every((c) => c.rolequantityUnique === 0)).toBe(true);
    });
  });
});
