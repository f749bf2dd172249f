/**
 * pnpm seed:volume --users 1000000 [--companies 5000]
 *
 * Fills the configured database — DATABASE_URL, else the PGlite directory DATA_DIR (default: the
 * repository's ./.data, the one `npm start` uses; stop the suite first, PGlite is single-process)
 * — with volume users, companies and roles (src/db/volume.ts). Migrates and seeds the base data
 * first, exactly as the API does at start.
 */
import path from 'node:path';
import { apiPackageDir, loadConfig } from '../config';
import { openDatabase } from '.';
import { migrate } from './migrate';
import { seed } from './seeds';
import { VOLUME_PASSWORD, seedVolume } from './volume';

function option(name: string): number | undefined {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  const raw = args[at].includes('=') ? args[at].split('=')[1] : args[at + 1];
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    process.stderr.write(`--${name} must be a whole number, got "${raw}"\n`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<void> {
  const users = option('users') ?? 100_000;
  const companies = option('companies');
  // pnpm runs this in api/; paths given by the caller are relative to where pnpm was invoked
  const invokedFrom = process.env.INIT_CWD ?? process.cwd();
  const dataDir = process.env.DATA_DIR
    ? path.resolve(invokedFrom, process.env.DATA_DIR)
    : path.join(path.dirname(apiPackageDir()), '.data');
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const started = Date.now();
  try {
    process.stdout.write(
      `seed:volume → ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite ${config.dataDir}`}, ${users} users\n`,
    );
    await migrate(database.db);
    const base = await seed(database.db, { adminPassword: config.adminPassword, adminEmail: config.adminEmail, demoData: config.demoData });
    if (base.generatedAdminPassword) process.stdout.write(`Admin password (shown once): ${base.generatedAdminPassword}\n`);
    const result = await seedVolume(database.db, {
      users,
      companies,
      onProgress: (done, total) => process.stdout.write(`  ${done} / ${total} users (${((Date.now() - started) / 1000).toFixed(1)} s)\n`),
    });
    process.stdout.write(
      `added ${result.usersAdded} users (volume users now ${result.usersTotal}), ${result.companies} companies, ` +
        `${result.roles} roles, in ${((Date.now() - started) / 1000).toFixed(1)} s. Volume accounts sign in with ${VOLUME_PASSWORD}\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  process.stderr.write(`seed:volume failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
