import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import type { DB } from './schema';
import { PGliteDialect } from './pglite-dialect';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { prepareMarkedStatements } from './prepared';

export type { DB } from './schema';
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DbKind;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool, as the metrics read it (PGlite has none). */
  pool?: { inUse(): number; waiting(): number };
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when unset PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory, or `memory://…` for an in-memory database. */
  dataDir: string;
  /** node-postgres pool size. */
  poolSize?: number;
  /** PGlite only: start from this data-directory tarball (dumpDataDir) instead of initdb. */
  pgliteLoadDataDir?: Blob;
}

/** Opens PostgreSQL (DATABASE_URL) or PGlite (DATA_DIR): same schema, same SQL. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let db: Kysely<DB>;
  let kind: DbKind;
  let lock: DataDirLock | undefined;
  let poolStats: Database['pool'];
  if (options.databaseUrl) {
    kind = 'postgres';
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // an idle client losing its connection must not crash the process
    pool.on('error', () => undefined);
    prepareMarkedStatements(pool);
    poolStats = { inUse: () => pool.totalCount - pool.idleCount, waiting: () => pool.waitingCount };
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  } else {
    kind = 'pglite';
    const inMemory = options.dataDir.startsWith('memory://');
    if (!inMemory) {
      fs.mkdirSync(options.dataDir, { recursive: true });
      // one process per data directory: a second one would silently lose writes (data-dir-lock.ts)
      lock = await lockDataDir(options.dataDir);
    }
    try {
      const pg = await PGlite.create({
        dataDir: inMemory ? undefined : options.dataDir,
        loadDataDir: options.pgliteLoadDataDir,
        // the users list's contains-search index (migration 0008)
        extensions: { pg_trgm },
      });
      db = new Kysely<DB>({ dialect: new PGliteDialect(pg) });
    } catch (error) {
      lock?.release();
      throw error;
    }
  }
  let closed = false;
  return {
    db,
    kind,
    pool: poolStats,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await db.destroy();
      } finally {
        lock?.release();
      }
    },
  };
}
