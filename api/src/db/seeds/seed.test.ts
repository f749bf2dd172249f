import { sql } from 'kysely';
import * as v from 'valibot';
import { FALLBACK_APP, MENU_LOCATION, ResetEmailSchema, CONSOLE_AREAS, READ_ONLY_AREAS, type MenuItem } from '@suite/shared/contracts';
import { PATHS } from '@suite/shared/federation';
import { ADMIN_PASSWORD, BACKENDS, createPostgresDatabase, describeEachBackend, startTestServer, testConfig } from '../../../test/harness';
import { createServer } from '../../app';
import { verifyPassword } from '../../security/passwords';
import { listMigrations, migrate } from '../migrate';
import { DEMO_NATIVE_CLIENT, seed } from './index';
import { listNotifications } from '../../modules/notifications/queries';
import { APPLICATIONS, DEMO_CERTIFICATE_PASSWORD, DEMO_CERTIFICATE_USERS, DEMO_PASSWORD, DEMO_USERS, PRIVILEGES, demoEmail } from './data';

describeEachBackend(
  'migrations and seed',
  (server) => {
    it('records every migration file once and applies nothing on a second run', async () => {
      const { db } = server();
      const recorded = await db.selectFrom('schema_migrations').select('version').orderBy('version').execute();
      expect(recorded.map((r) => r.version)).toEqual(listMigrations().map((m) => m.version));
      expect(await migrate(db)).toEqual([]);
    });

    it('seeds the portal applications with their titles, the console first-class', async () => {
      const { db } = server();
      const apps = await db.selectFrom('applications').selectAll().orderBy('name').execute();
      const byName = Object.fromEntries(apps.map((a) => [a.name, a]));
      expect(Object.keys(byName).sort()).toEqual(APPLICATIONS.map((a) => a.name).sort());
      expect(byName[FALLBACK_APP]).toMatchObject({ title: 'Suite GSE', url_app: '/users', idstate: 0, is_visible: true });
      expect(byName.firmaya).toMatchObject({ title: 'Firmaya', sign_in_variant: 'certificate' });
      expect(byName.colnomina.title).toBe('Product Nómina');
      expect(byName.letmicert.title).toBe('Letmicert');
      expect(byName.bemyself).toMatchObject({ title: 'MySelf', email_sent_route: '/check-email' });
      // the applications' defaults (docs/product/applications.md, Fields)
      expect(byName.biometria).toMatchObject({
        max_refresh_tokens: -1,
        max_concurrent_tokens: 1,
        max_concurrent_tokens_by_user: -1,
        idstate: 0,
        is_visible: true,
      });
    });

    it('keeps RESETOTP hidden', async () => {
      const { db } = server();
      const resetOtp = await db.selectFrom('applications').selectAll().where('name', '=', 'RESETOTP').executeTakeFirstOrThrow();
      expect(resetOtp.is_visible).toBe(false);
      const snapshot = await server().app.ctx.directory.snapshot();
      expect(snapshot.get('resetotp')?.isVisible).toBe(false);
    });

    it('seeds the tenant variants of bemyself, license and the suite (ibuhoo)', async () => {
      const { db } = server();
      const tenants = await db
        .selectFrom('application_tenants as t')
        .innerJoin('applications as a', 'a.id', 't.application_id')
        .select(['a.name as app', 't.code', 't.title', 't.default_language'])
        .orderBy('a.name')
        .orderBy('t.code')
        .execute();
      expect(tenants).toEqual([
        { app: 'bemyself', code: '472', title: 'MySelf', default_language: 'es' },
        { app: 'bemyself', code: 'bmsbra', title: 'MySelf', default_language: 'pt' },
        { app: 'bemyself', code: 'bmscol', title: 'MySelf', default_language: 'es' },
        { app: 'bemyself', code: 'bmsecu', title: 'MySelf', default_language: 'es' },
        { app: 'ibuhoo', code: 'oidc', title: 'Suite GSE', default_language: 'es' },
        { app: 'ibuhoo', code: 'suite', title: 'Suite GSE', default_language: 'es' },
        { app: 'license', code: 'letmicert', title: 'Licenciamiento - Letmi', default_language: 'es' },
        { app: 'license', code: 'myselfcert', title: 'MySelf', default_language: 'es' },
      ]);
    });

    it('seeds user types, countries and document types', async () => {
      const { db } = server();
      const types = await db.selectFrom('user_types').selectAll().orderBy('id').execute();
      expect(types).toEqual([
        { id: 1, name: 'Aplicacion' },
        { id: 2, name: 'Usuario' },
        { id: 3, name: 'Tester' },
        { id: 4, name: 'Usuario Certificado' },
      ]);
      const codes = (await db.selectFrom('countries').select('country_code').execute()).map((c) => c.country_code);
      expect(codes).toEqual(expect.arrayContaining(['CO', 'EC', 'BR', 'PE', 'MX', 'CL']));
      const docs = await db.selectFrom('document_types').selectAll().where('id', 'in', [1, 2, 5, 12, 13]).orderBy('id').execute();
      expect(docs.map((d) => [d.id, d.alphanumeric])).toEqual([
        [1, false],
        [2, false],
        [5, true],
        [12, false],
        [13, true],
      ]);
      expect(docs.find((d) => d.id === 5)).toMatchObject({ allowed: 'PA', for_certificate: true });
    });

    it('gives the Administrador role every console privilege and the admin account that role', async () => {
      const { db } = server();
      const granted = await db
        .selectFrom('user_roles as ur')
        .innerJoin('users as u', 'u.id', 'ur.user_id')
        .innerJoin('roles as r', 'r.id', 'ur.role_id')
        .innerJoin('applications as a', 'a.id', 'ur.application_id')
        .innerJoin('role_privileges as rp', (j) =>
          j.onRef('rp.role_id', '=', 'ur.role_id').onRef('rp.application_id', '=', 'ur.application_id'),
        )
        .innerJoin('privileges as p', 'p.id', 'rp.privilege_id')
        .select(['r.name as role', 'a.name as app', 'p.name as privilege'])
        .where('u.user_name', '=', 'admin')
        .execute();
      expect(new Set(granted.map((g) => g.role))).toEqual(new Set(['Administrador']));
      expect(new Set(granted.map((g) => g.app))).toEqual(new Set([FALLBACK_APP]));
      expect(granted.map((g) => g.privilege).sort()).toEqual(PRIVILEGES.map((p) => p.name).sort());
      // a read and a write per area of the console
      expect(PRIVILEGES).toHaveLength(CONSOLE_AREAS.length * 2 + READ_ONLY_AREAS.length);

      const company = await db
        .selectFrom('user_customers as uc')
        .innerJoin('users as u', 'u.id', 'uc.user_id')
        .innerJoin('customers as c', 'c.id', 'uc.customer_id')
        .select(['c.name', 'uc.principal'])
        .where('u.user_name', '=', 'admin')
        .execute();
      expect(company).toEqual([{ name: 'Suite GSE S.A.S.', principal: true }]);
    });

    it('sets the admin password and e-mail from the configuration, hashed with argon2id', async () => {
      const { db, seed: firstRun } = server();
      expect(firstRun).toEqual({ adminCreated: true, generatedAdminPassword: undefined, demoSeeded: false });
      const admin = await db.selectFrom('users').selectAll().where('user_name', '=', 'admin').executeTakeFirstOrThrow();
      expect(admin.email).toBe('admin@suite.test');
      expect(admin.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(admin.password_hash as string, ADMIN_PASSWORD)).toBe(true);
      expect(await verifyPassword(admin.password_hash as string, 'something else')).toBe(false);
    });

    it('seeds only e-mail addresses the reset form accepts, so every seeded account can recover its password', async () => {
      const { db } = server();
      const seeded = (await db.selectFrom('users').select('email').execute()).map((u) => u.email);
      const addresses = [...seeded, ...DEMO_USERS.map(demoEmail)];
      expect(addresses.length).toBe(seeded.length + DEMO_USERS.length);
      expect(addresses.filter((email) => !v.safeParse(ResetEmailSchema, email).success)).toEqual([]);
    });

    it('is idempotent: a second seed adds nothing and keeps the admin password', async () => {
      const { db } = server();
      const count = async () =>
        Object.fromEntries(
          await Promise.all(
            (
              [
                'applications',
                'application_tenants',
                'privileges',
                'roles',
                'role_privileges',
                'users',
                'user_roles',
                'customers',
                'document_types',
              ] as const
            ).map(
              async (table) =>
                [table, (await db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n] as const,
            ),
          ),
        );
      const before = await count();
      const again = await seed(db, { adminEmail: 'other@suite.test', adminPassword: 'Another.Pass1', demoData: false });
      expect(again).toEqual({ adminCreated: false, generatedAdminPassword: undefined, demoSeeded: false });
      expect(await count()).toEqual(before);
      const admin = await db.selectFrom('users').selectAll().where('user_name', '=', 'admin').executeTakeFirstOrThrow();
      expect(admin.email).toBe('admin@suite.test');
      expect(await verifyPassword(admin.password_hash as string, ADMIN_PASSWORD)).toBe(true);
    });

    it('grants a privilege a release adds to the existing Administrador role, on the console', async () => {
      const { db } = server();
      const held = () =>
        db
          .selectFrom('role_privileges as rp')
          .innerJoin('roles as r', 'r.id', 'rp.role_id')
          .innerJoin('privileges as p', 'p.id', 'rp.privilege_id')
          .select('p.name')
          .where('r.name', '=', 'Administrador')
          .where('p.name', '=', 'AUDIT_READ')
          .execute();
      expect(await held()).toHaveLength(1);
      // a database of the release before it: no AUDIT_READ at all
      await db.deleteFrom('privileges').where('name', '=', 'AUDIT_READ').execute();
      expect(await held()).toHaveLength(0);
      await seed(db, { adminEmail: 'admin@suite.test', demoData: false });
      expect(await held()).toHaveLength(1);
    });

    it("adds a section a release brings to the end of the console's saved drawer, once", async () => {
      const { db } = server();
      const drawer = async () => {
        const row = await db
          .selectFrom('menus as m')
          .innerJoin('applications as a', 'a.id', 'm.application_id')
          .select('m.menujson')
          .where('a.name', '=', FALLBACK_APP)
          .where('m.idmenulocation', '=', MENU_LOCATION.lateral)
          .executeTakeFirstOrThrow();
        return row.menujson as MenuItem[];
      };
      const save = async (items: MenuItem[]) =>
        db
          .updateTable('menus')
          .set({ menujson: JSON.stringify(items) })
          .where('idmenulocation', '=', MENU_LOCATION.lateral)
          .where(
            'application_id',
            '=',
            (await db.selectFrom('applications').select('id').where('name', '=', FALLBACK_APP).executeTakeFirstOrThrow()).id,
          )
          .execute();
      const urls = async () => (await drawer()).map((i) => i.url);
      // a drawer an administrator saved before the release: no /audit, its own order and names
      const withoutAudit = (await drawer()).filter((i) => i.url !== PATHS.audit).reverse();
      withoutAudit[0] = { ...withoutAudit[0], name: 'Mi primera entrada' };
      await save(withoutAudit);
      await db.deleteFrom('privileges').where('name', '=', 'AUDIT_READ').execute();

      await seed(db, { adminEmail: 'admin@suite.test', demoData: false });
      const upgraded = await drawer();
      expect(upgraded.slice(0, -1)).toEqual(withoutAudit);
      expect(upgraded.at(-1)).toMatchObject({
        url: PATHS.audit,
        name: 'Auditoría',
        privilege: 'AUDIT_READ',
        menuLocation: MENU_LOCATION.lateral,
      });

      // removed by an administrator afterwards: a later start leaves it removed
      await save(withoutAudit);
      await seed(db, { adminEmail: 'admin@suite.test', demoData: false });
      expect(await urls()).not.toContain(PATHS.audit);
    });
  },
  {},
  // these tests read the first start's own migration and seed
  { emptyDatabase: true },
);

describe.each(BACKENDS)('first start without SUITE_ADMIN_PASSWORD, with demo data [%s]', (backend) => {
  it('generates a strong admin password once and seeds the demo users once', async () => {
    const server = await startTestServer(backend, { adminPassword: undefined, demoData: true });
    try {
      const generated = server.seed.generatedAdminPassword as string;
      expect(generated).toMatch(/^.{20}$/);
      expect(generated).toMatch(/[A-Z]/);
      expect(generated).toMatch(/[a-z]/);
      expect(generated).toMatch(/\d/);
      const admin = await server.db.selectFrom('users').select('password_hash').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
      expect(await verifyPassword(admin.password_hash as string, generated)).toBe(true);

      expect(server.seed.demoSeeded).toBe(true);
      const demo = await server.db
        .selectFrom('users')
        .select(['user_name', 'idstate', 'typeuserid'])
        .where('user_name', '!=', 'admin')
        .execute();
      expect(demo).toHaveLength(DEMO_USERS.length + DEMO_CERTIFICATE_USERS.length);
      expect(demo.length).toBeGreaterThanOrEqual(25);
      expect(new Set(demo.map((u) => u.idstate)).size).toBeGreaterThan(2);
      expect(new Set(demo.map((u) => u.typeuserid)).size).toBeGreaterThan(2);
      // an executed notification of a week ago, delivered to the console's users
      const [executed] = await listNotifications(server.db);
      expect(executed).toMatchObject({ idstate: 1, stateName: 'EJECUTADA', sharedApps: ['Suite GSE'] });
      expect(executed.recipients).toBeGreaterThan(1);
      expect(executed.sent).toBe(executed.recipients);

      // every visible application offers roles to assign on the user card; RESETOTP none
      const offering = await server.db
        .selectFrom('role_applications')
        .innerJoin('applications', 'applications.id', 'role_applications.application_id')
        .select(['applications.name', 'applications.is_visible'])
        .distinct()
        .execute();
      const visible = APPLICATIONS.filter((a) => a.is_visible !== false).map((a) => a.name);
      expect(offering.map((a) => a.name).sort()).toEqual(visible.sort());

      // the OpenID demo client: public, native (a loopback redirect), of the console application
      const demoClient = await server.db
        .selectFrom('oidc_clients as c')
        .innerJoin('applications as a', 'a.id', 'c.application_id')
        .select(['a.name', 'c.public', 'c.redirect_uris', 'c.scopes'])
        .where('c.client_id', '=', DEMO_NATIVE_CLIENT)
        .executeTakeFirstOrThrow();
      expect(demoClient).toEqual({
        name: 'ibuhoo',
        public: true,
        redirect_uris: ['http://127.0.0.1/callback'],
        scopes: expect.arrayContaining(['openid', 'profile', 'email', 'privileges']),
      });

      const again = await seed(server.db, { adminEmail: 'admin@suite.test', demoData: true });
      expect(again).toEqual({ adminCreated: false, generatedAdminPassword: undefined, demoSeeded: false });
      const users = await server.db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      expect(users.n).toBe(DEMO_USERS.length + DEMO_CERTIFICATE_USERS.length + 1);

      // the demo certificate users: one per document, the certificate's password where it was not set by hand
      const certificates = await server.db
        .selectFrom('users')
        .select(['user_name', 'typeuserid', 'password_hash', 'certificate_password_hash'])
        .where(
          'user_name',
          'in',
          DEMO_CERTIFICATE_USERS.map((u) => u.userName),
        )
        .orderBy('user_name')
        .execute();
      expect(certificates).toHaveLength(DEMO_CERTIFICATE_USERS.length);
      for (const row of certificates) {
        const demoUser = DEMO_CERTIFICATE_USERS.find((u) => u.userName === row.user_name)!;
        expect(row.typeuserid).toBe(4);
        expect(await verifyPassword(row.password_hash as string, DEMO_PASSWORD)).toBe(true);
        if (demoUser.manualPassword) expect(row.certificate_password_hash).toBeNull();
        else expect(await verifyPassword(row.certificate_password_hash as string, DEMO_CERTIFICATE_PASSWORD)).toBe(true);
      }
    } finally {
      await server.dispose();
    }
  }, 60_000);
});

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('two instances starting together on one PostgreSQL database', () => {
  it('migrate and seed once: one admin, one set of reference data, one signing key', async () => {
    const database = await createPostgresDatabase();
    const config = testConfig({ databaseUrl: database.url, adminPassword: undefined, demoData: true });
    const printed: string[] = [];
    const options = { logger: false as const, onGeneratedAdminPassword: (pw: string) => printed.push(pw) };
    try {
      const results = await Promise.allSettled([
        createServer(config, options),
        createServer(config, options),
        createServer(config, options),
      ]);
      const servers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      try {
        expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
        expect(servers.filter((s) => s.seed.adminCreated)).toHaveLength(1);
        expect(servers.filter((s) => s.seed.demoSeeded)).toHaveLength(1);
        expect(printed).toHaveLength(1);
        const db = servers[0].app.ctx.db;
        const count = async (table: 'users' | 'applications' | 'signing_keys' | 'schema_migrations') =>
          (await db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
        expect(await count('users')).toBe(DEMO_USERS.length + DEMO_CERTIFICATE_USERS.length + 1);
        expect(await count('applications')).toBe(APPLICATIONS.length);
        expect(await count('signing_keys')).toBe(1);
        expect(await count('schema_migrations')).toBe(listMigrations().length);
        // every instance signs with the same key and the same payload key
        expect(new Set(servers.map((s) => s.app.ctx.keys.kid)).size).toBe(1);
        expect(new Set(servers.map((s) => s.app.ctx.payloadKey)).size).toBe(1);
      } finally {
        for (const s of servers) await s.app.close();
      }
    } finally {
      await database.drop();
    }
  }, 60_000);
});
