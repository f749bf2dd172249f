import type { Kysely } from 'kysely';
import type { AuditFilters } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';
import { auditBatches } from './queries';

/** The export's columns. */
export const CSV_HEADER = ['at', 'actor', 'action', 'entity', 'target', 'application', 'before', 'after'];

/**
 * One CSV cell (RFC 4180): quoted when it holds a separator, a quote or a line break, quotes
 * doubled. A text that a spreadsheet would run as a formula (=, +, -, @, tab, return first) is
 * prefixed with a quote mark, so an exported value can never execute (OWASP's CSV injection).
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The filtered entries as CSV text, a batch of lines at a time (the reply streams it). */
export async function* auditCsv(db: Kysely<DB>, filters: AuditFilters, batchSize?: number): AsyncGenerator<string> {
  yield line(CSV_HEADER);
  for await (const batch of auditBatches(db, filters, batchSize)) {
    yield batch.map((e) => line([e.at, e.actorName, e.action, e.entity, e.entityId, e.application, e.before, e.after])).join('');
  }
}
