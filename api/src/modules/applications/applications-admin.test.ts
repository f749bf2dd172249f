import type { Kysely } from 'kysely';
import {
  ACCESS_MESSAGES,
  APPLICATION_MESSAGES,
  CLIENT_CONFIG_PATH,
  FALLBACK_TITLE,
  MESSAGES,
  NOTIFICATION_MESSAGES,
  PORTAL_PROFILE_PATH,
  VALIDATION_MESSAGES,
  formatMessage,
  maxMessage,
} from '@suite/shared/contracts';
import { createServer, type Server } from '../../app';
import {
  auditedChanges,
  ADMIN_PASSWORD,
  apiCaller,
  createUser,
  describeEachBackend,
  json,
  login,
  startTestServer,
  tokenFor,
} from '../../../test/harness';
import { newApplicationForm } from '../../../test/application-form';
import type { DB } from '../../db/schema';

const PASSWORD = 'App5.Admin-Pass';

/** Everything an applications call may change: a refused call must leave all of it as it was. */
async function snapshot(db: Kysely<DB>): Promise<string> {
  const applications = await db.selectFrom('applications').selectAll().orderBy('id').execute();
  const parameters = await db.selectFrom('application_parameters').selectAll().orderBy('application_id').orderBy('name').execute();
  const tenants = await db.selectFrom('application_tenants').selectAll().orderBy('id').execute();
  const audit = await auditedChanges(db);
  return JSON.stringify({ applications, parameters, tenants, audit });
}

describeEachBackend(
  'applications console API',
  (server) => {
    let admin: string;
    let nobody: string;
    let n = 0;

    const call = apiCaller(server, () => admin);

    const newApplication = (overrides: Record<string, unknown> = {}) => newApplicationForm(`Nomina ${++n}`, overrides);

    const list = async () => json(await call('GET', '/api/application/list')).result.records as Record<string, any>[];
    const record = async (name: string) => (await list()).find((a) => a.name === name) as Record<string, any>;

    async function created(overrides: Record<string, unknown> = {}) {
      const body = newApplication(overrides);
      const response = await call('POST', '/api/application/create', { payload: body });
      expect([response.statusCode, response.body]).toEqual([200, expect.any(String)]);
      return { id: json(response).result.id as number, body };
    }

    async function expectRefused(response: Awaited<ReturnType<typeof call>>, before: string, status: number, information?: string) {
      expect({ status: response.statusCode, body: response.body }).toEqual({ status, body: expect.any(String) });
      if (information) expect(json(response).result.information).toContain(information);
      expect(await snapshot(server().db)).toBe(before);
    }

    beforeAll(async () => {
      const { app, db } = server();
      admin = await tokenFor(app, 'admin', ADMIN_PASSWORD);
      await createUser(db, { userName: 'apps.nobody', password: PASSWORD, privileges: ['USERS_READ'] });
      nobody = await tokenFor(app, 'apps.nobody', PASSWORD);
    });

    it('answers 403 without APPS_READ / APPS_WRITE and 401 without a token, changing nothing', async () => {
      const { app, db } = server();
      const calls: ['GET' | 'POST', string, unknown?][] = [
        ['GET', '/api/application/list'],
        ['POST', '/api/application/create', newApplication()],
        ['POST', '/api/application/modify', { id: 1, idState: 1 }],
        ['GET', '/api/application/getApplicationsForAssignMenu'],
        ['GET', '/api/application/getApplicationsForAssignNotification'],
      ];
      const before = await snapshot(db);
      for (const [method, url, payload] of calls) {
        const response = await call(method, url, { token: nobody, payload });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
        expect(json(response).result).toEqual({ information: MESSAGES.forbidden, informationCode: 'R403' });
        expect((await call(method, url, { token: null, payload })).statusCode).toBe(401);
      }
      await createUser(db, { userName: 'apps.reader', password: PASSWORD, privileges: ['APPS_READ'] });
      const reader = await tokenFor(app, 'apps.reader', PASSWORD);
      expect((await call('GET', '/api/application/list', { token: reader })).statusCode).toBe(200);
      expect((await call('POST', '/api/application/create', { token: reader, payload: newApplication() })).statusCode).toBe(403);
      expect(await snapshot(db)).toBe(before);
    });

    it('lists every application but RESETOTP, active ones first, with every field of the record', async () => {
      const { db } = server();
      await db.updateTable('applications').set({ idstate: 1 }).where('name', '=', 'confronta').execute();
      const records = await list();
      expect(records.map((a) => a.name)).not.toContain('RESETOTP');
      expect(await db.selectFrom('applications').select('id').where('name', '=', 'RESETOTP').executeTakeFirst()).toBeDefined();
      const states = records.map((a) => a.idState);
      expect(states).toEqual([...states].sort());
      expect(states.at(-1)).toBe(1);
      const ibuhoo = records.find((a) => a.name === 'ibuhoo') as Record<string, any>;
      expect(ibuhoo).toMatchObject({
        title: 'Suite GSE',
        amountTime: 8,
        timeUnit: 2,
        amountTimeComb: '8 Horas',
        idState: 0,
        isVisible: true,
        version: expect.any(String),
      });
      expect(Object.keys(ibuhoo).sort()).toEqual(
        [
          'id',
          'name',
          'title',
          'urlApp',
          'urlAssignPassword',
          'landing',
          'description',
          'typeApplication',
          'isVisible',
          'idState',
          'modifiedOn',
          'amountTime',
          'timeUnit',
          'amountTimeComb',
          'refreshTokenExpirationAmountTime',
          'refreshTokenExpirationTimeUnit',
          'userActivateTokenTime',
          'userActivateTokenTimeUnit',
          'assignPasswordTokenTime',
          'assignPasswordTokenTimeUnit',
          'maxRefreshTokens',
          'maxRefreshTokensByUser',
          'isConcurrentSession',
          'maxConcurrentTokens',
          'maxConcurrentTokensByUser',
          'numberPasswordChanges',
          'passwordExpiration',
          'passwordTypeExpiration',
          'mechanismAfterSetPass',
          'captchaApply',
          'secondFactor',
          'passkeySignIn',
          'timeZone',
          'version',
          'count',
          'rolCount',
          'rolCountUnique',
        ].sort(),
      );
      expect(ibuhoo.count).toBeGreaterThan(0);
      expect(ibuhoo.rolCountUnique).toBeGreaterThanOrEqual(ibuhoo.count);
      // selectors: visible and active only
      for (const url of ['/api/application/getApplicationsForAssignMenu', '/api/application/getApplicationsForAssignNotification']) {
        const names = (json(await call('GET', url)).result.records as { name: string }[]).map((a) => a.name);
        expect(names).toContain('ibuhoo');
        expect(names).not.toContain('confronta');
        expect(names).not.toContain('RESETOTP');
      }
      await db.updateTable('applications').set({ idstate: 0 }).where('name', '=', 'confronta').execute();
    });

    it('creates an application with its parameters, audits it and lists it with the defaults', async () => {
      const { db } = server();
      const auditsBefore = await auditedChanges(db);
      const response = await call('POST', '/api/application/create', { payload: newApplication({ name: 'Contabilidad Ñandú' }) });
      expect(json(response)).toEqual({
        statusCode: 200,
        result: { information: APPLICATION_MESSAGES.created, informationCode: 'A10', id: expect.any(Number) },
      });
      const id = json(response).result.id as number;
      const row = await record('Contabilidad Ñandú');
      expect(row).toMatchObject({
        id,
        idState: 0,
        maxRefreshTokens: -1,
        maxConcurrentTokens: 1,
        maxConcurrentTokensByUser: -1,
        amountTimeComb: '30 Minutos',
        count: 0,
        rolCount: 0,
      });
      const parameters = await db.selectFrom('application_parameters').select('name').where('application_id', '=', id).execute();
      expect(parameters.length).toBeGreaterThan(0);
      const audit = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'application')
        .where('entity_id', '=', String(id))
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'application.create', actor_name: 'admin', before: null });
      expect((audit[0].after as Record<string, unknown>).name).toBe('Contabilidad Ñandú');
      const auditsAfter = await auditedChanges(db);
      expect(auditsAfter.n).toBe(auditsBefore.n + 1);
    });

    it('refuses each rule of the form with its message, changing nothing', async () => {
      const { db } = server();
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '' }, VALIDATION_MESSAGES.required],
        [{ name: 'Nombre_con_guion' }, APPLICATION_MESSAGES.nameChars],
        [{ name: 'x'.repeat(51) }, maxMessage(50)],
        [{ title: 'A' }, APPLICATION_MESSAGES.titleMin],
        [{ title: 'T'.repeat(61) }, maxMessage(60)],
        [{ title: 'Título!' }, APPLICATION_MESSAGES.nameChars],
        [{ description: 'd'.repeat(101) }, maxMessage(100)],
        [{ urlApp: 'nomina' }, APPLICATION_MESSAGES.urlInvalid],
        [{ urlAssignPassword: 'ftp://x.example' }, APPLICATION_MESSAGES.urlInvalid],
        [{ landing: '' }, VALIDATION_MESSAGES.required],
        [{ amountTime: 0 }, APPLICATION_MESSAGES.notZero],
        [{ amountTime: -2 }, formatMessage(APPLICATION_MESSAGES.minValue, { min: -1 })],
        [{ amountTime: 1_000_000 }, formatMessage(APPLICATION_MESSAGES.maxValue, { max: 999999 })],
        [{ amountTime: 525_601, timeUnit: 1 }, formatMessage(APPLICATION_MESSAGES.maxValue, { max: 525600 })],
        [
          { refreshTokenExpirationAmountTime: 8_761, refreshTokenExpirationTimeUnit: 2 },
          formatMessage(APPLICATION_MESSAGES.maxValue, { max: 8760 }),
        ],
        [{ userActivateTokenTime: 366, userActivateTokenTimeUnit: 3 }, formatMessage(APPLICATION_MESSAGES.maxValue, { max: 365 })],
        [{ userActivateTokenTime: -1 }, formatMessage(APPLICATION_MESSAGES.minValue, { min: 0 })],
        [{ assignPasswordTokenTime: 0 }, APPLICATION_MESSAGES.notZero],
        [{ amountTime: 'diez' }, formatMessage(VALIDATION_MESSAGES.numeric, { attribute: 'amountTime' })],
        [{ timeUnit: 0 }, VALIDATION_MESSAGES.required],
        [{ refreshTokenExpirationTimeUnit: undefined }, VALIDATION_MESSAGES.required],
        [{ passwordTypeExpiration: 0 }, VALIDATION_MESSAGES.required],
        [{ mechanismAfterSetPass: 0 }, VALIDATION_MESSAGES.required],
        [{ maxRefreshTokens: 0 }, APPLICATION_MESSAGES.notZero],
        [{ maxRefreshTokensByUser: 256 }, formatMessage(APPLICATION_MESSAGES.maxValue, { max: 255 })],
        [{ maxRefreshTokensByUser: -1 }, formatMessage(APPLICATION_MESSAGES.minValue, { min: 0 })],
        [{ maxConcurrentTokens: 0 }, APPLICATION_MESSAGES.concurrentRange],
        [{ maxConcurrentTokens: 256 }, APPLICATION_MESSAGES.concurrentRange],
        [{ maxConcurrentTokensByUser: 0 }, APPLICATION_MESSAGES.notZero],
        [{ numberPasswordChanges: -2 }, APPLICATION_MESSAGES.fromMinusOne],
        [{ passwordExpiration: 0 }, APPLICATION_MESSAGES.notZero],
        [{ name: 'IBUHOO' }, APPLICATION_MESSAGES.nameInUse],
        [{ timeZone: 'Marte/Olimpo' }, NOTIFICATION_MESSAGES.timeZoneInvalid],
        [{ timeZone: '' }, NOTIFICATION_MESSAGES.timeZoneInvalid],
        [{ timeZone: 5 }, NOTIFICATION_MESSAGES.timeZoneInvalid],
      ];
      const before = await snapshot(db);
      for (const [overrides, message] of cases) {
        const response = await call('POST', '/api/application/create', { payload: newApplication(overrides) });
        expect({ overrides, status: response.statusCode, information: json(response).result.information }).toEqual({
          overrides,
          status: 400,
          information: expect.stringContaining(message),
        });
      }
      expect(await snapshot(db)).toBe(before);
      // -1 passes where the fields allow it (docs/product/applications.md, Fields)
      await created({
        amountTime: -1,
        refreshTokenExpirationAmountTime: -1,
        maxRefreshTokens: -1,
        maxConcurrentTokensByUser: -1,
        passwordExpiration: -1,
        numberPasswordChanges: -1,
      });
      await created({ amountTime: 365, timeUnit: 3, maxRefreshTokensByUser: 255, maxConcurrentTokens: 255, isConcurrentSession: true });
    });

    it('modifies an application, refuses an unchanged save and a taken name, and audits before and after', async () => {
      const { db } = server();
      const { id, body } = await created();
      const sent = { ...(await record(body.name)) };
      let before = await snapshot(db);
      await expectRefused(await call('POST', '/api/application/modify', { payload: sent }), before, 400, ACCESS_MESSAGES.noChanges);
      await expectRefused(
        await call('POST', '/api/application/modify', { payload: { ...sent, name: 'Firmaya' } }),
        before,
        400,
        APPLICATION_MESSAGES.nameInUse,
      );
      await expectRefused(
        await call('POST', '/api/application/modify', { payload: { ...sent, amountTime: 9000, timeUnit: 2 } }),
        before,
        400,
        formatMessage(APPLICATION_MESSAGES.maxValue, { max: 8760 }),
      );
      await expectRefused(
        await call('POST', '/api/application/modify', { payload: { ...sent, id: 999999 } }),
        before,
        404,
        APPLICATION_MESSAGES.unknown,
      );
      const response = await call('POST', '/api/application/modify', {
        payload: { ...sent, title: 'Nómina Renovada', amountTime: 2, timeUnit: 2 },
      });
      expect(json(response).result).toEqual({ information: APPLICATION_MESSAGES.updated, informationCode: 'A10', id });
      const after = await record(body.name);
      expect(after).toMatchObject({ title: 'Nómina Renovada', amountTimeComb: '2 Horas' });
      const audit = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'application')
        .where('entity_id', '=', String(id))
        .orderBy('id')
        .execute();
      expect(audit.map((a) => a.action)).toEqual(['application.create', 'application.modify']);
      expect(audit[1].before).toMatchObject({ title: 'Nómina Electrónica', amountTime: 30 });
      expect(audit[1].after).toMatchObject({ title: 'Nómina Renovada', amountTime: 2, timeUnit: 2 });
      // the state toggle: the same application re-sent with idState flipped
      before = await snapshot(db);
      const toggled = await call('POST', '/api/application/modify', { payload: { ...after, idState: 1 } });
      expect(json(toggled).result.information).toBe(APPLICATION_MESSAGES.updated);
      expect((await record(body.name)).idState).toBe(1);
      expect((await list()).at(-1)?.idState).toBe(1);
      expect(await snapshot(db)).not.toBe(before);
      const last = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_id', '=', String(id))
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(last).toMatchObject({
        action: 'application.state',
        before: expect.objectContaining({ idState: 0 }),
        after: expect.objectContaining({ idState: 1 }),
      });
    });

    it("edits the time zone its notifications are sent in: Colombia's by default, kept when not sent, audited", async () => {
      const { db } = server();
      const { body } = await created();
      const sent = await record(body.name);
      expect(sent.timeZone).toBe('America/Bogota');
      const changed = await call('POST', '/api/application/modify', { payload: { ...sent, timeZone: 'Europe/Madrid' } });
      expect(json(changed).result.information).toBe(APPLICATION_MESSAGES.updated);
      expect((await record(body.name)).timeZone).toBe('Europe/Madrid');
      const audit = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'application')
        .where('entity_id', '=', String(sent.id))
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        action: 'application.modify',
        before: expect.objectContaining({ timeZone: 'America/Bogota' }),
        after: expect.objectContaining({ timeZone: 'Europe/Madrid' }),
      });
      // a client that does not know the field leaves the zone as it is
      const { timeZone: _zone, ...withoutZone } = await record(body.name);
      await call('POST', '/api/application/modify', { payload: { ...withoutZone, title: 'Nómina Madrid' } });
      expect(await record(body.name)).toMatchObject({ title: 'Nómina Madrid', timeZone: 'Europe/Madrid' });
      const before = await snapshot(db);
      await expectRefused(
        await call('POST', '/api/application/modify', { payload: { ...(await record(body.name)), timeZone: 'Europe/Atlantis' } }),
        before,
        400,
        NOTIFICATION_MESSAGES.timeZoneInvalid,
      );
    });

    it('switches a seeded application off and on by re-sending it, even where its stored data predate the form', async () => {
      const firmaya = await record('firmaya');
      expect(firmaya.urlAssignPassword).toBe('');
      const off = await call('POST', '/api/application/modify', { payload: { ...firmaya, idState: 1 } });
      expect(json(off).result.information).toBe(APPLICATION_MESSAGES.updated);
      // a live setting: the next sign-in there is refused with R21
      const refused = await login(server().app, 'admin', ADMIN_PASSWORD, 'firmaya');
      expect(json(refused).result).toEqual({ information: MESSAGES.applicationInactive, informationCode: 'R21' });
      const on = await call('POST', '/api/application/modify', { payload: { ...(await record('firmaya')), idState: 0 } });
      expect(json(on).result.information).toBe(APPLICATION_MESSAGES.updated);
      // a whole save must meet the form's rules
      const before = await snapshot(server().db);
      await expectRefused(
        await call('POST', '/api/application/modify', { payload: { ...(await record('firmaya')), title: 'Firma Ya' } }),
        before,
        400,
        VALIDATION_MESSAGES.required,
      );
    });

    it('keeps RESETOTP hidden and named as it is', async () => {
      const { db } = server();
      const resetotp = await db.selectFrom('applications').select('id').where('name', '=', 'RESETOTP').executeTakeFirstOrThrow();
      const payload = { ...newApplication({ name: 'RESETOTP', isVisible: true }), id: resetotp.id, idState: 0 };
      const before = await snapshot(db);
      await expectRefused(await call('POST', '/api/application/modify', { payload }), before, 400, APPLICATION_MESSAGES.hiddenStaysHidden);
      await expectRefused(
        await call('POST', '/api/application/modify', { payload: { ...payload, isVisible: false, name: 'OTP' } }),
        before,
        400,
        APPLICATION_MESSAGES.hiddenStaysHidden,
      );
      await expectRefused(
        await call('POST', '/api/application/create', { payload: newApplication({ name: 'resetotp' }) }),
        before,
        400,
        APPLICATION_MESSAGES.nameInUse,
      );
    });

    it('drops the cached applications at once: the portal profile shows a new title on the next call', async () => {
      const { id, body } = await created({ name: 'PortalVivo' });
      const profileTitle = async () =>
        json(await call('GET', PORTAL_PROFILE_PATH, { token: null, headers: { appname: 'PortalVivo' } })).result.title as string;
      expect(await profileTitle()).toBe(body.title);
      const sent = await record('PortalVivo');
      expect((await call('POST', '/api/application/modify', { payload: { ...sent, id, title: 'Portal Renombrado' } })).statusCode).toBe(
        200,
      );
      expect(await profileTitle()).toBe('Portal Renombrado');
    });

    it('answers a new application at once at its own address, and at a HOST_MAP name, with its own profile', async () => {
      const profileAt = async (host: string) =>
        json(await server().app.inject({ method: 'GET', url: CLIENT_CONFIG_PATH, headers: { host } })).profile as {
          app: string;
          title: string;
        };
      expect((await profileAt('nomina-electronica.localhost:8080')).title).toBe(FALLBACK_TITLE);
      expect((await profileAt('nomina.example.com')).title).toBe(FALLBACK_TITLE);
      await created({ name: 'Nómina Electrónica', title: 'Nómina de Colombia' });
      expect(await profileAt('nomina-electronica.localhost:8080')).toMatchObject({
        app: 'Nómina Electrónica',
        title: 'Nómina de Colombia',
      });
      expect(await profileAt('nomina.example.com')).toMatchObject({ app: 'Nómina Electrónica', title: 'Nómina de Colombia' });
      // the page names it as its document header says, spaces and accents included
      const named = await call('GET', PORTAL_PROFILE_PATH, { token: null, headers: { appname: 'Nómina Electrónica' } });
      expect([named.statusCode, json(named).result.title]).toEqual([200, 'Nómina de Colombia']);
      const version = await call('GET', '/api/application/getVersionApp', { token: null, headers: { appname: 'Nómina Electrónica' } });
      expect(version.statusCode).toBe(200);
      // a name answering at the same address is taken, whatever its case and accents
      const before = await snapshot(server().db);
      await expectRefused(
        await call('POST', '/api/application/create', { payload: newApplication({ name: 'nomina electronica' }) }),
        before,
        400,
        APPLICATION_MESSAGES.nameInUse,
      );
    });

    it('applies new token times to the next sign-in: 7 minutes make a 420-second token', async () => {
      const ibuhoo = await record('ibuhoo');
      expect(
        (
          await call('POST', '/api/application/modify', {
            payload: { ...ibuhoo, urlAssignPassword: ibuhoo.urlAssignPassword, amountTime: 7, timeUnit: 1 },
          })
        ).statusCode,
      ).toBe(200);
      try {
        const token = await tokenFor(server().app, 'admin', ADMIN_PASSWORD);
        const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number; iat: number };
        expect(claims.exp - claims.iat).toBe(420);
      } finally {
        const restored = await call('POST', '/api/application/modify', {
          payload: { ...(await record('ibuhoo')), amountTime: ibuhoo.amountTime, timeUnit: ibuhoo.timeUnit },
        });
        expect(restored.statusCode).toBe(200);
      }
    });
  },
  { hostMap: { 'nomina.example.com': { app: 'Nómina Electrónica' } } },
);

const PG = Boolean(process.env.DATABASE_URL);

(PG ? describe : describe.skip)('applications on two API instances on one PostgreSQL', () => {
  it('a title changed through instance A shows in the portal profile of instance B at once', async () => {
    const a = await startTestServer('postgres');
    let b: Server | undefined;
    try {
      b = await createServer(a.config, { logger: false, onGeneratedAdminPassword: () => undefined });
      const token = await tokenFor(a.app, 'admin', ADMIN_PASSWORD);
      const titleOnB = async () =>
        json(await (b as Server).app.inject({ method: 'GET', url: PORTAL_PROFILE_PATH, headers: { appname: 'biometria' } })).result
          .title as string;
      // B has read and cached the applications
      expect(await titleOnB()).toBe('Biometria');
      const [biometria] = (
        json(await a.app.inject({ method: 'GET', url: '/api/application/list', headers: { authorization: `Bearer ${token}` } })).result
          .records as Record<string, unknown>[]
      ).filter((r) => r.name === 'biometria');
      const saved = await a.app.inject({
        method: 'POST',
        url: '/api/application/modify',
        headers: { authorization: `Bearer ${token}` },
        payload: { ...biometria, urlAssignPassword: 'https://biometria.suite.example/clave', title: 'Biometria Facial' },
      });
      expect([saved.statusCode, saved.body]).toEqual([200, expect.any(String)]);
      // the NOTIFY reaches B when A's transaction commits; B does not wait for its cache time
      const deadline = Date.now() + 2000;
      let title = await titleOnB();
      while (title === 'Biometria' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        title = await titleOnB();
      }
      expect(title).toBe('Biometria Facial');
      expect(Date.now()).toBeLessThan(deadline);
    } finally {
      await b?.app.close();
      await a.dispose();
    }
  }, 30_000);
});
