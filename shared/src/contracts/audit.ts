import * as v from 'valibot';
import { es } from '../phrases/es';
import { endpoint } from './endpoint';
import { resultSchema } from './envelope';

/**
 * The audit section of the console (docs/product/audit.md): every change and every sign-in,
 * successful or failed, as the suite wrote it in the change's own transaction — read with
 * AUDIT_READ, filtered on the server, paged, and exported as CSV.
 */
export const AUDIT_MESSAGES = es.audit;

/** Page sizes of the list. */
export const AUDIT_PAGE_SIZES = [10, 25, 100] as const;
/** A filtered list counts its entries only up to this many (the pager then offers pages up to it). */
export const AUDIT_COUNT_CAP = 1000;
/** The sign-in events among the actions, for the list's quick filter. */
export const SIGN_IN_EVENTS = ['user.sign_in', 'user.sign_in_external', 'user.sign_in_failed'] as const;

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, es.audit.filterTooLong));
const optionalText = (max: number) =>
  v.optional(
    v.pipe(
      text(max),
      v.transform((value) => value || undefined),
    ),
  );
const isoDate = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.check((value) => value === '' || !Number.isNaN(Date.parse(value)), es.audit.dateInvalid),
    v.transform((value) => value || undefined),
  ),
);

/** The filters of the list and of the export (query string; empty means no filter). */
const filterEntries = {
  /** Who or what: an actor's user name, a target's id or an action, as typed (case-insensitive for names and actions). */
  search: optionalText(200),
  actor: optionalText(200),
  action: optionalText(100),
  /** The changed record's id (a user's id, a role's name…). */
  target: optionalText(200),
  application: optionalText(50),
  /** From and to (ISO 8601): `from` included, `to` excluded. */
  from: isoDate,
  to: isoDate,
};
export const AuditFiltersSchema = v.object(filterEntries);
export type AuditFilters = v.InferOutput<typeof AuditFiltersSchema>;

export const AuditListQuerySchema = v.object({
  ...filterEntries,
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, es.audit.pageInvalid), v.transform(Number)), '1'),
  size: v.optional(
    v.pipe(
      v.string(),
      v.picklist(
        AUDIT_PAGE_SIZES.map((n) => String(n)),
        es.audit.pageInvalid,
      ),
      v.transform(Number),
    ),
    '25',
  ),
});

/** One entry of the list: when, who, what, on what, in which application. */
export interface AuditEntry {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string;
  action: string;
  entity: string;
  entityId: string;
  /** What the entry is about, by its name now (a user name, a role's name…); null when it has none. */
  targetName: string | null;
  application: string | null;
}
const AuditEntryShape = {
  id: v.string(),
  at: v.string(),
  actorId: v.nullable(v.string()),
  actorName: v.string(),
  action: v.string(),
  entity: v.string(),
  entityId: v.string(),
  targetName: v.nullable(v.string()),
  application: v.nullable(v.string()),
};
export interface AuditPage {
  entries: AuditEntry[];
  /** Entries that match, exact up to AUDIT_COUNT_CAP. */
  rows: number;
  rowsCapped?: boolean;
}
export const AuditPageSchema = resultSchema<AuditPage>()(
  v.object({ entries: v.array(v.object(AuditEntryShape)), rows: v.number(), rowsCapped: v.optional(v.boolean()) }),
);

/** An entry with the record before and after the change (null where there was none). */
export interface AuditEntryDetail extends AuditEntry {
  before: unknown;
  after: unknown;
}
export const AuditEntryDetailSchema = resultSchema<AuditEntryDetail>()(
  v.object({ ...AuditEntryShape, before: v.unknown(), after: v.unknown() }),
);

export const auditApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/audit',
    summary: 'Audit entries, newest first, filtered and paged',
    tag: 'audit',
    query: AuditListQuerySchema,
    result: AuditPageSchema,
    access: ['AUDIT_READ'],
  }),
  entry: endpoint({
    method: 'GET',
    path: '/api/audit/:id',
    summary: 'One audit entry with the record before and after the change',
    tag: 'audit',
    params: v.object({ id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,17}$/, es.audit.entryUnknown)) }),
    result: AuditEntryDetailSchema,
    access: ['AUDIT_READ'],
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/api/audit/export',
    summary: 'The filtered entries as CSV (streamed, newest first)',
    tag: 'audit',
    query: AuditFiltersSchema,
    raw: true,
    produces: 'text/csv',
    access: ['AUDIT_READ'],
  }),
};
