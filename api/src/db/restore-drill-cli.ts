/**
 * pnpm ops:restore-drill [--dump FILE] [--keep]
 *
 * The restore drill against the PostgreSQL database of DATABASE_URL (src/db/restore-drill.ts):
 * dump (or take FILE, made by `pg_dump --format=custom`), restore into a fresh database beside
 * it, start the API on the copy, sign in as DRILL_USER (default admin) with DRILL_PASSWORD
 * (default SUITE_ADMIN_PASSWORD) and compare every table's rows. Exit code 0 only when all holds.
 */
import { restoreDrill } from './restore-drill';

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main(): Promise<void> {
  const sourceUrl = process.env.DATABASE_URL;
  const password = process.env.DRILL_PASSWORD ?? process.env.SUITE_ADMIN_PASSWORD;
  if (!sourceUrl || !password) {
    process.stderr.write('ops:restore-drill needs DATABASE_URL (PostgreSQL) and DRILL_PASSWORD (or SUITE_ADMIN_PASSWORD)\n');
    process.exit(2);
  }
  const dumpFile = option('dump');
  const result = await restoreDrill({
    sourceUrl,
    dumpFile,
    userName: process.env.DRILL_USER ?? 'admin',
    password,
    keep: process.argv.includes('--keep'),
    log: (line) => process.stdout.write(`  ${line}\n`),
  });
  // a dump made earlier may lag the live database: its differences are reported, not failed on
  const countsHold = dumpFile !== undefined || result.differences.length === 0;
  process.stdout.write(
    `restore drill: ${result.tables} tables, ${result.differences.length} with other row counts than the source` +
      `${dumpFile ? ' (an earlier dump)' : ''}; sign-in ${result.signedIn ? 'ok' : 'FAILED'}; ` +
      `signing key ${result.sameSigningKey ? 'the same as the source' : 'NOT the source’s'}\n`,
  );
  for (const d of result.differences) process.stdout.write(`  ${d.table}: source ${d.source}, restored ${d.restored}\n`);
  if (process.argv.includes('--keep')) process.stdout.write(`kept: ${result.restoredUrl}\n`);
  if (!(countsHold && result.signedIn && result.sameSigningKey)) process.exitCode = 1;
}

main().catch((error) => {
  process.stderr.write(`ops:restore-drill failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
