import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Pool, PoolClient } from 'pg';

/**
 * Statements worth preparing (docs/adr/0040-prepared-hot-reads.md): a hot read whose planning
 * costs about what its execution does — the audit list's page and count at every size — starts
 * with this mark, and is prepared once per connection of PostgreSQL's pool and then only bound
 * and run. Its name is a digest of its text, so a text is never prepared under another's name.
 * PGlite, with no pool, runs it as any statement: the mark is a comment.
 *
 *   sql`${PREPARED} select … where id = ${id}`
 */
const MARK = '/* prepared */';
export const PREPARED = sql.raw(MARK);

/**
 * A page's LIMIT and OFFSET: constants in the text of a prepared statement (a generic plan reckons
 * a LIMIT or OFFSET parameter a tenth of the rows, and PostgreSQL would plan every call again),
 * parameters otherwise.
 */
export function pageLimit(limit: number, offset: number, prepared: boolean): RawBuilder<unknown> {
  return prepared ? sql`limit ${sql.lit(limit)} offset ${sql.lit(offset)}` : sql`limit ${limit}::int offset ${offset}::int`;
}

/** The statement's name on the connection: a digest of its text. */
export function preparedName(text: string): string {
  return `suite_${createHash('sha1').update(text).digest('base64url')}`;
}

type Query = (...args: unknown[]) => unknown;

/** Makes each new client of the pool prepare the marked statements it is given. */
export function prepareMarkedStatements(pool: Pool): void {
  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (text: unknown, ...rest: unknown[]) =>
      typeof text === 'string' && text.startsWith(MARK)
        ? query({ name: preparedName(text), text, values: rest[0] }, ...rest.slice(1))
        : query(text, ...rest);
  });
}
