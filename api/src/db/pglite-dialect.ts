import { parse as pgliteParse, protocol, type PGlite } from '@electric-sql/pglite';
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
 * A parameter as the text node-postgres would send for it (untyped: the server infers the type
 * from the statement, exactly as with node-postgres); undefined when it needs PGlite's own
 * typed serialisation (arrays, objects, binary).
 */
function asText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return value instanceof Date ? value.toISOString() : undefined;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The one PGlite connection. Queries without parameters go through the simple protocol
 * (`exec`), so multi-statement scripts such as migrations work as they do with node-postgres.
 * Parameterised queries send Parse, Bind, Describe, Execute and Sync as ONE protocol message
 * batch — PGlite's own `query()` makes six separate trips into WebAssembly for the same work.
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
    const values = params.map(asText);
    if (values.some((v) => v === undefined)) {
      const result = await this.pg.query<R>(compiled.sql, params, { rowMode: 'object' });
      return toQueryResult<R>(result.rows, result.command, result.affectedRows);
    }
    const { serialize } = protocol;
    const message = concat([
      serialize.parse({ text: compiled.sql }),
      serialize.bind({ values: values as (string | null)[] }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const { messages } = await this.pg.execProtocol(message, { syncToFs: !this.pg.isInTransaction() });
    const results = pgliteParse.parseResults(messages, this.pg.parsers, { rowMode: 'object' });
    const last = results[results.length - 1];
    return toQueryResult<R>((last?.rows ?? []) as R[], last?.command, last?.affectedRows);
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

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Dialect interface
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
