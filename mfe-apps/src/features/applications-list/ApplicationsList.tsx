import { Alert, Box } from '@chakra-ui/react';
import { APPLICATION_MESSAGES, amountTimeComb, useLocalize, type ApplicationAdminRecord } from '@suite/shared';
import { DataTable, STATE_DATE_SORT, useConsoleMutation, useLocalPage, type DataTableColumn, type StateDateSort } from '@suite/shared/console';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchApplications, modifyApplication } from '../../api/applications';
import { NS } from '../../i18n';
import { APPLICATION_ORDER, applicationStateBody, isActiveApplication } from '../common/application';

/**
 * The applications list (console spec §2 "Applications list", §4 "Application state"): every
 * application is read at once, so search, sort and pages are the table's (remembered for the
 * tab); the state switch asks first, re-sends the whole application and reloads; a row opens
 * the form, and so does the create button.
 */
export function ApplicationsList({ label }: { label: string }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const localized = useLocalize();
  const list = useLocalPage<ApplicationAdminRecord>({
    entity: 'applications',
    rememberAs: 'applications',
    fetchAll: fetchApplications,
    order: APPLICATION_ORDER,
    defaultSort: STATE_DATE_SORT.active,
  });

  const switchState = useConsoleMutation({
    run: ({ application, nextActive }: { application: ApplicationAdminRecord; nextActive: boolean }) =>
      modifyApplication(applicationStateBody(application, nextActive)),
    invalidates: ['applications'],
    success: () => APPLICATION_MESSAGES.updated,
    autoClose: true,
    showForbidden: true,
  });

  const columns = useMemo<DataTableColumn<ApplicationAdminRecord>[]>(() => {
    // from amount and unit in the page's language: the API's amountTimeComb is Spanish
    const tokenDuration = (row: ApplicationAdminRecord) => amountTimeComb(row.amountTime, row.timeUnit, localized);
    return [
      { key: 'name', header: t('columns.name') },
      { key: 'urlApp', header: t('columns.urlApp') },
      { key: 'amountTimeComb', header: t('columns.amountTimeComb'), render: tokenDuration, searchText: tokenDuration },
    ];
  }, [t, localized]);

  return (
    <Box>
      {list.error ? (
        <Alert.Root status="error" role="alert" mb="3">
          <Alert.Indicator />
          <Alert.Title>{list.error}</Alert.Title>
        </Alert.Root>
      ) : null}
      <DataTable<ApplicationAdminRecord, StateDateSort>
        label={label}
        columns={columns}
        rows={list.rows}
        rowKey={(application) => String(application.id)}
        rowLabel={(application) => application.name}
        query={list.query}
        onQueryChange={list.setQuery}
        sortOptions={list.sortOptions}
        loading={list.loading}
        loadingLabel={t('loadingList')}
        onRowClick={(application) => navigate(String(application.id))}
        onCreate={() => navigate('new')}
        createLabel={t('createApplication')}
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
