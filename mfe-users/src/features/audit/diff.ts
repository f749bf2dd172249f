/** One field of an audited record: its value before and after the change (undefined where it was not there). */
export interface FieldChange {
  /** The field's name; '' when the record is a single value rather than an object. */
  field: string;
  before?: unknown;
  after?: unknown;
}

/**
 * What an entry's before / after shows: the fields that differ when there are both (a change),
 * every field of the one there is (a record created, or removed; a sign-in's data), or nothing.
 */
export type AuditDiff =
  | { kind: 'changes'; fields: FieldChange[] }
  | { kind: 'onlyAfter'; fields: FieldChange[] }
  | { kind: 'onlyBefore'; fields: FieldChange[] }
  | { kind: 'none' };

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const present = (value: unknown) => value !== null && value !== undefined;

/** The value with every object's keys in order, so that equal JSON compares equal whatever the key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (isRecord(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical(value[key])]),
    );
  return value;
}

/** Whether two JSON values are equal (deeply; a missing field equals only another missing one). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function fieldsOf(value: unknown, side: 'before' | 'after'): FieldChange[] {
  const entries: [string, unknown][] = isRecord(value) ? Object.entries(value) : [['', value]];
  return entries.map(([field, v]) => ({ field, [side]: v }));
}

/** The difference between an audit entry's record before and after the change (JSON, null where there was none). */
export function auditDiff(before: unknown, after: unknown): AuditDiff {
  if (present(before) && present(after)) {
    if (!isRecord(before) || !isRecord(after))
      return { kind: 'changes', fields: sameValue(before, after) ? [] : [{ field: '', before, after }] };
    // the before's fields in their order, then the ones only the after has
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return {
      kind: 'changes',
      fields: fields
        .filter((field) => !sameValue(before[field], after[field]))
        .map((field) => ({ field, before: before[field], after: after[field] })),
    };
  }
  if (present(after)) return { kind: 'onlyAfter', fields: fieldsOf(after, 'after') };
  if (present(before)) return { kind: 'onlyBefore', fields: fieldsOf(before, 'before') };
  return { kind: 'none' };
}

/** A value as the detail shows it: text as it is, anything else as JSON; '' when it was not there. */
export function valueText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
