import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { apiPackageDir } from '../config';
import type { DB } from './schema';

/** Advisory lock key taken while migrating and seeding, so instances starting together queue. */
export const STARTUP_LOCK_KEY = 7_240_311;

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

export function migrationsDir(): string {
  return path.join(apiPackageDir(), 'migrations');
}

/** `NNNN_name.sql` files of the folder, in version order. */
export function listMigrations(dir = migrationsDir()): MigrationFile[] {
  return fs
    .readdirSync(dir)
    .map((file) => /^(\d{4,})_([\w-]+)\.sql$/.exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ version: m[1], name: m[2], file: path.join(dir, m[0]) }))
    .sort((a, b) => a.version.localeCompare(b.version));
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, all in one transaction,
 * holding a transaction-scoped advisory lock. Returns the versions applied.
 */
export async function migrate(db: Kysely<DB>, dir = migrationsDir()): Promise<string[]> {
  const migrations = listMigrations(dir);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`.execute(trx);
    await sql`create table if not exists schema_migrations (
      version text primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`.execute(trx);
    const done = new Set((await trx.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      const script = fs.readFileSync(migration.file, 'utf8');
      await sql.raw(script).execute(trx);
      await trx.insertInto('schema_migrations').values({ version: migration.version, name: migration.name }).execute();
      applied.push(migration.version);
    }
    return applied;
  });
}
