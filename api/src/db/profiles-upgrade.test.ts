import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { BACKENDS, createPostgresDatabase } from '../../test/harness';
import { AppDirectory } from '../modules/applications/directory';
import { resolveProfile } from '../modules/applications/profiles';
import { openDatabase, type Database } from './index';
import { listMigrations, migrate } from './migrate';
import { seed } from './seeds';
import { PROFILE_SEED_VERSION } from './seeds/profiles';

/** A folder with the migrations older than 0009: the schema of a database seeded before profiles existed. */
function migrationsBeforeProfiles(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'suite-migrations-'));
  for (const m of listMigrations().filter((m) => m.version < '0009')) fs.copyFileSync(m.file, path.join(dir, path.basename(m.file)));
  return dir;
}

describe.each(BACKENDS)('portal profiles on a database seeded before them [%s]', (backend) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  const oldMigrations = migrationsBeforeProfiles();

  beforeAll(async () => {
    if (backend === 'postgres') {
      const created = await createPostgresDatabase();
      drop = created.drop;
      database = await openDatabase({ databaseUrl: created.url, dataDir: '' });
    } else {
      database = await openDatabase({ dataDir: 'memory://' });
    }
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
    fs.rmSync(oldMigrations, { recursive: true, force: true });
  });

  it('upgrades the schema and the seeded rows, then keeps later edits until the next profile version', async () => {
    const { db } = database;
    await migrate(db, oldMigrations);
    // rows as the seed wrote them before 0009
    await sql`
      insert into applications (name, title, sign_in_variant, email_sent_route, default_tenant) values
        ('ibuhoo', 'Suite GSE', 'classic', '/alert', null),
        ('bemyself', 'MySelf', 'myself', '/check-email', 'bmscol'),
        ('license', 'License', 'classic', '/alert', 'letmicert'),
        ('firmaya', 'Firmaya', 'certificate', '/alert', null);
      insert into application_tenants (application_id, code, title, default_language)
        select id, 'bmsbra', 'MySelf', 'pt' from applications where name = 'bemyself';
    `.execute(db);

    const applied = await migrate(db);
    expect(applied).toContain('0009');
    await seed(db, { adminEmail: 'admin@suite.test', adminPassword: 'Adm1n.Test-Pass', demoData: false });

    const directory = new AppDirectory(db);
    const profile = async (app: string, tenant?: string) => resolveProfile(await directory.snapshot(), app, tenant);
    expect(await profile('ibuhoo')).toMatchObject({ title: 'Suite GSE', signInVariant: 'twoColumn', favicon: '/brand/ibuhoo/favicon.svg' });
    expect(await profile('ibuhoo', 'oidc')).toMatchObject({ tenant: 'oidc', favicon: '/brand/ibuhoo/oidc/favicon.svg' });
    expect(await profile('bemyself')).toMatchObject({ tenant: 'myselfcert', signInVariant: 'myself', colorModeSwitch: true });
    expect(await profile('bemyself', 'bmsbra')).toMatchObject({
      defaultLanguage: 'pt',
      logos: expect.objectContaining({ signIn: '/brand/bemyself/bmsbra/logo.svg' }),
    });
    expect(await profile('license')).toMatchObject({ tenant: '', title: 'License', signInVariant: 'translated' });
    expect(await profile('firmaya')).toMatchObject({ signInVariant: 'certificate' });
    // the widened check holds: an unknown look is refused
    await expect(sql`update applications set sign_in_variant = 'fancy' where name = 'firmaya'`.execute(db)).rejects.toThrow();

    // an edit made afterwards (the console) survives a restart...
    await db.updateTable('applications').set({ sign_in_variant: 'classic' }).where('name', '=', 'ibuhoo').execute();
    await seed(db, { adminEmail: 'admin@suite.test', demoData: false });
    directory.invalidate();
    expect((await profile('ibuhoo')).signInVariant).toBe('classic');

    // ...until the seeded profiles change version
    await db
      .updateTable('settings')
      .set({ value: String(PROFILE_SEED_VERSION - 1) })
      .where('key', '=', 'portal_profiles_version')
      .execute();
    await seed(db, { adminEmail: 'admin@suite.test', demoData: false });
    directory.invalidate();
    expect((await profile('ibuhoo')).signInVariant).toBe('twoColumn');
  }, 60_000);
});
