import type { AuditFilters } from '@suite/shared/console';

/** The filter fields as typed: texts, and days as the date inputs give them (yyyy-mm-dd, '' for none). */
export interface FilterFields {
  actor: string;
  action: string;
  target: string;
  application: string;
  from: string;
  to: string;
}

export const NO_FILTERS: FilterFields = { actor: '', action: '', target: '', application: '', from: '', to: '' };

const FIELDS = Object.keys(NO_FILTERS) as (keyof FilterFields)[];

/**
 * The start of a day (yyyy-mm-dd) in the browser's time zone, `offset` days later, as ISO 8601:
 * the person means their own day, the API compares instants.
 */
export function dayStart(day: string, offset = 0): string | undefined {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!parts) return undefined;
  const date = new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]) + offset);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The API's filters for the fields and the search box: empty ones left out, `from` the start of
 * its day and `to` the start of the day after (the API's `to` is excluded, so the whole day counts).
 */
export function toAuditFilters(fields: FilterFields, search = ''): AuditFilters {
  const filters: AuditFilters = {
    search: search.trim(),
    actor: fields.actor.trim(),
    action: fields.action.trim(),
    target: fields.target.trim(),
    application: fields.application.trim(),
    from: dayStart(fields.from),
    to: dayStart(fields.to, 1),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as AuditFilters;
}

/** Whether the range ends before it starts (days as yyyy-mm-dd compare as text). */
export function rangeInverted(fields: FilterFields): boolean {
  return fields.from !== '' && fields.to !== '' && fields.to < fields.from;
}

export function sameFields(a: FilterFields, b: FilterFields): boolean {
  return FIELDS.every((name) => a[name] === b[name]);
}

const STORAGE_KEY = 'suite.audit.filters';

/** The filters last applied in this browser tab (as the list remembers its search and page), or none. */
export function rememberedFilters(): FilterFields {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    if (!stored || typeof stored !== 'object') return NO_FILTERS;
    const fields = stored as Record<string, unknown>;
    if (!FIELDS.every((name) => typeof fields[name] === 'string')) return NO_FILTERS;
    return Object.fromEntries(FIELDS.map((name) => [name, fields[name]])) as unknown as FilterFields;
  } catch {
    return NO_FILTERS;
  }
}

export function rememberFilters(fields: FilterFields): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(fields));
  } catch {
    /* storage unavailable: the filters last for this screen */
  }
}
