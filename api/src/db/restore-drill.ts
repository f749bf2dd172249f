import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { FALLBACK_APP } from '@suite/shared/contracts';
import { encryptPayload } from '@suite/shared/crypto';
import { createServer } from '../app';
import { loadConfig } from '../config';

/**
 * The restore drill (docs/operations.md, Backup and restore): a backup is only as good as its
 * last restore. Dumps the live database with pg_dump (custom format) — or takes a dump already
 * made — restores it with pg_restore into a fresh database on the same server, starts the API on
 * the restored copy, signs in through HTTP and checks the token against the restored JWKS, and
 * compares every table's row count with the source. The copy is dropped afterwards unless kept.
 */
export interface DrillOptions {
  /** The live database (its server also receives the scratch copy). */
  sourceUrl: string;
  /** A dump made earlier (pg_dump -Fc); none: one is made now. */
  dumpFile?: string;
  userName: string;
  password: string;
  appName?: string;
  /** Keep the restored database (its URL is in the result). */
  keep?: boolean;
  log?: (line: string) => void;
}

export interface DrillResult {
  restoredUrl: string;
  dumpBytes: number;
  dumpSeconds: number;
  restoreSeconds: number;
  /** Tables whose row count differs between the source and the copy (a dump made now must match). */
  differences: { table: string; source: number; restored: number }[];
  tables: number;
  signedIn: boolean;
  /** The restored instance signs with the source's key: tokens issued before the restore stay valid. */
  sameSigningKey: boolean;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`))));
  });
}

async function onServer<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Exact row counts of every table of the public schema. */
async function rowCounts(url: string): Promise<Map<string, number>> {
  return onServer(url, async (client) => {
    const tables = await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    const counts = new Map<string, number>();
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from "${name.replace(/"/g, '""')}"`);
      counts.set(name, Number(rows[0].n));
    }
    return counts;
  });
}

const seconds = (since: number) => (Date.now() - since) / 1000;

export async function restoreDrill(options: DrillOptions): Promise<DrillResult> {
  const log = options.log ?? (() => undefined);
  const scratch = mkdtempSync(path.join(tmpdir(), 'suite-restore-'));
  const name = `suite_restore_drill_${randomBytes(4).toString('hex')}`;
  const restored = new URL(options.sourceUrl);
  restored.pathname = `/${name}`;
  const restoredUrl = restored.toString();
  let created = false;
  try {
    let dumpFile = options.dumpFile;
    let dumpSeconds = 0;
    if (!dumpFile) {
      dumpFile = path.join(scratch, 'suite.dump');
      const started = Date.now();
      await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dumpFile}`, `--dbname=${options.sourceUrl}`]);
      dumpSeconds = seconds(started);
      log(`dumped the source with pg_dump in ${dumpSeconds.toFixed(1)} s`);
    }
    const dumpBytes = statSync(dumpFile).size;

    await onServer(options.sourceUrl, (client) => client.query(`create database ${name}`));
    created = true;
    const restoreStarted = Date.now();
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, dumpFile]);
    const restoreSeconds = seconds(restoreStarted);
    log(`restored ${(dumpBytes / 1024 / 1024).toFixed(1)} MB into ${name} with pg_restore in ${restoreSeconds.toFixed(1)} s`);

    const [source, copy] = [await rowCounts(options.sourceUrl), await rowCounts(restoredUrl)];
    const differences = [...new Set([...source.keys(), ...copy.keys()])]
      .map((table) => ({ table, source: source.get(table) ?? -1, restored: copy.get(table) ?? -1 }))
      .filter((d) => d.source !== d.restored);

    // the API on the copy, as an instance would start on it, signing a person in over HTTP
    const config = loadConfig({ ...process.env, DATABASE_URL: restoredUrl, PORT: '0', HOST: '127.0.0.1', NOTIFY_POLL_MS: '0' });
    const server = await createServer({ ...config, demoData: false }, { logger: false, onGeneratedAdminPassword: () => undefined });
    let signedIn = false;
    let sameSigningKey = false;
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const reply = await fetch(`${base}/api/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          user: options.userName,
          password: encryptPayload(options.password, server.app.ctx.payloadKey),
          appname: options.appName ?? FALLBACK_APP,
          TypeDeviceId: 2,
        }),
      });
      const body = (await reply.json()) as { result?: { token?: string; informationCode?: string } };
      signedIn = reply.ok && typeof body.result?.token === 'string';
      log(
        `signed in as ${options.userName} on the restored copy: ${signedIn ? 'yes' : `no (${reply.status} ${body.result?.informationCode ?? ''})`}`,
      );
      const sourceKid = await onServer(options.sourceUrl, async (client) => {
        const { rows } = await client.query<{ kid: string }>(`select kid from signing_keys where status = 'active'`);
        return rows[0]?.kid;
      });
      sameSigningKey = sourceKid !== undefined && sourceKid === server.app.ctx.keys.kid;
    } finally {
      await server.app.close();
    }
    return { restoredUrl, dumpBytes, dumpSeconds, restoreSeconds, differences, tables: copy.size, signedIn, sameSigningKey };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    if (created && !options.keep)
      await onServer(options.sourceUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
}
