/**
 * pnpm keys:rotate [--emergency] [--status]
 *
 * Rotates the access-token signing key of the configured database — DATABASE_URL, else the
 * PGlite directory DATA_DIR (stop the suite first: PGlite is single-process) — one step per run
 * (docs/adr/0033-signing-key-rotation.md, docs/operations.md):
 *   first run   publishes a new key as 'next' (in the JWKS, signing nothing) and says when it may sign;
 *   next run    after that time, makes it the signing key; the replaced key stays published until
 *               every token it signed has expired, and the run after that retires it;
 *   --emergency the active key is compromised: a new key signs at once and the old one is
 *               retired at once (its tokens are refused; sessions go on through their refresh);
 *   --status    lists the keys and changes nothing.
 * Every running instance reads the keys again as soon as a step commits (PostgreSQL's NOTIFY).
 */
import path from 'node:path';
import { apiPackageDir, loadConfig } from '../../config';
import { openDatabase } from '../../db';
import { migrate } from '../../db/migrate';
import { publishedKeys, rotateSigningKey } from './key-rotation';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--emergency' && a !== '--status');
  if (unknown.length > 0) {
    process.stderr.write(`keys:rotate: unknown option ${unknown.join(' ')} (use --status or --emergency)\n`);
    process.exit(2);
  }
  const invokedFrom = process.env.INIT_CWD ?? process.cwd();
  const dataDir = process.env.DATA_DIR
    ? path.resolve(invokedFrom, process.env.DATA_DIR)
    : path.join(path.dirname(apiPackageDir()), '.data');
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    await migrate(database.db);
    if (!args.includes('--status')) {
      const step = await rotateSigningKey(database.db, { emergency: args.includes('--emergency') });
      if (step.step === 'staged')
        process.stdout.write(`published the next key ${step.kid}; run again after ${step.usableAt.toISOString()} to sign with it\n`);
      else if (step.step === 'waiting')
        process.stdout.write(`the next key ${step.kid} is published; it may sign after ${step.usableAt.toISOString()}\n`);
      else if (step.step === 'promoted')
        process.stdout.write(
          `the key ${step.kid} signs from now on` +
            (step.retired.length ? `; retired ${step.retired.join(', ')}` : '') +
            (step.previousValidUntil ? `; the replaced key verifies its tokens until ${step.previousValidUntil.toISOString()}` : '') +
            '\n',
        );
      else {
        process.stderr.write(`keys:rotate refused: ${step.reason}\n`);
        process.exitCode = 1;
      }
    }
    for (const key of await publishedKeys(database.db)) {
      const superseded = key.supersededAt ? `, stopped signing ${key.supersededAt.toISOString()}` : '';
      process.stdout.write(`  ${key.status.padEnd(8)} ${key.kid}  published ${key.createdAt.toISOString()}${superseded}\n`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  process.stderr.write(`keys:rotate failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
