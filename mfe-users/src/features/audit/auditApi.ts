import { call, callRaw } from '@suite/shared';
import { auditApi, type AuditEntryDetail, type AuditFilters, type AuditPage } from '@suite/shared/console';
import { attachmentName, saveFile } from './download';

/** One page of entries, newest first (`size` one of AUDIT_PAGE_SIZES). */
export function fetchAuditPage(filters: AuditFilters, page: number, size: number): Promise<AuditPage> {
  return call(auditApi.list, { query: { ...filters, page: String(page), size: String(size) } });
}

/** One entry with its record before and after the change. */
export function fetchAuditEntry(id: string): Promise<AuditEntryDetail> {
  return call(auditApi.entry, { params: { id } });
}

/** The name of the file when the reply names none. */
const EXPORT_NAME = 'auditoria.csv';

/** Downloads the entries the filters select as CSV, under the name the API gives it. */
export async function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const response = await callRaw(auditApi.exportCsv, { query: filters });
  saveFile(await response.blob(), attachmentName(response.headers.get('Content-Disposition')) ?? EXPORT_NAME);
}
