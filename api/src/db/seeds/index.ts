import { sql, type Kysely, type Transaction } from 'kysely';
import { FALLBACK_APP, USER_STATE, USER_TYPE } from '@suite/shared/contracts';
import { generatePassword, hashPassword } from '../../security/passwords';
import { STARTUP_LOCK_KEY } from '../migrate';
import type { DB } from '../schema';
import { ensureApplicationRoles } from '../application-roles';
import {
  ADMIN_COMPANY,
  ADMIN_ROLE,
  ADMIN_USER_NAME,
  APPLICATIONS,
  COUNTRIES,
  DEMO_COMPANIES,
  DEMO_CERTIFICATE_PASSWORD,
  DEMO_CERTIFICATE_USERS,
  DEMO_PASSWORD,
  DEMO_READER_ROLE,
  DEMO_USERS,
  DOCUMENT_TYPES,
  PRIVILEGES,
  USER_TYPES,
  applicationParameters,
  demoEmail,
  jsonType,
} from './data';
import { NOTIFICATION_TEMPLATES, templateImage } from './notifications';
import { offerNewSections, seedMenus } from './menus';
import { seedDemoNotifications } from '../../modules/notifications/demo';
import { PROFILE_SEED_VERSION } from './profiles';

export interface SeedOptions {
  /** Password of `admin` when it is created; generated when unset. */
  adminPassword?: string;
  adminEmail: string;
  demoData: boolean;
}

export interface SeedResult {
  /** True when this run created the `admin` account. */
  adminCreated: boolean;
  /** The generated admin password, only on the run that created the account without SUITE_ADMIN_PASSWORD. */
  generatedAdminPassword?: string;
  /** True when this run inserted the demo data. */
  demoSeeded: boolean;
}

const DEMO_FLAG = 'demo_seeded';
/** Set once the demo certificate users exist (databases seeded before them get them at the next start). */
const DEMO_CERTIFICATE_FLAG = 'demo_certificates_seeded';
const PROFILE_SEED_KEY = 'portal_profiles_version';
const DAY_MS = 86_400_000;

/** The public native demo client of the OpenID provider. */
export const DEMO_NATIVE_CLIENT = 'sibling-demo';

/**
 * Idempotent seed: reference data of both specs, the administrator role and account, and
 * (outside production) demo companies and users. Existing rows are never overwritten, so
 * edits made in the console survive restarts; portal profiles are rewritten once per
 * PROFILE_SEED_VERSION (seedProfiles). Runs in one transaction under the startup lock.
 */
export async function seed(db: Kysely<DB>, options: SeedOptions): Promise<SeedResult> {
  // hash outside the transaction (argon2 takes tens of milliseconds), only when needed
  const adminExists = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(user_name)`, '=', ADMIN_USER_NAME)
    .executeTakeFirst();
  const demoDone = await db.selectFrom('settings').select('key').where('key', '=', DEMO_FLAG).executeTakeFirst();

  let adminPassword: string | undefined;
  let adminHash: string | undefined;
  if (!adminExists) {
    adminPassword = options.adminPassword ?? generatePassword();
    adminHash = await hashPassword(adminPassword);
  }
  const demoHash = options.demoData && !demoDone ? await hashPassword(DEMO_PASSWORD) : undefined;
  const certificatesDone = await db.selectFrom('settings').select('key').where('key', '=', DEMO_CERTIFICATE_FLAG).executeTakeFirst();
  const certificateHashes =
    options.demoData && !certificatesDone
      ? { password: demoHash ?? (await hashPassword(DEMO_PASSWORD)), certificate: await hashPassword(DEMO_CERTIFICATE_PASSWORD) }
      : undefined;

  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`.execute(trx);
    await seedReference(trx);
    const adminCreated = adminHash ? await seedAdmin(trx, options.adminEmail, adminHash) : false;
    const demoSeeded = demoHash ? await seedDemo(trx, demoHash) : false;
    if (certificateHashes) await seedDemoCertificates(trx, certificateHashes);
    if (options.demoData) await seedDemoClients(trx);
    return {
      adminCreated,
      generatedAdminPassword: adminCreated && !options.adminPassword ? adminPassword : undefined,
      demoSeeded,
    };
  });
}

/**
 * The demo OpenID clients (docs/adr/0036-openid-provider.md): `sibling-demo`, a public native
 * client of the console application that any OpenID client library can try from the command line
 * (a loopback redirect, any port). Added when missing; an edited registration is kept.
 */
async function seedDemoClients(trx: Transaction<DB>): Promise<void> {
  const consoleId = (await idsByName(trx, 'applications')).get(FALLBACK_APP);
  if (consoleId === undefined) return;
  await trx
    .insertInto('oidc_clients')
    .values({
      client_id: DEMO_NATIVE_CLIENT,
      application_id: consoleId,
      public: true,
      redirect_uris: ['http://127.0.0.1/callback'],
      scopes: ['openid', 'profile', 'email', 'privileges', 'offline_access'],
    })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
}

async function idsByName(trx: Transaction<DB>, table: 'applications' | 'privileges' | 'roles'): Promise<Map<string, number>> {
  const rows = await trx.selectFrom(table).select(['id', 'name']).execute();
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

async function seedReference(trx: Transaction<DB>): Promise<void> {
  await trx
    .insertInto('user_types')
    .values(USER_TYPES)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await trx
    .insertInto('countries')
    .values(COUNTRIES)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await trx
    .insertInto('document_types')
    .values(DOCUMENT_TYPES)
    .onConflict((oc) => oc.doNothing())
    .execute();

  for (const {
    tenants,
    appearance,
    captcha_apply: _captcha,
    second_factor: _secondFactor,
    passkey_sign_in: _passkey,
    ...app
  } of APPLICATIONS) {
    await trx
      .insertInto('applications')
      .values({ ...app, appearance: JSON.stringify(appearance) })
      .onConflict((oc) => oc.doNothing())
      .execute();
    if (!tenants?.length) continue;
    const appId = (await idsByName(trx, 'applications')).get(app.name.toLowerCase());
    if (appId === undefined) continue;
    await trx
      .insertInto('application_tenants')
      .values(
        tenants.map((t) => ({
          application_id: appId,
          code: t.code,
          title: t.title,
          default_language: t.default_language ?? 'es',
          profile: JSON.stringify(t.profile),
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await seedProfiles(trx);
  const apps = await idsByName(trx, 'applications');
  const consoleId = apps.get(FALLBACK_APP) as number;

  // parameters: missing ones are added, existing values (edited later) are kept
  const parameters = APPLICATIONS.flatMap((app) => {
    const applicationId = apps.get(app.name.toLowerCase());
    if (applicationId === undefined) return [];
    return applicationParameters(app).map((p) => ({
      application_id: applicationId,
      parameter_type: p.parameter_type,
      name: p.name,
      value: JSON.stringify(p.value),
      value_type: jsonType(p.value),
    }));
  });
  if (parameters.length) {
    await trx
      .insertInto('application_parameters')
      .values(parameters)
      .onConflict((oc) => oc.columns(['application_id', 'name']).doNothing())
      .execute();
  }

  await seedNotificationTemplates(trx, apps);

  // privileges: a new one is assigned to the console application when it is created
  const newPrivileges = await trx
    .insertInto('privileges')
    .values(PRIVILEGES)
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'name'])
    .execute();
  if (newPrivileges.length) {
    await trx
      .insertInto('application_privileges')
      .values(newPrivileges.map((p) => ({ application_id: consoleId, privilege_id: p.id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  // the administrator role: every console privilege, granted when the role is created; a privilege
  // a release adds (a new area) is granted to it too, so the full administrator keeps seeing all
  const role = await trx
    .insertInto('roles')
    .values(ADMIN_ROLE)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (role) {
    const privileges = await idsByName(trx, 'privileges');
    await grantRole(
      trx,
      role.id,
      consoleId,
      PRIVILEGES.map((p) => privileges.get(p.name.toLowerCase()) as number),
    );
  } else if (newPrivileges.length) {
    const existing = (await idsByName(trx, 'roles')).get(ADMIN_ROLE.name.toLowerCase());
    if (existing !== undefined)
      await grantRole(
        trx,
        existing,
        consoleId,
        newPrivileges.map((p) => p.id),
      );
  }
  await seedMenus(trx);
  await offerNewSections(
    trx,
    newPrivileges.map((p) => p.name),
  );
}

/**
 * Portal profiles (sign-in look, e-mail-sent screen, links, default tenant and language,
 * appearance, tenant overrides) are product data that changes with releases: when the database
 * holds an older PROFILE_SEED_VERSION than this code (or none: a database seeded before profiles
 * existed), the seeded applications' and tenants' profiles are rewritten once. Edits made later
 * in the console survive restarts until the next version.
 */
async function seedProfiles(trx: Transaction<DB>): Promise<void> {
  const stored = await trx.selectFrom('settings').select('value').where('key', '=', PROFILE_SEED_KEY).executeTakeFirst();
  if (stored && Number(stored.value) >= PROFILE_SEED_VERSION) return;
  const apps = await idsByName(trx, 'applications');
  for (const app of APPLICATIONS) {
    const id = apps.get(app.name.toLowerCase());
    if (id === undefined) continue;
    await trx
      .updateTable('applications')
      .set({
        appearance: JSON.stringify(app.appearance),
        sign_in_variant: app.sign_in_variant ?? 'classic',
        email_sent_route: app.email_sent_route ?? '/alert',
        show_buy_link: app.show_buy_link ?? false,
        show_free_trial: app.show_free_trial ?? false,
        default_tenant: app.default_tenant ?? null,
        default_language: app.default_language ?? 'es',
      })
      .where('id', '=', id)
      .execute();
    for (const t of app.tenants ?? []) {
      await trx
        .updateTable('application_tenants')
        .set({ title: t.title, default_language: t.default_language ?? 'es', profile: JSON.stringify(t.profile) })
        .where('application_id', '=', id)
        .where('code', '=', t.code)
        .execute();
    }
  }
  await trx
    .insertInto('settings')
    .values({ key: PROFILE_SEED_KEY, value: String(PROFILE_SEED_VERSION) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(PROFILE_SEED_VERSION) }))
    .execute();
}

/** The notification templates with their variables, subjects and applications (missing ones only). */
async function seedNotificationTemplates(trx: Transaction<DB>, apps: Map<string, number>): Promise<void> {
  const visible = (await trx.selectFrom('applications').select('name').where('is_visible', '=', true).execute()).map((a) =>
    a.name.toLowerCase(),
  );
  for (const template of NOTIFICATION_TEMPLATES) {
    const created = await trx
      .insertInto('notification_templates')
      .values({ id: template.id, title: template.title, body_html: template.bodyHtml, image_svg: templateImage(template) })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!created) continue;
    await trx
      .insertInto('notification_template_variables')
      .values(
        template.variables.map((variable, position) => ({
          template_id: template.id,
          position,
          name: variable.name,
          type: variable.type,
          label: variable.label,
          multiline: variable.multiline ?? false,
          rows: variable.rows ?? 1,
          max_length: variable.maxLength ?? 50,
          complement: variable.complement ?? null,
        })),
      )
      .execute();
    await trx
      .insertInto('notification_subjects')
      .values(template.subjects.map((name) => ({ template_id: template.id, name })))
      .execute();
    const names = template.applications === '*' ? visible : template.applications.map((n) => n.toLowerCase());
    const links = names.flatMap((name) => (apps.has(name) ? [{ template_id: template.id, application_id: apps.get(name) as number }] : []));
    if (links.length) await trx.insertInto('notification_template_applications').values(links).execute();
  }
}

async function grantRole(trx: Transaction<DB>, roleId: number, applicationId: number, privilegeIds: number[]): Promise<void> {
  await trx
    .insertInto('role_applications')
    .values({ role_id: roleId, application_id: applicationId, is_visible: true })
    .onConflict((oc) => oc.doNothing())
    .execute();
  if (!privilegeIds.length) return;
  await trx
    .insertInto('role_privileges')
    .values(privilegeIds.map((privilege_id) => ({ role_id: roleId, application_id: applicationId, privilege_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

async function ensureCustomer(trx: Transaction<DB>, name: string, document = ''): Promise<string> {
  await trx
    .insertInto('customers')
    .values({ name, document })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await trx
    .selectFrom('customers')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

async function seedAdmin(trx: Transaction<DB>, email: string, passwordHash: string): Promise<boolean> {
  const companyId = await ensureCustomer(trx, ADMIN_COMPANY, '900000001');
  const user = await trx
    .insertInto('users')
    .values({
      user_name: ADMIN_USER_NAME,
      email,
      names: 'Administrador',
      surnames: 'Suite',
      document: '1000000001',
      document_type_id: 1,
      country_id: 1,
      typeuserid: USER_TYPE.user,
      idstate: USER_STATE.active,
      password_hash: passwordHash,
      password_changed_at: new Date(),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!user) return false; // another instance created it first
  const apps = await idsByName(trx, 'applications');
  const roles = await idsByName(trx, 'roles');
  await trx.insertInto('user_customers').values({ user_id: user.id, customer_id: companyId, principal: true }).execute();
  await trx
    .insertInto('user_roles')
    .values({
      user_id: user.id,
      role_id: roles.get(ADMIN_ROLE.name.toLowerCase()) as number,
      application_id: apps.get(FALLBACK_APP) as number,
    })
    .execute();
  return true;
}

async function seedDemo(trx: Transaction<DB>, passwordHash: string): Promise<boolean> {
  const flag = await trx
    .insertInto('settings')
    .values({ key: DEMO_FLAG, value: new Date().toISOString() })
    .onConflict((oc) => oc.doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!flag) return false;

  const companyIds: string[] = [];
  for (const [i, name] of DEMO_COMPANIES.entries()) companyIds.push(await ensureCustomer(trx, name, String(900100000 + i * 1111)));

  const consoleId = (await idsByName(trx, 'applications')).get(FALLBACK_APP) as number;
  const privileges = await idsByName(trx, 'privileges');
  await trx
    .insertInto('roles')
    .values({ name: DEMO_READER_ROLE.name, description: DEMO_READER_ROLE.description, alias: DEMO_READER_ROLE.alias })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const readerRoleId = (await idsByName(trx, 'roles')).get(DEMO_READER_ROLE.name.toLowerCase()) as number;
  await grantRole(
    trx,
    readerRoleId,
    consoleId,
    DEMO_READER_ROLE.privileges.map((n) => privileges.get(n.toLowerCase()) as number),
  );

  // roles of every visible application, so the user card's roles tab has something to assign
  await ensureApplicationRoles(trx);

  const now = Date.now();
  for (const demo of DEMO_USERS) {
    const modified = new Date(now - demo.age * DAY_MS);
    const user = await trx
      .insertInto('users')
      .values({
        user_name: demo.userName,
        email: demoEmail(demo),
        names: demo.names,
        surnames: demo.surnames,
        document: demo.document,
        document_type_id: demo.documentTypeId,
        country_id: demo.countryId,
        phone_number: demo.phone,
        typeuserid: demo.typeuserid,
        idstate: demo.idstate,
        password_hash: demo.idstate === USER_STATE.pendingActivation ? null : passwordHash,
        password_changed_at: demo.idstate === USER_STATE.pendingActivation ? null : modified,
        created_on: new Date(now - (demo.age + 30) * DAY_MS),
        modified_on: modified,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!user) continue;
    await trx
      .insertInto('user_customers')
      .values({ user_id: user.id, customer_id: companyIds[demo.company % companyIds.length], principal: true })
      .execute();
    if (demo.reader) {
      await trx.insertInto('user_roles').values({ user_id: user.id, role_id: readerRoleId, application_id: consoleId }).execute();
    }
  }
  await seedDemoNotifications(trx, new Date(now));
  return true;
}

/** The demo certificate users (DEMO_CERTIFICATE_USERS), once; an existing user name or document is left alone. */
async function seedDemoCertificates(trx: Transaction<DB>, hashes: { password: string; certificate: string }): Promise<void> {
  const flag = await trx
    .insertInto('settings')
    .values({ key: DEMO_CERTIFICATE_FLAG, value: new Date().toISOString() })
    .onConflict((oc) => oc.doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!flag) return;
  const companyId = await ensureCustomer(trx, DEMO_COMPANIES[0], '900100000');
  for (const demo of DEMO_CERTIFICATE_USERS) {
    const user = await trx
      .insertInto('users')
      .values({
        user_name: demo.userName,
        email: demo.email,
        names: demo.names,
        surnames: demo.surnames,
        document: demo.document,
        document_type_id: demo.documentTypeId,
        country_id: 1,
        typeuserid: USER_TYPE.certifiedUser,
        idstate: USER_STATE.active,
        password_hash: hashes.password,
        certificate_password_hash: demo.manualPassword ? null : hashes.certificate,
        password_changed_at: new Date(),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!user) continue;
    await trx.insertInto('user_customers').values({ user_id: user.id, customer_id: companyId, principal: true }).execute();
  }
}
