import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { Mutex } from './mutex';

const CHANGING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * The one PGlite connection. Queries without parameters go through the simple protocol
 * (`exec`), so multi-statement scripts such as migrations work as they do with node-postgres.
 */
class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const params = compiled.parameters as unknown[];
    if (params.length === 0) {
      const results = await this.pg.exec(compiled.sql);
      const last = results[results.length - 1];
      return toQueryResult<R>(last?.rows ?? [], last?.command, last?.affectedRows);
    }
    const result = await this.pg.query<R>(compiled.sql, params, { rowMode: 'object' });
    return toQueryResult<R>(result.rows, result.command, result.affectedRows);
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}

function toQueryResult<R>(rows: unknown[], command: string | undefined, affected: number | undefined): QueryResult<R> {
  const result: { rows: R[]; numAffectedRows?: bigint } = { rows: rows as R[] };
  if (command && CHANGING_COMMANDS.has(command.toUpperCase())) {
    result.numAffectedRows = BigInt(affected ?? 0);
  }
  return result;
}

/**
 * PGlite is a single connection: `acquireConnection` hands it out under a mutex, so a
 * transaction (acquire → begin … commit → release) never interleaves with another request's
 * queries. Code running inside a transaction must use the transaction object, never the
 * outer Kysely instance (that would wait for the mutex it already holds).
 */
class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly connection: PGliteConnection;
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(private readonly pg: PGlite) {
    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.acquire();
    this.releases.set(this.connection, release);
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const modes: string[] = [];
    if (settings.isolationLevel) modes.push(`isolation level ${settings.isolationLevel}`);
    if (settings.accessMode) modes.push(settings.accessMode);
    await connection.executeQuery(CompiledQuery.raw(`start transaction${modes.length ? ' ' + modes.join(', ') : ''}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.releases.get(connection);
    this.releases.delete(connection);
    release?.();
  }

  async destroy(): Promise<void> {
    const release = await this.mutex.acquire();
    try {
      if (!this.pg.closed) await this.pg.close();
    } finally {
      release();
    }
  }
}

/** Kysely dialect over an embedded PGlite instance (Postgres SQL, Postgres adapter). */
export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }

  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
