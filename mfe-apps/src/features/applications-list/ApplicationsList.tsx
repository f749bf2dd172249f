import { Alert, Box } from '@chakra-ui/react';
import { APPLICATION_MESSAGES, apiErrorMessage, type ApplicationAdminRecord } from '@suite/shared';
import { DataTable, useConsoleMutation, useRememberedQuery, type DataTableColumn } from '@suite/shared/console';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchApplications, modifyApplication } from '../../api/applications';
import { NS } from '../../i18n';
import { applicationKeys, applicationStateBody } from '../common/application';
import { APPS_SORT, APPS_SORTS, appsSortOptions, isActiveApplication, type AppsSort } from '../common/listing';

/**
 * The applications list (console spec §2 "Applications list", §4 "Application state"): every
 * application is read at once, so search, sort and pages are the table's (remembered for the
 * tab); the state switch asks first, re-sends the whole application and reloads.
 */
export function ApplicationsList({ label }: { label: string }) {
  const { t } = useTranslation(NS);
  const [query, setQuery] = useRememberedQuery<AppsSort>('applications', APPS_SORTS, APPS_SORT.active);
  const list = useQuery({
    queryKey: applicationKeys.all,
    queryFn: () => fetchApplications(),
    // a list is where other people's changes show: read again whenever it is shown
    refetchOnMount: 'always',
  });

  const switchState = useConsoleMutation({
    run: ({ application, nextActive }: { application: ApplicationAdminRecord; nextActive: boolean }) =>
      modifyApplication(applicationStateBody(application, nextActive)),
    invalidates: ['applications'],
    success: () => APPLICATION_MESSAGES.updated,
    autoClose: true,
    showForbidden: true,
  });

  const columns = useMemo<DataTableColumn<ApplicationAdminRecord>[]>(
    () => [
      { key: 'name', header: t('columns.name') },
      { key: 'urlApp', header: t('columns.urlApp') },
      { key: 'amountTimeComb', header: t('columns.amountTimeComb') },
    ],
    [t],
  );
  const sortOptions = useMemo(() => appsSortOptions<ApplicationAdminRecord>((key) => t(`sort.${key}`)), [t]);

  return (
    <Box>
      {list.error ? (
        <Alert.Root status="error" role="alert" mb="3">
          <Alert.Indicator />
          <Alert.Title>{apiErrorMessage(list.error)}</Alert.Title>
        </Alert.Root>
      ) : null}
      <DataTable<ApplicationAdminRecord, AppsSort>
        label={label}
        columns={columns}
        rows={list.data ?? []}
        rowKey={(application) => String(application.id)}
        rowLabel={(application) => application.name}
        query={query}
        onQueryChange={setQuery}
        sortOptions={sortOptions}
        loading={list.isPending}
        loadingLabel={t('loadingList')}
        stateToggle={{
          header: t('columns.state'),
          isActive: isActiveApplication,
          label: (application) => t(isActiveApplication(application) ? 'state.active' : 'state.inactive'),
          confirmMessage: (_application, nextActive) => (nextActive ? APPLICATION_MESSAGES.confirmActivate : APPLICATION_MESSAGES.confirmInactivate),
          onToggle: (application, nextActive) => switchState.mutate({ application, nextActive }),
        }}
      />
    </Box>
  );
}
