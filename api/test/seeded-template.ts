import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely } from 'kysely';
import { Client } from 'pg';
import { openDatabase, type DB } from '../src/db';
import { PGliteDialect } from '../src/db/pglite-dialect';
import { migrate } from '../src/db/migrate';
import { seed, type SeedOptions } from '../src/db/seeds';
import { pgliteTemplatePath } from './pglite-template';

/**
 * Most test files start their server on a database migrated and seeded with the same options. The
 * global setup does that once per run — a PGlite data-directory tarball and, with DATABASE_URL, a
 * PostgreSQL template database — and each server starts from a copy: a fresh database of its own,
 * without running the 20-odd migrations and the seed again (about two seconds per file and backend).
 * A server whose configuration seeds otherwise (another admin password or e-mail, demo data) still
 * migrates and seeds its own empty database.
 */
export const ADMIN_PASSWORD = 'Adm1n.Test-Pass';
export const TEMPLATE_SEED: Required<Pick<SeedOptions, 'adminPassword'>> & SeedOptions = {
  adminPassword: ADMIN_PASSWORD,
  adminEmail: 'admin@suite.test',
  demoData: false,
};

const PGLITE_ENV = 'SUITE_TEST_SEEDED_PGLITE';
const POSTGRES_ENV = 'SUITE_TEST_SEEDED_DATABASE';

export function seedsLikeTemplate(options: SeedOptions): boolean {
  return (
    options.adminPassword === TEMPLATE_SEED.adminPassword &&
    options.adminEmail === TEMPLATE_SEED.adminEmail &&
    options.demoData === TEMPLATE_SEED.demoData
  );
}

/** The seeded PGlite tarball of this run, when the global setup made one. */
export function seededPgliteFile(): string | undefined {
  const file = process.env[PGLITE_ENV];
  return file && fs.existsSync(file) ? file : undefined;
}

/** The seeded PostgreSQL template database of this run, when the global setup made one. */
export function seededPostgresTemplate(): string | undefined {
  return process.env[POSTGRES_ENV] || undefined;
}

async function migrateAndSeed(db: Kysely<DB>): Promise<void> {
  await migrate(db);
  await seed(db, TEMPLATE_SEED);
}

/** Builds this run's templates (the global setup calls it; the workers inherit the environment). */
export async function createSeededTemplates(): Promise<void> {
  // PGlite as openDatabase opens it, kept at hand to dump its data directory
  const pg = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(pgliteTemplatePath())]), extensions: { pg_trgm } });
  const file = path.join(os.tmpdir(), `suite-api-seeded-${process.pid}.tar`);
  try {
    await migrateAndSeed(new Kysely<DB>({ dialect: new PGliteDialect(pg) }));
    const dump = await pg.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    if (!pg.closed) await pg.close();
  }
  process.env[PGLITE_ENV] = file;

  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return;
  const name = `suite_template_${process.pid}`;
  await onServer(adminUrl, `drop database if exists ${name}`, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const postgres = await openDatabase({ dataDir: 'memory://', databaseUrl: url.toString(), poolSize: 1 });
  try {
    await migrateAndSeed(postgres.db);
  } finally {
    await postgres.close();
  }
  process.env[POSTGRES_ENV] = name;
}

/** Removes this run's templates (the global teardown). */
export async function dropSeededTemplates(): Promise<void> {
  const file = process.env[PGLITE_ENV];
  if (file) fs.rmSync(file, { force: true });
  const name = process.env[POSTGRES_ENV];
  if (name && process.env.DATABASE_URL) await onServer(process.env.DATABASE_URL, `drop database if exists ${name} with (force)`);
}

/** Runs statements on the PostgreSQL server of `url` (creating and dropping databases) on a connection of its own. */
export async function onServer(url: string, ...statements: string[]): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
