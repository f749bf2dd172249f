import { Button } from '@chakra-ui/react';
import { apiErrorMessage } from '@suite/shared';
import {
  CardFrame,
  DataTable,
  DownloadIcon,
  ErrorAlert,
  useServerPage,
  type AuditEntry,
  type DataTableColumn,
  type TableQuery,
} from '@suite/shared/console';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionText, useActionLabel } from './ActionText';
import { downloadAuditCsv, fetchAuditPage } from './auditApi';
import { AuditDetail } from './AuditDetail';
import { FilterPanel } from './FilterPanel';
import { NO_FILTERS, rememberFilters, rememberedFilters, sameFields, toAuditFilters, type FilterFields } from './filters';
import { formatWhen } from './format';
import { AUDIT_NS } from './i18n';
import { TargetText } from './TargetText';

/** The list has one order, newest first: no sort menu. */
const SORTS = ['newest'] as const;
type AuditSort = (typeof SORTS)[number];

/**
 * The audit section (/audit): every change and sign-in the suite wrote, newest first, searched and
 * filtered on the server, paged 10 / 25 / 100; an entry's detail with what it changed; the
 * filtered entries as CSV.
 */
export function AuditPage() {
  const { t, i18n } = useTranslation(AUDIT_NS);
  // the filters applied, remembered for the tab with the table's search and page
  const [applied, setApplied] = useState<FilterFields>(rememberedFilters);
  const filters = useMemo(() => toAuditFilters(applied), [applied]);
  const list = useServerPage<AuditEntry, AuditSort>({
    entity: 'audit',
    rememberAs: 'audit',
    sorts: SORTS,
    defaultSort: 'newest',
    filters,
    fetchPage: async ({ search, page, pageSize }: TableQuery<AuditSort>) => {
      const { entries, rows, rowsCapped } = await fetchAuditPage(toAuditFilters(applied, search), page, pageSize);
      return { rows: entries, total: rows, totalCapped: rowsCapped === true };
    },
  });
  const [shown, setShown] = useState<AuditEntry | null>(null);
  const actionLabel = useActionLabel();
  const exportCsv = useMutation({ mutationFn: () => downloadAuditCsv(toAuditFilters(applied, list.query.search)) });

  const apply = (fields: FilterFields, search = list.query.search) => {
    const same = sameFields(fields, applied) && search === list.query.search;
    setApplied(fields);
    rememberFilters(fields);
    // new filters are read from their first page (their own key); the same ones again ask the server again, as Enter does
    if (same || search !== list.query.search || list.query.page !== 1) list.setQuery({ ...list.query, search, page: 1 });
  };

  const columns = useMemo<DataTableColumn<AuditEntry>[]>(
    () => [
      { key: 'at', header: t('columns.at'), render: (entry) => formatWhen(entry.at, i18n.language) },
      { key: 'actorName', header: t('columns.actor'), render: (entry) => entry.actorName || t('none') },
      { key: 'action', header: t('columns.action'), render: (entry) => <ActionText code={entry.action} /> },
      { key: 'target', header: t('columns.target'), render: (entry) => <TargetText entry={entry} /> },
      { key: 'application', header: t('columns.application'), render: (entry) => entry.application ?? t('none') },
      {
        key: 'detail',
        header: t('columns.detail'),
        width: '1%',
        render: (entry) => (
          <Button
            size="xs"
            variant="outline"
            aria-label={t('viewDetailOf', { action: actionLabel(entry.action), date: formatWhen(entry.at, i18n.language) })}
            onClick={(event) => {
              // the row would open it too
              event.stopPropagation();
              setShown(entry);
            }}
          >
            {t('viewDetail')}
          </Button>
        ),
      },
    ],
    [t, i18n.language, actionLabel],
  );

  return (
    <CardFrame title={t('title')}>
      <FilterPanel applied={applied} onApply={(fields) => apply(fields)} onClear={() => apply(NO_FILTERS, '')} />
      {list.error ? <ErrorAlert message={list.error} mb="3" /> : null}
      {exportCsv.error ? <ErrorAlert title={t('export.failed')} message={apiErrorMessage(exportCsv.error)} mb="3" /> : null}
      <DataTable<AuditEntry, AuditSort>
        label={t('title')}
        searchLabel={t('search')}
        columns={columns}
        rows={list.rows}
        total={list.total}
        totalCapped={list.totalCapped}
        rowKey={(entry) => entry.id}
        rowLabel={(entry) => `${actionLabel(entry.action)} ${formatWhen(entry.at, i18n.language)}`}
        query={list.query}
        onQueryChange={list.setQuery}
        loading={list.loading}
        loadingLabel={t('loading')}
        emptyLabel={t('empty')}
        onRowClick={setShown}
        toolbar={
          <Button variant="outline" loading={exportCsv.isPending} loadingText={t('export.busy')} onClick={() => exportCsv.mutate()}>
            <DownloadIcon />
            {t('export.button')}
          </Button>
        }
      />
      {shown ? <AuditDetail key={shown.id} entry={shown} onClose={() => setShown(null)} /> : null}
    </CardFrame>
  );
}
